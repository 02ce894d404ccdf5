// A staff member decides an appeal (issue #47), in one transaction with its log entry and the author's
// notification: upheld, the post stays removed; overturned, it is back (a removed post undeleted, a
// removed held post published as an approval does). Never by the one who made the decision, nor by
// the post's author. The notification names no staff member, and the log never names the author of
// an anonymous post.
import { sql } from 'drizzle-orm';
import { APPEAL_MESSAGES, type AppealOutcome } from '../../../shared/appeals';
import type { RowId } from '../../../shared/path-params';
import { AppError } from '../../app-error';
import { canDecideAppeal } from '../../auth/policies';
import type { Viewer } from '../../auth/viewer';
import { type Db, queryRows } from '../../db/client';
import { publishHeld } from '../held-posts';
import { recordModeration } from '../moderation-log';
import { countReply } from '../replies';
import { recordTransparency } from '../transparency';

interface Locked {
  created_at: Date | string;
  decided_at: Date | string | null;
  decision_id: string;
  kind: 'post_removed' | 'held_removed';
  post_id: string | null;
  held_post_id: string | null;
  author_id: string;
  decided_by: string | null;
  is_anonymous: boolean;
}

/** Decides the appeal; answers the author's id (for their live bell). */
export async function decideAppeal(
  db: Db,
  options: { id: RowId; staff: Viewer; outcome: AppealOutcome },
): Promise<string> {
  const { id, staff, outcome } = options;
  return db.transaction(async (tx) => {
    // Locked, so two staff deciding at once decide it once.
    const [appeal] = await queryRows<Locked>(
      tx,
      sql`select ap.created_at, ap.decided_at, d.id as decision_id, d.kind, d.post_id, d.held_post_id, d.author_id,
            d.decided_by, coalesce(p.is_anonymous, h.is_anonymous) as is_anonymous
          from appeals ap
          join moderation_decisions d on d.id = ap.decision_id
          left join posts p on p.id = d.post_id
          left join held_posts h on h.id = d.held_post_id
          where ap.id = ${id}::uuid
          for update of ap`,
    );
    if (!appeal) throw new AppError('not_found', APPEAL_MESSAGES.appealGone);
    if (!canDecideAppeal(staff, { decidedBy: appeal.decided_by, own: appeal.author_id === staff.userId })) {
      throw new AppError('forbidden', APPEAL_MESSAGES.ownDecision);
    }
    if (appeal.decided_at !== null) throw new AppError('conflict', APPEAL_MESSAGES.decidedAlready);
    await tx.execute(sql`
      update appeals set decided_at = now(), decided_by = ${staff.userId}, outcome = ${outcome}
      where id = ${id}::uuid`);
    await recordTransparency(tx, {
      kind: 'appeal_decided',
      outcome,
      waitingSince: new Date(appeal.created_at),
    });
    if (outcome === 'overturned') {
      if (appeal.kind === 'post_removed') {
        const [restored] = await queryRows<{ parent_id: string | null; branch_id: string | null }>(
          tx,
          sql`update posts set deleted = false where id = ${appeal.post_id}::uuid and deleted
            returning parent_id, branch_id`,
        );
        // A reply back in its thread counts there again (issue #49).
        if (restored?.parent_id)
          await countReply(tx, { parentId: restored.parent_id, branchId: restored.branch_id }, 1);
      } else if (appeal.held_post_id) {
        await publishHeld(tx, appeal.held_post_id);
      }
    }
    const postId = appeal.post_id ?? appeal.held_post_id ?? undefined;
    await recordModeration(tx, {
      actorId: staff.userId,
      action: outcome === 'overturned' ? 'appeal_overturned' : 'appeal_upheld',
      postId,
      targetUserId: appeal.author_id,
      subjectHidden: appeal.is_anonymous,
    });
    await tx.execute(sql`
      insert into notifications (user_id, kind, post_id, held_post_id, decision_id, detail)
      values (${appeal.author_id}, 'appeal_decided', ${appeal.post_id}::uuid, ${appeal.held_post_id}::uuid,
        ${appeal.decision_id}::uuid, ${outcome})`);
    return appeal.author_id;
  });
}
