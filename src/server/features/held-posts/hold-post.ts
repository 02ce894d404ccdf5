import type { HeldPostAnswer, SafetyReason } from '../../../shared/safety';
import { SAFETY_MESSAGES } from '../../../shared/safety';
import type { Db } from '../../db/client';
import { heldPosts } from '../../db/schema';
import { recordTransparency } from '../transparency';

/**
 * Keeps a post the text check held (issue #47): not published, so no feed, search, askline page,
 * count or notification can meet it; only its author (their profile) and staff (the Held tab) read it.
 * The caller has checked the askline, as for a post.
 */
export async function holdPost(options: {
  db: Db;
  authorId: string;
  content: string;
  isAnonymous: boolean;
  asklineId: string | null;
  reasons: SafetyReason[];
  /** A held reply (issue #49): its thread and the reply it answers. */
  reply?: { postId: string; replyToId: string | null };
}): Promise<HeldPostAnswer> {
  const [row] = await options.db.transaction(async (tx) => {
    const kept = await tx
      .insert(heldPosts)
      .values({
        userId: options.authorId,
        content: options.content,
        isAnonymous: options.isAnonymous,
        asklineId: options.asklineId,
        reasons: options.reasons,
        parentId: options.reply?.postId ?? null,
        replyToId: options.reply?.replyToId ?? null,
      })
      .returning();
    await recordTransparency(tx, { kind: 'post_held' });
    return kept;
  });
  if (!row) throw new Error('holdPost: no row returned');
  return {
    held: true,
    id: row.id,
    content: row.content,
    isAnonymous: row.isAnonymous,
    createdAt: row.createdAt.toISOString(),
    message: SAFETY_MESSAGES.held,
  };
}
