// better-auth's endpoints under /api/auth: only those the app uses, each with its body checked by the
// app's own schema and its rate limit. better-auth exposes thirty endpoints; the rest (its own
// password sign-in, which would bypass the per-account limit of POST /api/session; update-user, which
// would take any name or picture address; change-email, delete-user, session lists, account linking,
// token endpoints) answer 404. A request the app does not make never reaches better-auth.

import { Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import {
  confirmEmailRequestSchema,
  mailLinkQuerySchema,
  passwordResetRequestSchema,
  resendConfirmationRequestSchema,
  resetPasswordRequestSchema,
  signOutRequestSchema,
  signUpRequestSchema,
  socialSignInRequestSchema,
} from '../../shared/auth';
import { campusOnlyMessage, isAllowedEmail } from '../../shared/campus-email';
import {
  type ConfirmationOutcome,
  confirmationHref,
  confirmEmailHref,
} from '../../shared/values/confirmation';
import { AppError } from '../app-error';
import type { AppEnv } from '../http/context';
import { describeRoute } from '../http/describe-route';
import { enforceLimit, type LimitName, RATE_LIMITS, rateLimit } from '../http/rate-limits';
import type { RateLimiter } from '../platform/rate-limit';
import type { Auth } from './auth';

interface AccountEndpoint {
  method: 'GET' | 'POST';
  /** Under /api/auth, as Hono matches it. */
  path: string;
  /** The JSON body it takes (POST); better-auth then reads only what this schema let through. */
  body?: z.core.$ZodType;
  /** The query it takes (GET): mail links back to the app. */
  query?: z.core.$ZodType;
  /**
   * Its limit per client address (http/rate-limits.ts). Password sign-in is POST /api/session,
   * limited per account too.
   */
  limit?: LimitName;
  /** What the app uses it for. */
  use: string;
  /** A limit per recipient too: the body's `email`, whoever sends it (mail links). */
  recipientLimit?: LimitName;
  /** The body may come as a plain form (a page's button that works before its script). */
  form?: true;
  /** The body's `email` must be at a campus domain when ALLOWED_EMAIL_DOMAINS is set (issue #47). */
  campusOnly?: true;
}

export const ACCOUNT_ENDPOINTS: AccountEndpoint[] = [
  {
    method: 'POST',
    path: '/sign-up/email',
    body: signUpRequestSchema,
    limit: 'signUp',
    campusOnly: true,
    use: 'the sign-up card',
  },
  {
    method: 'POST',
    path: '/request-password-reset',
    body: passwordResetRequestSchema,
    limit: 'passwordResetRequest',
    recipientLimit: 'passwordResetRequestPerAddress',
    use: 'the forgot-password form',
  },
  {
    method: 'POST',
    path: '/reset-password',
    body: resetPasswordRequestSchema,
    limit: 'passwordReset',
    use: 'the reset-password page',
  },
  {
    method: 'POST',
    path: '/sign-in/social',
    body: socialSignInRequestSchema,
    limit: 'socialSignIn',
    use: 'the Google button',
  },
  { method: 'POST', path: '/sign-out', body: signOutRequestSchema, use: 'Logout' },
  {
    method: 'POST',
    path: '/send-verification-email',
    body: resendConfirmationRequestSchema,
    limit: 'confirmationResend',
    recipientLimit: 'confirmationResendPerAddress',
    use: 'the sign-in card, after a confirmation link that expired or broke',
  },
  {
    method: 'GET',
    path: '/verify-email',
    query: mailLinkQuerySchema,
    limit: 'verifyEmailLink',
    use: 'the link of confirmation mails sent before the confirmation page: sent on to the page, changing nothing',
  },
  {
    method: 'POST',
    path: '/verify-email',
    body: confirmEmailRequestSchema,
    form: true,
    limit: 'verifyEmailLink',
    use: "the confirmation page's button: confirms the address and signs in (then /profile/setup)",
  },
  {
    method: 'GET',
    path: '/reset-password/:token',
    query: mailLinkQuerySchema,
    limit: 'resetPasswordLink',
    use: 'the reset mail link',
  },
  { method: 'GET', path: '/callback/:provider', use: "Google's return to the app" },
  { method: 'GET', path: '/error', use: 'the page better-auth shows when a Google sign-in fails' },
];

/** The per-address limits (requests per window) by full path, for tests and docs. */
export const AUTH_ROUTE_LIMITS: Record<string, number> = Object.fromEntries(
  ACCOUNT_ENDPOINTS.flatMap((endpoint) =>
    endpoint.limit ? [[`/api/auth${endpoint.path}`, RATE_LIMITS[endpoint.limit].limit]] : [],
  ),
);

/** The request better-auth gets: the checked body as JSON, nothing else of what was sent. */
function withJsonBody(request: Request, body: unknown): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

/** better-auth's words for a confirmation link that did not work (besides TOKEN_EXPIRED). */
const LINK_FAILURES = new Set(['INVALID_TOKEN', 'USER_NOT_FOUND', 'INVALID_USER']);

/** Whether a confirmation link's token is one of better-auth's change-of-address tokens. */
function changesAddress(request: Request): boolean {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && 'updateTo' in payload;
  } catch {
    return false;
  }
}

