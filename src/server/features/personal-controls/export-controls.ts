// An account's personal controls in its data export (issue #48, "Download your data"): whom it blocked
// and muted (by username), the posts it hid (by address) and its muted words. Only rows the account
// made: never who blocked or muted it.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, hiddenPosts, mutedWords, mutes, profiles } from '../../db/schema';

/** Blocks, mutes and muted words: each capped (CONTROL_LIMITS), so read whole. */
export async function controlsForExport(db: Db, userId: string) {
  const [blocked, muted, words] = await Promise.all([
    db
      .select({ username: profiles.username, since: blocks.createdAt })
      .from(blocks)
      .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
      .where(eq(blocks.blockerId, userId))
      .orderBy(asc(blocks.createdAt), asc(blocks.blockedId)),
    db
      .select({ username: profiles.username, since: mutes.createdAt })
      .from(mutes)
      .leftJoin(profiles, eq(profiles.userId, mutes.mutedId))
      .where(eq(mutes.muterId, userId))
      .orderBy(asc(mutes.createdAt), asc(mutes.mutedId)),
    db
      .select({ phrase: mutedWords.phrase, expiresAt: mutedWords.expiresAt, createdAt: mutedWords.createdAt })
      .from(mutedWords)
      .where(eq(mutedWords.userId, userId))
      .orderBy(asc(mutedWords.createdAt), asc(mutedWords.id)),
  ]);
  const person = (row: { username: string | null; since: Date }) => ({
    username: row.username,
    since: row.since.toISOString(),
  });
  return {
    blocked: blocked.map(person),
    muted: muted.map(person),
    mutedWords: words.map((row) => ({
      phrase: row.phrase,
      until: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** A page of the posts it hid, in the order of their key (user, post): not capped, so paged. */
export function hiddenPostsPage(db: Db, userId: string, after: { id: string } | null, size = 1_000) {
  return db
    .select({ postId: hiddenPosts.postId, reason: hiddenPosts.reason, createdAt: hiddenPosts.createdAt })
    .from(hiddenPosts)
    .where(and(eq(hiddenPosts.userId, userId), after ? gt(hiddenPosts.postId, after.id) : undefined))
    .orderBy(asc(hiddenPosts.postId))
    .limit(size);
}
