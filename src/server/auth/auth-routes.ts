import { Hono } from 'hono';
import { SIGN_IN_MESSAGES } from '../../shared/auth';
import { AppError } from '../http/app-error';
import { clientAddress } from '../http/client-address';
import type { AppEnv } from '../http/context';
import type { RateLimiter } from '../platform/rate-limit';
import type { Auth } from './auth';

const MINUTE = 60_000;

/**
 * Limits per client address and minute on the routes that send mail or try passwords. Generous on
 * purpose: a campus network puts a whole hostel behind a few addresses. Guessing one account's
 * password is limited per identifier as well (features/session/routes.ts).
 */
export const AUTH_ROUTE_LIMITS: Record<string, number> = {
  '/api/auth/sign-up/email': 20,
  '/api/auth/sign-in/email': 30,
  '/api/auth/request-password-reset': 20,
  '/api/auth/reset-password': 30,
  '/api/auth/send-verification-email': 20,
  // Edit Profile changes passwords through /api/profiles (limited per account there); this is the
  // same endpoint reached directly.
  '/api/auth/change-password': 10,
};

/** better-auth's own endpoints under /api/auth, behind our rate limits. */
export function authRoutes(deps: { auth: Auth; rateLimiter: RateLimiter }) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      const limit = c.req.method === 'POST' ? AUTH_ROUTE_LIMITS[c.req.path] : undefined;
      if (limit && !(await deps.rateLimiter.hit(`${c.req.path}:${clientAddress(c)}`, limit, MINUTE))) {
        throw new AppError('rate_limited', SIGN_IN_MESSAGES.tooMany);
      }
      await next();
    })
    .on(['GET', 'POST'], '/*', (c) => deps.auth.handler(c.req.raw));
}
