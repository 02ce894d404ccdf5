// Counts and times every answer for the metrics (app-metrics.ts), labelled by the pattern of the route
// that answered (`/api/posts/:id`), never the address asked: an address carries ids and usernames, and
// would give a label per person and an unbounded number of series. What no route of the API answers
// (the web app's pages, addresses of nothing) shares one label, `other`; methods outside HTTP's usual
// few share `OTHER`. A request pays two map lookups and a clock read.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../../http/context';
import type { AppMetrics } from './app-metrics';

/** The route label of what no route of its own answered. */
export const OTHER_ROUTE = 'other';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function requestMetrics(metrics: AppMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const began = performance.now();
    await next();
    const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
    metrics.observeRequest(method, routeLabel(c), c.res.status, (performance.now() - began) / 1000);
  };
}

/**
 * The pattern of the route that answered; when a middleware answered first (a 401 before an admin
 * route), the pattern of the route it stood before; `other` when no method's route matched at all.
 */
export function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex];
  if (answered && answered.method !== 'ALL') return answered.path;
  return routes.find((route) => route.method !== 'ALL')?.path ?? OTHER_ROUTE;
}
