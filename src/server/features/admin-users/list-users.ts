import { and, asc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import type { AdminUsersPage } from '../../../shared/admin-users';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { accountColumns, presentAccount } from './find-account';

const PAGE_SIZE = 20;

/** `%` and `_` typed by a person mean themselves, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Accounts ordered by username, optionally matching a text, in keyset pages. */
export async function listUsers(options: {
  db: Db;
  query?: string;
  after?: string;
  viewerUserId: string;
}): Promise<AdminUsersPage> {
  const filters: SQL[] = [];
  if (options.query) {
    const pattern = `%${escapeLike(options.query)}%`;
    const match = or(ilike(profiles.username, pattern), ilike(profiles.fullName, pattern));
    if (match) filters.push(match);
  }
  if (options.after) filters.push(gt(profiles.username, options.after));
  const rows = await options.db
    .select(accountColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(...filters))
    .orderBy(asc(profiles.username))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  return {
    users: page.map((row) => presentAccount(row, options.viewerUserId)),
    nextCursor: rows.length > PAGE_SIZE ? (page.at(-1)?.username ?? null) : null,
  };
}
