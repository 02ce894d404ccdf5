// Who is asking: loaded once per API request from the session cookie, with the profile fields that
// decide what they may do. Routes read `c.get('viewer')` and ask policies.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getCookies, parseCookies } from 'better-auth/cookies';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { UserType } from '../../shared/roles';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { profiles, sessions, users } from '../db/schema';
import type { AppEnv } from '../http/context';
import type { Auth } from './auth';
import { accountActive } from './suspension';
import type { ViewerCache } from './viewer-cache';

export interface Viewer {
  userId: string;
  email: string;
  profile: { username: string; userType: UserType } | null;
}

export interface ViewerDeps {
  auth: Auth;
  db: Db;
  /** Where sessions are looked up: the connections kept for sign-in and sessions (Database.authDb). */
  authDb: Db;
  /** Sessions' viewers kept between reads (viewer-cache.ts). */
  viewers: ViewerCache;
}

export function loadViewer(deps: ViewerDeps) {
  const { authDb, viewers } = deps;
  const cookies = sessionCookies(deps.auth);
  return createMiddleware<AppEnv>(async (c, next) => {
    // Routers sharing a prefix may each ask for the viewer; the session is looked up once.
    if (c.get('viewer') !== undefined) return next();
    const cookie = cookies.read(c.req.raw.headers);
    // Reads may use the kept viewer; a write always asks the database, so an account suspended an
    // instant ago cannot act even before every instance has heard of it. Viewers are kept by the
    // whole signed cookie, so a kept one was verified when it was kept: no signature to check again.
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
    const kept = cookie && reading ? viewers.read(cookie) : undefined;
    if (kept) {
      c.set('viewer', kept);
      return next();
    }
    const token = cookie ? cookies.verify(cookie) : null;
    if (!cookie || !token) {
      c.set('viewer', null);
      return next();
    }
    const mark = viewers.mark();
    const found = await findViewer(authDb, token);
    if (found) viewers.keep(cookie, found.viewer, found.expiresAt, mark);
    c.set('viewer', found?.viewer ?? null);
    return next();
  });
}

/**
 * better-auth's session cookie: `read` gives its value, `verify` the session token in it when its
 * signature holds. better-auth writes the cookie as `{token}.{base64 HMAC-SHA256 of the token}` under
 * the name it derives from its options (read from better-auth itself, so a secure-cookie prefix is
 * never missed).
 */
export function sessionCookies(auth: Auth) {
  const name = getCookies(auth.options).sessionToken.name;
  const secret = auth.options.secret;
  if (!secret) throw new Error('better-auth has no secret');
  return {
    read(headers: Headers): string | null {
      const header = headers.get('cookie');
      return (header ? parseCookies(header).get(name) : undefined) || null;
    },
    verify(value: string): string | null {
      const dot = value.lastIndexOf('.');
      if (dot < 1) return null;
      const token = value.slice(0, dot);
      const given = Buffer.from(value.slice(dot + 1), 'base64');
      const expected = createHmac('sha256', secret).update(token).digest();
      return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
    },
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
const viewerBySession = preparedStatement('viewer_by_session', (db, name) =>
  db
    .select({
      userId: sessions.userId,
      email: users.email,
      username: profiles.username,
      userType: profiles.userType,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, sessions.userId))
    // A session made while a suspension was being written could outlive it: the account is read too.
    .where(
      and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql`now()`), accountActive),
    )
    .limit(1)
    .prepare(name),
);

async function findViewer(db: Db, token: string): Promise<{ viewer: Viewer; expiresAt: Date } | null> {
  const [row] = await viewerBySession(db).execute({ token });
  if (!row) return null;
  return {
    expiresAt: row.expiresAt,
    viewer: {
      userId: row.userId,
      email: row.email,
      profile: row.username && row.userType ? { username: row.username, userType: row.userType } : null,
    },
  };
}
