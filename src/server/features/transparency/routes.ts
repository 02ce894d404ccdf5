import { Hono } from 'hono';
import { transparencyReportSchema } from '../../../shared/transparency';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { readTransparencyReport } from './monthly-figures';

const report = describeRoute({
  summary: 'The transparency report: moderation figures by month, none under 5 given exactly',
  tag: 'moderation',
  access: 'anyone',
  answer: transparencyReportSchema,
});

/** How long an instance answers from the report it counted last; browsers and caches keep it as long. */
export const REPORT_FRESH_MS = 60_000;

/**
 * `count` done at most once a minute per instance, however many ask: concurrent requests share one
 * count, and a failed count is not kept (the next request tries again).
 */
export function keptForAMinute<T>(count: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let kept: { at: number; report: Promise<T> } | null = null;
  return () => {
    if (kept && now() - kept.at < REPORT_FRESH_MS) return kept.report;
    const entry = { at: now(), report: count() };
    kept = entry;
    entry.report.catch(() => {
      if (kept === entry) kept = null;
    });
    return entry.report;
  };
}

/** GET /api/transparency: open to all; it holds no personal data. */
export function transparencyRoutes(db: Db) {
  const read = keptForAMinute(() => readTransparencyReport(db));
  return new Hono<AppEnv>().get('/', report.doc, async (c) => {
    const answer = await read();
    c.header('Cache-Control', `public, max-age=${REPORT_FRESH_MS / 1000}`);
    return c.json(answer);
  });
}
