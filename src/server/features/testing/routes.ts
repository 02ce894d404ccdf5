// Test-only routes, mounted under NODE_ENV=test and nowhere else (the authorization matrix checks that
// they are absent in development and production), answering callers on this machine only: make an
// account with a profile and a role, or a session for one, and answer with its session cookie. Tests
// then sign in by cookie, as a browser that signed in earlier would be, and go through the sign-in
// form only where sign-in is what they test (epic-stack's way). Sessions come from better-auth's own
// test helpers (its testUtils plugin), so they are real sessions, refused like any other for a
// suspended account.
import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { USER_TYPES } from '../../../shared/roles';
import { AppError } from '../../app-error';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { accounts, profiles, users } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { loopbackOnly } from '../../http/loopback-only';

const accountRequestSchema = z.strictObject({
  email: z.email().optional(),
  username: z.string().optional(),
  fullName: z.string().min(1).max(100).optional(),
  userType: z.enum(USER_TYPES).default('ordinary'),
  /** False: an account that still has to set up its profile. */
  profile: z.boolean().default(true),
  /** Only for tests that sign in through the form: hashing one costs a tenth of a second. */
  password: z.string().min(6).max(128).optional(),
});

const sessionRequestSchema = z.strictObject({ userId: z.string().min(1) });

export interface TestCookie {
  name: string;
  value: string;
}

interface TestHelpers {
  login(options: { userId: string }): Promise<{ cookies: TestCookie[] }>;
}

const account = describeRoute({
  summary: 'Tests only: make an account (with a profile and role) and a session for it',
  tag: 'testing',
  access: 'this machine (loopback), NODE_ENV=test only',
  body: accountRequestSchema,
  status: 201,
});
const session = describeRoute({
  summary: 'Tests only: a new session for an account',
  tag: 'testing',
  access: 'this machine (loopback), NODE_ENV=test only',
  body: sessionRequestSchema,
  status: 201,
});

/** A session for the account, as the cookie a browser would hold after signing in. */
async function sessionCookie(auth: Auth, userId: string): Promise<TestCookie> {
  // The helpers exist when createAuth was given `testing` (app.ts does so only under NODE_ENV=test).
  const context = (await auth.$context) as unknown as { test?: TestHelpers };
  if (!context.test) throw new Error('better-auth was built without its test helpers');
  let cookies: TestCookie[];
  try {
    ({ cookies } = await context.test.login({ userId }));
  } catch (error) {
    // The session hook refuses a suspended account (auth.ts), as it does every sign-in.
    if (error instanceof APIError && error.body?.code === 'ACCOUNT_SUSPENDED') {
      throw new AppError('forbidden', error.body.message ?? 'This account has been suspended.');
    }
    throw error;
  }
  const [cookie] = cookies;
  if (!cookie) throw new Error('better-auth made no session cookie');
  return { name: cookie.name, value: cookie.value };
}

const hashes = new Map<string, Promise<string>>();
const unique = () => randomBytes(5).toString('hex');

export function testingRoutes({ db, auth }: { db: Db; auth: Auth }) {
  return new Hono<AppEnv>()
    .use(loopbackOnly('The test routes answer only on the machine the server runs on.'))
    .post('/accounts', account.doc, async (c) => {
      const body = await account.body(c);
      const userId = `user_${unique()}`;
      const email = (body.email ?? `${userId}@example.com`).toLowerCase();
      const username = body.profile ? (body.username ?? `user_${unique()}`).toLowerCase() : null;
      const fullName = body.fullName ?? 'Test User';
      await db.transaction(async (tx) => {
        await tx.insert(users).values({ id: userId, name: fullName, email, emailVerified: true });
        if (body.password) {
          let hash = hashes.get(body.password);
          if (!hash) {
            hash = hashPassword(body.password);
            hashes.set(body.password, hash);
          }
          await tx.insert(accounts).values({
            id: `acc_${unique()}`,
            accountId: userId,
            providerId: 'credential',
            userId,
            password: await hash,
          });
        }
        if (username) {
          await tx
            .insert(profiles)
            .values({ userId, username, email, fullName, graduationYear: 2026, userType: body.userType });
        }
      });
      return c.json({ userId, email, username, cookie: await sessionCookie(auth, userId) }, 201);
    })
    .post('/sessions', session.doc, async (c) => {
      const { userId } = await session.body(c);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('not_found', 'No such account.');
      return c.json({ cookie: await sessionCookie(auth, userId) }, 201);
    });
}
