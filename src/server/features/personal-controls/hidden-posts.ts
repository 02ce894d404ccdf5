// Hiding a post from one's own lists (issue #48): "Not for me" on any post of someone else's, and
// "Mute this author" on an anonymous one, which hides that post alone (decision 032, rule 2: muting an
// anonymous author as a person would let the muter group their posts, the first step to unmasking
// them). The answer is the same for every anonymous post, whoever wrote it.
import { and, desc, eq, not, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RowId } from '../../../shared/path-params';
import { CONTROL_MESSAGES, type HiddenPostAnswer, type HideReason } from '../../../shared/personal-controls';
import { POST_MESSAGES } from '../../../shared/posts';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { hiddenPosts, posts } from '../../db/schema';
import { violatedForeignKey } from '../../db/unique-violation';
import { findVisiblePost, type PostRow, postColumns, selectPostsWith } from '../posts';
import { shownInList } from './visibility';

const PAGE_SIZE = 20;
const cursorShape = z.tuple([cursorTime, z.uuid()]);

const notFound = () => new AppError('not_found', POST_MESSAGES.notFound);

/**
 * Hides a post for the viewer. 404 for a post they cannot see (none, deleted, or a named post of
 * someone they blocked or who blocked them); 400 for their own post, or "Mute this author" on a named
 * one (its author is muted as a person); 409 when already hidden.
 */
export async function hidePost(
  db: Db,
  options: { userId: string; postId: RowId; reason: HideReason },
): Promise<HiddenPostAnswer> {
  const { userId, postId, reason } = options;
  const post = await findVisiblePost(db, postId, userId);
  if (!post) throw notFound();
  if (post.userId === userId) throw new AppError('bad_request', CONTROL_MESSAGES.hideOwn, 'postId');
  if (reason === 'muted_author' && !post.isAnonymous) {
    throw new AppError('bad_request', CONTROL_MESSAGES.mutedAuthorNamed, 'reason');
  }
  let inserted: unknown[];
  try {
    inserted = await db
      .insert(hiddenPosts)
      .values({ userId, postId, reason })
      .onConflictDoNothing()
      .returning();
  } catch (error) {
    if (violatedForeignKey(error)) throw notFound();
    throw error;
  }
  if (inserted.length === 0) throw new AppError('conflict', CONTROL_MESSAGES.alreadyHidden, 'postId');
  return {
    postId: post.id,
    reason,
    message: reason === 'muted_author' ? CONTROL_MESSAGES.anonymousAuthorMuted : null,
  };
}

/** Shows a hidden post again (Undo); 404 when it was not hidden. */
export async function unhidePost(db: Db, options: { userId: string; postId: RowId }): Promise<void> {
  const removed = await db
    .delete(hiddenPosts)
    .where(and(eq(hiddenPosts.userId, options.userId), eq(hiddenPosts.postId, options.postId)))
    .returning();
  if (removed.length === 0) throw new AppError('not_found', CONTROL_MESSAGES.notHidden);
}

export type HiddenRow = PostRow & { hiddenReason: HideReason; hiddenAt: string };

/**
 * What the viewer hid, newest first, each post as any list shows it (live posts they may see: a post
 * deleted since, or one of someone who blocked them, is not listed).
 */
export async function listHiddenPosts(
  db: Db,
  options: { userId: string; cursor: string | undefined },
): Promise<{ rows: HiddenRow[]; nextCursor: string | null }> {
  const { userId } = options;
  let after: ReturnType<typeof sql> | undefined;
  if (options.cursor) {
    const [time, id] = decodeCursor(options.cursor, cursorShape);
    after = sql`(${hiddenPosts.createdAt}, ${hiddenPosts.postId}) < (${time}::timestamptz, ${id}::uuid)`;
  }
  const rows = await selectPostsWith(db, userId, {
    hiddenReason: sql<HideReason>`${hiddenPosts.reason}`.as('hidden_reason'),
    hiddenAt: sql<string>`${hiddenPosts.createdAt}::text`.as('hidden_at'),
  })
    .innerJoin(hiddenPosts, and(eq(hiddenPosts.postId, posts.id), eq(hiddenPosts.userId, userId)))
    .where(and(not(posts.deleted), shownInList('profile', userId, postColumns), after))
    .orderBy(desc(hiddenPosts.createdAt), desc(hiddenPosts.postId))
    .limit(PAGE_SIZE + 1);
  return takePage(rows, PAGE_SIZE, (last) => [last.hiddenAt, last.id]);
}
