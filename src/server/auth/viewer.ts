// Who is asking: loaded once per API request from the session cookie, with the profile fields that
// decide what they may do. Routes read `c.get('viewer')` and ask policies.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getCookies, parseCookies } from 'better-auth/cookies';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { UserType } from '../../shared/roles';
import type { Db } from '../db/client';
import { profiles, sessions, users } from '../db/schema';
import type { AppEnv } from '../http/context';
import type { Auth } from './auth';
import { accountActive } from './suspension';

export interface Viewer {
  userId: string;
  email: string;
  profile: { username: string; userType: UserType } | null;
}

export function loadViewer(deps: { auth: Auth; db: Db }) {
  const readSession = sessionReader(deps.auth);
  return createMiddleware<AppEnv>(async (c, next) => {
    // Routers sharing a prefix may each ask for the viewer; the session is looked up once.
    if (c.get('viewer') !== undefined) return next();
    const token = readSession(c.req.raw.headers);
    c.set('viewer', token ? await findViewer(deps.db, token) : null);
    return next();
  });
}

/**
 * The session token of the request's session cookie, when its signature holds. better-auth writes the
 * cookie as `{token}.{base64 HMAC-SHA256 of the token}` under the name it derives from its options
 * (read from better-auth itself, so a secure-cookie prefix is never missed).
 */
export function sessionReader(auth: Auth): (headers: Headers) => string | null {
  const name = getCookies(auth.options).sessionToken.name;
  const secret = auth.options.secret;
  if (!secret) throw new Error('better-auth has no secret');
  return (headers) => {
    const header = headers.get('cookie');
    const value = header ? parseCookies(header).get(name) : undefined;
    if (!value) return null;
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  };
}

/**
 * The viewer of a live session, in one query: session, user and profile together. API requests read
 * the session row directly instead of through better-auth's getSession, which takes a query for the
 * session and another for the user (or Redis and then the database for the profile). The database is
 * the record of sessions in every mode (auth.ts: storeSessionInDatabase), and every way a session
 * ends (sign-out, password change, suspension, expiry) deletes its row or passes its expires_at.
 * A suspended account (either kind: suspension.ts) is a visitor, whatever sessions it has left.
 * better-auth's own endpoints, and GET /api/session, still go through better-auth.
 */
async function findViewer(db: Db, token: string): Promise<Viewer | null> {
  const [row] = await db
    .select({
      userId: sessions.userId,
      email: users.email,
      username: profiles.username,
      userType: profiles.userType,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, sessions.userId))
    // A session made while a suspension was being written could outlive it: the account is read too.
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`), accountActive))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.userId,
    email: row.email,
    profile: row.username && row.userType ? { username: row.username, userType: row.userType } : null,
  };
}
