import { and, eq, sql } from 'drizzle-orm';
import type { RowId } from '../../../shared/path-params';
import type { Db } from '../../db/client';
import { posts, reports } from '../../db/schema';
import { recordModeration } from '../moderation-log';
import { tellReporters } from '../notifications';
import { recordTransparency } from '../transparency';

/**
 * Resolve (resolved_by = the staff member) or reopen (resolved false, resolved_by cleared) a report on a
 * live post, with its log entry (SPEC §4). Either acknowledges it (issue #47's clocks). Answers false
 * for an unknown report or a deleted post.
 */
export async function setResolution(
  db: Db,
  options: { reportId: RowId; resolved: boolean; staffId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Never acted on before (null): this is staff's first action on it, for the report's clock.
    const [before] = await tx
      .select({ resolved: reports.resolved, createdAt: reports.createdAt })
      .from(reports)
      .where(eq(reports.id, options.reportId))
      .for('update');
    const [changed] = await tx
      .update(reports)
      .set({
        resolved: options.resolved,
        resolvedBy: options.resolved ? options.staffId : null,
        // A staff action acknowledges the report; reopening a resolved one starts its clocks again
        // (report-clocks.ts), acknowledged by that same action.
        openedAt: options.resolved
          ? sql`${reports.openedAt}`
          : sql`case when ${reports.resolved} then now() else ${reports.openedAt} end`,
        acknowledgedAt: sql`case when ${reports.resolved} then now() else coalesce(${reports.acknowledgedAt}, now()) end`,
      })
      .where(
        and(
          eq(reports.id, options.reportId),
          sql`exists (select 1 from ${posts} where ${posts.id} = ${reports.postId} and not ${posts.deleted})`,
        ),
      )
      .returning({ postId: reports.postId });
    if (!changed) return false;
    if (options.resolved && before && before.resolved === null) {
      await recordTransparency(tx, { kind: 'report_actioned', waitingSince: before.createdAt });
    }
    await recordModeration(tx, {
      actorId: options.staffId,
      action: options.resolved ? 'report_resolved' : 'report_unresolved',
      postId: changed.postId,
    });
    // Everyone who reported it learns it was looked at (issue #28), never by whom.
    if (options.resolved) await tellReporters(tx, changed.postId, 'resolved');
    return true;
  });
}
