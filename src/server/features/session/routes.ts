import { Hono } from 'hono';
import { signInRequestSchema } from '../../../shared/auth';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { enforceLimit } from '../../http/rate-limits';
import { readJson } from '../../http/validate';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { getSession, presentSession } from './get-session';
import { signIn } from './sign-in';

/** GET /api/session: who is signed in. POST /api/session: sign in by email or username. */
export function sessionRoutes(deps: {
  auth: Auth;
  db: Db;
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
}) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      return c.json(await getSession({ ...deps, headers: c.req.raw.headers }));
    })
    .post('/', async (c) => {
      const body = await readJson(c, signInRequestSchema);
      // Per address here; per account in signIn, once the identifier is known to name one.
      await enforceLimit(deps.rateLimiter, 'signInAddress', `ip:${clientAddress(c)}`);

      const { user, setCookies } = await signIn({ ...deps, ...body, headers: c.req.raw.headers });
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json(await presentSession(deps.db, deps.storage, user));
    });
}
