import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { Logger } from 'pino';
import type { AppEnv } from './context';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives each request an id (a well-formed X-Request-Id from a proxy is kept, so logs join up across
 * hops), a child logger carrying it, and one log line when the response is done.
 */
export function requestLogging(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    // On the answer's own headers, not c.header(): after the answer is made, c.header() has Hono
    // rebuild it from its body stream, which costs more than the rest of this middleware (issue #25).
    c.res.headers.set('X-Request-Id', requestId);
    const status = c.res.status;
    // A 503 is a service that cannot serve now (logged once per outage: dependency-health.ts), not an
    // error of ours: a warning, so an alert on error lines means our bugs.
    const level = status >= 500 && status !== 503 ? 'error' : status >= 400 ? 'warn' : 'info';
    log[level](
      { method: c.req.method, path: c.req.path, status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
}
