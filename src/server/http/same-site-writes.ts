// Cross-site request forgery, refused twice over. Session cookies are SameSite=Lax, so a browser does
// not send them with another site's POST; and here, a request that changes something (any method but
// GET, HEAD and OPTIONS) whose Origin header names another site is refused before it reaches a route.
// Browsers always send Origin with such requests; programs that send none (curl, the admin CLI, load
// tests) are not browsers carrying someone's cookie. better-auth checks its own endpoints the same way
// against the same list of origins.
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../app-error';
import type { AppEnv } from './context';

export const CROSS_SITE_MESSAGE = 'Requests from other sites are not allowed.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameSiteWrites(trustedOrigins: string[]): MiddlewareHandler<AppEnv> {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!SAFE_METHODS.has(c.req.method) && origin !== undefined && !trusted.has(origin)) {
      throw new AppError('forbidden', CROSS_SITE_MESSAGE);
    }
    await next();
  };
}
