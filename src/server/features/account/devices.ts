// The devices signed in to an account (issue #27): its live sessions, named by browser, the one asking
// marked. Signing one out, or all but this one, deletes their rows and their cached copies in one
// step each (better-auth's adapter), and the viewer caches of every instance hear of it (migration
// 0010's triggers). Only the account's own sessions are ever named: another's id answers 404.
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Device } from '../../../shared/account';
import { ACCOUNT_MESSAGES } from '../../../shared/account';
import { AppError } from '../../app-error';
import type { EndSessionsByToken } from '../../auth/auth';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { browserName } from './browser-name';

export async function listDevices(db: Db, userId: string, currentToken: string | null): Promise<Device[]> {
  const rows = await db
    .select({
      id: sessions.id,
      token: sessions.token,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows
    .map((row) => ({
      id: row.id,
      browser: browserName(row.userAgent),
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      current: row.token === currentToken,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out one device of the account (not the one asking: that is the menu's Log Out). */
export async function signOutDevice(options: {
  db: Db;
  endSessions: EndSessionsByToken;
  userId: string;
  sessionId: string;
  currentToken: string | null;
}): Promise<number> {
  const [row] = await options.db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, options.sessionId), eq(sessions.userId, options.userId)));
  if (!row) throw new AppError('not_found', ACCOUNT_MESSAGES.deviceMissing);
  if (row.token === options.currentToken) throw new AppError('conflict', ACCOUNT_MESSAGES.currentDevice);
  await options.endSessions([row.token]);
  return 1;
}

/** Signs out every device of the account but the one asking; answers how many. */
export async function signOutOtherDevices(options: {
  db: Db;
  endSessions: EndSessionsByToken;
  userId: string;
  currentToken: string;
}): Promise<number> {
  const rows = await options.db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.userId, options.userId), ne(sessions.token, options.currentToken)));
  await options.endSessions(rows.map((row) => row.token));
  return rows.length;
}
