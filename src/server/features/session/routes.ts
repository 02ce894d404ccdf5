import { Hono } from 'hono';
import { sessionResponseSchema, signInRequestSchema } from '../../../shared/auth';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { enforceLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { getSession, presentSession } from './get-session';
import { signIn } from './sign-in';

const current = describeRoute({
  summary: 'Who is signed in: the account, its profile and what it may use',
  tag: 'session',
  access: 'anyone',
  answer: sessionResponseSchema,
});
const signInRoute = describeRoute({
  summary: 'Sign in by email or username and password (sets the session cookie)',
  tag: 'session',
  access: 'anyone; limited per address and per account',
  body: signInRequestSchema,
  answer: sessionResponseSchema,
});

/** GET /api/session: who is signed in. POST /api/session: sign in by email or username. */
export function sessionRoutes(deps: {
  auth: Auth;
  db: Db;
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
}) {
  return new Hono<AppEnv>()
    .get('/', current.doc, async (c) => {
      return c.json(await getSession({ ...deps, headers: c.req.raw.headers }));
    })
    .post('/', signInRoute.doc, async (c) => {
      const body = await signInRoute.body(c);
      // Per address here; per account in signIn, once the identifier is known to name one.
      await enforceLimit(deps.rateLimiter, 'signInAddress', `ip:${clientAddress(c)}`);

      const { user, setCookies } = await signIn({ ...deps, ...body, headers: c.req.raw.headers });
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json(await presentSession(deps.db, deps.storage, user));
    });
}
