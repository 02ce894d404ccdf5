// Staff's decisions on a held post (issue #47), each in one transaction with its log entry and the
// author's notification. Approving publishes the post under the held post's id, dated now (it goes out
// now); removing keeps it unpublished, with a statement of reasons for its author (the rule of the
// Terms, the facts; found automatically). The notification names no staff member, and the log never
// names the author of an anonymous post.
import { sql } from 'drizzle-orm';
import { termsRule } from '../../../shared/appeals';
import type { RowId } from '../../../shared/path-params';
import { type Db, queryRows } from '../../db/client';
import { type RemovalStatement, recordHeldRemoval, recordModeration } from '../moderation-log';
import { tellMentioned } from '../notifications';
import { createReply } from '../replies';
import { textMatchForm } from '../safety';
import { recordTransparency } from '../transparency';

interface Decided {
  id: string;
  user_id: string;
  is_anonymous: boolean;
  created_at: Date | string;
}

/** Marks a waiting held post decided; null when there is none of that id still waiting. */
async function decide(
  tx: Db,
  options: { id: RowId; staffId: string; outcome: 'approved' | 'removed' },
): Promise<Decided | null> {
  // removal_reason is left as it is: a removal's words are its statement (moderation_decisions).
  const [row] = await queryRows<Decided>(
    tx,
    sql`update held_posts set decided_at = now(), decided_by = ${options.staffId},
          outcome = ${options.outcome}
        where id = ${options.id}::uuid and decided_at is null
        returning id, user_id, is_anonymous, created_at`,
  );
  if (!row) return null;
  await recordTransparency(tx, {
    kind: 'held_decided',
    outcome: options.outcome,
    waitingSince: new Date(row.created_at),
  });
  return row;
}

/**
 * Puts a held post out under its own id, dated now (it goes out now), answering the askline it was
 * written for while that is still published; otherwise it answers nothing. Approval does it, and an
 * appeal that overturns a held post's removal.
 */
export async function publishHeld(tx: Db, id: string): Promise<void> {
  const [held] = await queryRows<{
    content: string;
    user_id: string;
    is_anonymous: boolean;
    parent_id: string | null;
    reply_to_id: string | null;
  }>(
    tx,
    sql`select content, user_id, is_anonymous, parent_id, reply_to_id from held_posts where id = ${id}::uuid`,
  );
  if (!held) return;
  if (held.parent_id) {
    // A held reply (issue #49) goes into its thread as any reply does (its label, the counts); the
    // reply it answered may be gone by now, and then it answers the post.
    await createReply(tx, {
      id,
      postId: held.parent_id,
      authorId: held.user_id,
      content: held.content,
      isAnonymous: held.is_anonymous,
      replyToId: await liveReplyTo(tx, held.reply_to_id),
    });
    return;
  }
  await tx.execute(sql`
    insert into posts (id, user_id, content, is_anonymous, askline_id, created_at, match_text)
    select h.id, h.user_id, h.content, h.is_anonymous,
      (select a.id from asklines a where a.id = h.askline_id and a.verified), now(),
      ${textMatchForm(held.content)}
    from held_posts h where h.id = ${id}::uuid`);
  // Published now, it mentions now (issue #49).
  await tellMentioned(tx, {
    id,
    content: held.content,
    writerId: held.user_id,
    anonymous: held.is_anonymous,
  });
}

/** The reply a held reply answered, if it is still there. */
async function liveReplyTo(tx: Db, replyToId: string | null): Promise<string | null> {
  if (!replyToId) return null;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from posts where id = ${replyToId}::uuid and not deleted`,
  );
  return row?.id ?? null;
}

/** Publishes a held post. Answers the author's id (for their live bell), or null when none waits. */
export async function approveHeld(db: Db, options: { id: RowId; staffId: string }): Promise<string | null> {
  return db.transaction(async (tx) => {
    const held = await decide(tx, { ...options, outcome: 'approved' });
    if (!held) return null;
    await publishHeld(tx, held.id);
    await recordModeration(tx, {
      actorId: options.staffId,
      action: 'held_approved',
      postId: held.id,
      targetUserId: held.user_id,
      subjectHidden: held.is_anonymous,
    });
    await tx.execute(sql`
      insert into notifications (user_id, kind, post_id, held_post_id)
      values (${held.user_id}, 'held_approved', ${held.id}::uuid, ${held.id}::uuid)`);
    return held.user_id;
  });
}

/** Removes a held post with a statement of reasons, told to its author. Answers as approveHeld. */
export async function removeHeld(
  db: Db,
  options: { id: RowId; staffId: string; statement: RemovalStatement },
): Promise<string | null> {
  const { staffId, statement } = options;
  return db.transaction(async (tx) => {
    const held = await decide(tx, { id: options.id, staffId, outcome: 'removed' });
    if (!held) return null;
    await recordModeration(tx, {
      actorId: staffId,
      action: 'held_removed',
      postId: held.id,
      targetUserId: held.user_id,
      subjectHidden: held.is_anonymous,
      detail: `${termsRule(statement.rule).label}: ${statement.facts}`,
    });
    await recordHeldRemoval(tx, { heldPostId: held.id, authorId: held.user_id, staffId, statement });
    return held.user_id;
  });
}
