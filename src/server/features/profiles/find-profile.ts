import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { accounts, profiles } from '../../db/schema';
import { blockedByViewer, mutedByViewer, profileShown } from '../personal-controls';
import type { ProfileRow } from './present-profile';

// SPEC §2: the header counts named posts and their likes; anonymous and deleted posts never count,
// so the numbers cannot hint at who wrote an anonymous post. Replies are not posts here (issue #49).
// Both come from one pass over the author's live posts (posts_user_top_created_idx).
const stats = sql<{ posts: number; likes: number }>`(
  select json_build_object('posts', count(*)::int, 'likes', coalesce(sum(p.like_count), 0)::int)
  from posts p
  where p.user_id = profiles.user_id and p.parent_id is null and not p.deleted and not p.is_anonymous
)`;

const viewerId = sql.placeholder('viewerId');

/**
 * A profile with its header counts, by username or by account, and the viewer's blocks and mutes of
 * it (issue #48): prepared once (db/prepared.ts). The counts are the same whoever asks (decision
 * 032, rule 3).
 */
function profileBy(name: string, column: typeof profiles.username | typeof profiles.userId) {
  return preparedStatement(name, (db, statement) =>
    db
      .select({
        ...getTableColumns(profiles),
        stats,
        blocksViewer: sql<boolean>`not ${profileShown(viewerId, profiles.userId)}`.as('blocks_viewer'),
        blockedByViewer: blockedByViewer(viewerId, profiles.userId).as('blocked_by_viewer'),
        mutedByViewer: mutedByViewer(viewerId, profiles.userId).as('muted_by_viewer'),
      })
      .from(profiles)
      .where(eq(column, sql.placeholder('key')))
      .limit(1)
      .prepare(statement),
  );
}
const profileByUsername = profileBy('profile_by_username', profiles.username);
const profileOfUser = profileBy('profile_of_user', profiles.userId);

async function findOne(
  statement: ReturnType<typeof profileByUsername>,
  key: string,
  viewerId: string | null,
): Promise<ProfileRow | null> {
  const [row] = await statement.execute({ key, viewerId });
  if (!row) return null;
  const { stats: counted, blocksViewer, blockedByViewer, mutedByViewer, ...profile } = row;
  return {
    ...profile,
    postCount: counted.posts,
    likeCount: counted.likes,
    viewerControls: { blocksViewer, blockedByViewer, mutedByViewer },
  };
}

/** A profile by username; `viewerId`: whose blocks and mutes of it to read (none: nobody's). */
export function findProfileByUsername(
  db: Db,
  username: string,
  viewerId: string | null = null,
): Promise<ProfileRow | null> {
  return findOne(profileByUsername(db), username.toLowerCase(), viewerId);
}

export function findProfileOfUser(db: Db, userId: string): Promise<ProfileRow | null> {
  return findOne(profileOfUser(db), userId, null);
}

const userIdByUsername = preparedStatement('user_id_by_username', (db, name) =>
  db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.username, sql.placeholder('username')), profileShown(viewerId, profiles.userId)))
    .limit(1)
    .prepare(name),
);

/**
 * The account behind a username, without the header counts: for lists keyed by a profile. Null also
 * when its owner blocked the viewer (issue #48): to them it reads as missing.
 */
export async function findUserIdByUsername(
  db: Db,
  username: string,
  viewerId: string | null = null,
): Promise<string | null> {
  const [row] = await userIdByUsername(db).execute({ username: username.toLowerCase(), viewerId });
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

/**
 * A deleted account's username is held this long before anyone else may take it (issue #43): shared
 * links, embeds and share images name it, and must not lead to a newcomer who took it the next minute.
 */
export const RELEASED_USERNAME_HOLD_DAYS = 90;

/** Taken by a profile, or held after its account was deleted. */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    db,
    sql`select exists (select 1 from profiles where username = ${username})
      or exists (
        select 1 from released_usernames where username = ${username}
          and released_at > now() - ${RELEASED_USERNAME_HOLD_DAYS} * interval '1 day'
      ) as taken`,
  );
  return Boolean(row?.taken);
}
