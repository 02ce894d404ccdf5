import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { handleNotFound } from '../../http/error-handling';
import type { AppMetrics } from './app-metrics';

const metricsRoute = describeRoute({
  summary:
    "The operator's metrics in the Prometheus text format: on only with METRICS_TOKEN, for `Authorization: Bearer` it (401 otherwise; 404 while off)",
  tag: 'operations',
  access: 'the holder of METRICS_TOKEN',
  answer: 'text/plain',
});

/**
 * GET /metrics, for the campus's Prometheus (docs/operations.md, "Watching it"). Off without a token:
 * answered as an address of nothing. With one, a caller without it is told so (401), so a scrape set
 * up wrong says why; the token is compared in constant time (both sides hashed to one length first).
 * A session is no key here: metrics are for a machine, not a member, however staff they are.
 */
export function metricsRoutes(token: string | null, metrics: AppMetrics | null) {
  const expected = token ? digest(token) : null;
  return new Hono<AppEnv>().get('/', metricsRoute.doc, async (c) => {
    if (!expected || !metrics) return handleNotFound(c);
    const presented = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      return c.text('A bearer token is needed: the METRICS_TOKEN setting.', 401, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
        'Cache-Control': 'no-store',
      });
    }
    const { contentType, text } = await metrics.scrape();
    return c.body(text, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
