// better-auth's endpoints under /api/auth: only those the app uses, each with its body checked by the
// app's own schema and its rate limit. better-auth exposes thirty endpoints; the rest (its own
// password sign-in, which would bypass the per-account limit of POST /api/session; update-user, which
// would take any name or picture address; change-email, delete-user, session lists, account linking,
// token endpoints) answer 404. A request the app does not make never reaches better-auth.

import { Hono } from 'hono';
import type { z } from 'zod';
import {
  mailLinkQuerySchema,
  passwordResetRequestSchema,
  resetPasswordRequestSchema,
  SIGN_IN_MESSAGES,
  signOutRequestSchema,
  signUpRequestSchema,
  socialSignInRequestSchema,
} from '../../shared/auth';
import { AppError } from '../http/app-error';
import { clientAddress } from '../http/client-address';
import type { AppEnv } from '../http/context';
import { readJson, readQuery } from '../http/validate';
import type { RateLimiter } from '../platform/rate-limit';
import type { Auth } from './auth';

const MINUTE = 60_000;

interface AccountEndpoint {
  method: 'GET' | 'POST';
  /** Under /api/auth, as Hono matches it. */
  path: string;
  /** The JSON body it takes (POST); better-auth then reads only what this schema let through. */
  body?: z.core.$ZodType;
  /** The query it takes (GET): mail links back to the app. */
  query?: z.core.$ZodType;
  /**
   * Requests per client address and minute. Generous on purpose: a campus network puts a whole
   * hostel behind a few addresses. Password sign-in is POST /api/session, limited per account too.
   */
  perAddressPerMinute?: number;
  /** What the app uses it for. */
  use: string;
}

export const ACCOUNT_ENDPOINTS: AccountEndpoint[] = [
  {
    method: 'POST',
    path: '/sign-up/email',
    body: signUpRequestSchema,
    perAddressPerMinute: 20,
    use: 'the sign-up card',
  },
  {
    method: 'POST',
    path: '/request-password-reset',
    body: passwordResetRequestSchema,
    perAddressPerMinute: 20,
    use: 'the forgot-password form',
  },
  {
    method: 'POST',
    path: '/reset-password',
    body: resetPasswordRequestSchema,
    perAddressPerMinute: 30,
    use: 'the reset-password page',
  },
  {
    method: 'POST',
    path: '/sign-in/social',
    body: socialSignInRequestSchema,
    perAddressPerMinute: 30,
    use: 'the Google button',
  },
  { method: 'POST', path: '/sign-out', body: signOutRequestSchema, use: 'Logout' },
  {
    method: 'GET',
    path: '/verify-email',
    query: mailLinkQuerySchema,
    perAddressPerMinute: 30,
    use: 'the confirmation mail link',
  },
  {
    method: 'GET',
    path: '/reset-password/:token',
    query: mailLinkQuerySchema,
    perAddressPerMinute: 30,
    use: 'the reset mail link',
  },
  { method: 'GET', path: '/callback/:provider', use: "Google's return to the app" },
  { method: 'GET', path: '/error', use: 'the page better-auth shows when a Google sign-in fails' },
];

/** The per-address limits by full path, for tests and docs. */
export const AUTH_ROUTE_LIMITS: Record<string, number> = Object.fromEntries(
  ACCOUNT_ENDPOINTS.flatMap((endpoint) =>
    endpoint.perAddressPerMinute ? [[`/api/auth${endpoint.path}`, endpoint.perAddressPerMinute]] : [],
  ),
);

/** The request better-auth gets: the checked body as JSON, nothing else of what was sent. */
function withJsonBody(request: Request, body: unknown): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

export function authRoutes(deps: { auth: Auth; rateLimiter: RateLimiter }) {
  const router = new Hono<AppEnv>();
  for (const endpoint of ACCOUNT_ENDPOINTS) {
    router.on(endpoint.method, endpoint.path, async (c) => {
      const limit = endpoint.perAddressPerMinute;
      const key = `/api/auth${endpoint.path}:${clientAddress(c)}`;
      if (limit && !(await deps.rateLimiter.hit(key, limit, MINUTE))) {
        throw new AppError('rate_limited', SIGN_IN_MESSAGES.tooMany);
      }
      if (endpoint.query) readQuery(c, endpoint.query);
      const request = endpoint.body ? withJsonBody(c.req.raw, await readJson(c, endpoint.body)) : c.req.raw;
      return deps.auth.handler(request);
    });
  }
  return router.all('*', () => {
    throw new AppError('not_found', 'There is no such account endpoint.');
  });
}
