import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, profiles } from '../../db/schema';
import type { ProfileRow } from './present-profile';

// SPEC §2: the header counts named posts and their likes; anonymous and deleted posts never count,
// so the numbers cannot hint at who wrote an anonymous post. Both come from one pass over the
// author's live posts (posts_user_created_idx).
const stats = sql<{ posts: number; likes: number }>`(
  select json_build_object('posts', count(*)::int, 'likes', coalesce(sum(p.like_count), 0)::int)
  from posts p
  where p.user_id = profiles.user_id and not p.deleted and not p.is_anonymous
)`;

async function findOne(db: Db, where: ReturnType<typeof eq>): Promise<ProfileRow | null> {
  const [row] = await db
    .select({ ...getTableColumns(profiles), stats })
    .from(profiles)
    .where(where)
    .limit(1);
  if (!row) return null;
  const { stats: counted, ...profile } = row;
  return { ...profile, postCount: counted.posts, likeCount: counted.likes };
}

export function findProfileByUsername(db: Db, username: string): Promise<ProfileRow | null> {
  return findOne(db, eq(profiles.username, username.toLowerCase()));
}

export function findProfileOfUser(db: Db, userId: string): Promise<ProfileRow | null> {
  return findOne(db, eq(profiles.userId, userId));
}

/** The account behind a username, without the header counts: for lists keyed by a profile. */
export async function findUserIdByUsername(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.username, username.toLowerCase()))
    .limit(1);
  return row?.userId ?? null;
}

/** Accounts made with Google alone have no password to change. */
export async function userHasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return Boolean(row);
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.username, username))
    .limit(1);
  return Boolean(row);
}