/**
 * Confirms the address a sign-up's token names, through better-auth's own check of it (a GET of its
 * endpoint, made here, never by a mail scanner: only the page's button posts here). A token of
 * better-auth's own change-of-address flow, which the app no longer uses (features/account/
 * email-change.ts), confirms nothing.
 */
async function confirmAddress(auth: Auth, raw: Request, token: string): Promise<Response> {
  const url = new URL('/api/auth/verify-email', raw.url);
  url.searchParams.set('token', token);
  url.searchParams.set('callbackURL', '/profile/setup');
  const headers = new Headers(raw.headers);
  for (const name of ['content-type', 'content-length', 'origin']) headers.delete(name);
  const request = new Request(url, { method: 'GET', headers });
  if (changesAddress(request)) return redirect(confirmationHref('invalid'));
  const response = tellConfirmation(request, await auth.handler(request));
  // A form's POST is answered with a page to GET: 303, whatever better-auth's 302 said.
  const location = response.headers.get('location');
  if (!location) return redirect(confirmationHref('invalid'));
  const answer = new Response(null, { status: 303, headers: response.headers });
  answer.headers.set('location', location);
  return answer;
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location } });
}

/**
 * better-auth sends every outcome of a confirmation link to the link's callback (profile setup).
 * One that signed the person in stays so. One that did not (the address was confirmed already: the
 * link opened again; or the link expired or is broken) would land on profile setup signed out and be
 * sent on to the sign-in card with nothing said: it goes to the card with `?confirmation=` saying
 * which (issue #30). A change of address (the token says so; a forged one fails better-auth's check
 * all the same) keeps its own callback, the account page.
 */
function tellConfirmation(request: Request, response: Response): Response {
  const location = response.headers.get('location');
  if (response.status !== 302 || !location || changesAddress(request)) return response;
  // better-auth's own codes only: the callback may carry an `error` of its own (a site path may have
  // a query), which says nothing about the link.
  const codes = new URL(location, request.url).searchParams.getAll('error');
  let outcome: ConfirmationOutcome | null = null;
  if (codes.includes('TOKEN_EXPIRED')) outcome = 'expired';
  else if (codes.some((code) => LINK_FAILURES.has(code))) outcome = 'invalid';
  else if (response.headers.getSetCookie().length === 0) outcome = 'already';
  if (!outcome) return response;
  const headers = new Headers(response.headers);
  headers.set('location', confirmationHref(outcome));
  return new Response(null, { status: 302, headers });
}

export function authRoutes(deps: { auth: Auth; rateLimiter: RateLimiter; allowedEmailDomains: string[] }) {
  const router = new Hono<AppEnv>();
  for (const endpoint of ACCOUNT_ENDPOINTS) {
    const limit: MiddlewareHandler<AppEnv> = endpoint.limit
      ? rateLimit(deps.rateLimiter, endpoint.limit, 'address')
      : (_c, next) => next();
    const route = describeRoute({
      summary: `better-auth: ${endpoint.use}`,
      tag: 'accounts',
      access: endpoint.limit ? 'anyone; limited per address' : 'anyone',
      body: endpoint.body,
      form: endpoint.form,
      query: endpoint.query,
      answer: endpoint.method === 'GET' || endpoint.form ? 'redirect' : 'application/json',
      ...(endpoint.form ? { status: 303 as const } : {}),
    });
    router.on(endpoint.method, endpoint.path, route.doc, limit, async (c) => {
      if (endpoint.path === '/verify-email') {
        // The mailed link opens the page whose button confirms; opening it changes nothing.
        if (endpoint.method === 'GET') {
          const { token } = route.query(c) as { token?: string };
          return c.redirect(confirmEmailHref(token ?? ''), 302);
        }
        const { token } = (await route.body(c)) as { token: string };
        return confirmAddress(deps.auth, c.req.raw, token);
      }
      if (endpoint.query) route.query(c);
      const body = endpoint.body ? await route.body(c) : undefined;
      if (endpoint.campusOnly) {
        // Refused whether or not the address has an account: the answer tells nothing of that.
        const { email } = body as { email: string };
        if (!isAllowedEmail(email, deps.allowedEmailDomains)) {
          throw new AppError('validation_failed', campusOnlyMessage(deps.allowedEmailDomains), 'email');
        }
      }
      if (endpoint.recipientLimit) {
        const { email } = body as { email: string };
        await enforceLimit(deps.rateLimiter, endpoint.recipientLimit, `email:${email.toLowerCase()}`);
      }
      const request = endpoint.body ? withJsonBody(c.req.raw, body) : c.req.raw;
      return deps.auth.handler(request);
    });
  }
  return router.all('*', () => {
    throw new AppError('not_found', 'There is no such account endpoint.');
  });
}
