import { and, eq, not, sql } from 'drizzle-orm';
import { can } from '../../auth/policies';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { posts, reports } from '../../db/schema';
import { recordModeration } from '../moderation-log';
import { tellReporters } from '../notifications';
import { recordTransparency } from '../transparency';

/**
 * Soft delete (SPEC §4): the row stays, marked deleted, and leaves every list, count and search at
 * once because every read filters on it. When staff delete, the post's open report is resolved first
 * (SPEC §4) and, for someone else's post, the moderation log records it; the log never names the
 * author of an anonymous post. True when this call deleted it.
 */
export async function deletePost(
  db: Db,
  post: { id: string; userId: string | null; isAnonymous: boolean },
  actor: Viewer,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .update(posts)
      .set({ deleted: true })
      .where(and(eq(posts.id, post.id), not(posts.deleted)))
      .returning({ id: posts.id });
    if (deleted.length === 0) return false;
    if (can(actor, 'reports:manage')) {
      // A report never acted on before (resolved null) is acted on now: its wait is counted.
      const [firstAction] = await tx
        .select({ createdAt: reports.createdAt })
        .from(reports)
        .where(and(eq(reports.postId, post.id), sql`${reports.resolved} IS NULL`));
      await tx
        .update(reports)
        .set({ resolved: true, resolvedBy: actor.userId })
        .where(and(eq(reports.postId, post.id), sql`${reports.resolved} IS NOT TRUE`));
      if (firstAction) {
        await recordTransparency(tx, { kind: 'report_actioned', waitingSince: firstAction.createdAt });
      }
      if (actor.userId !== post.userId) {
        await recordTransparency(tx, { kind: 'post_removed' });
        // The author learns staff removed it, with the reason most reporters gave (if reported), never
        // who removed it; each reporter learns the post was removed (issue #28). A post with no author
        // (decision 019) tells nobody; the statement runs all the same, so it takes as long.
        await tx.execute(sql`
          insert into notifications (user_id, kind, post_id, detail)
          select user_id, 'post_removed', id, (
            select reason from report_reasons where post_id = ${post.id}::uuid
            group by reason order by count(*) desc, reason limit 1)
          from posts where id = ${post.id}::uuid and user_id is not null`);
        await tellReporters(tx, post.id, 'removed');
        await recordModeration(tx, {
          actorId: actor.userId,
          action: 'post_deleted',
          postId: post.id,
          targetUserId: post.userId ?? undefined,
          subjectHidden: post.isAnonymous,
        });
      }
    }
    return true;
  });
}
