import { and, eq, not, sql } from 'drizzle-orm';
import { termsRule } from '../../../shared/appeals';
import { can } from '../../auth/policies';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { posts, reports } from '../../db/schema';
import { type RemovalStatement, recordModeration, recordPostRemoval } from '../moderation-log';
import { tellReporters } from '../notifications';
import { countReply } from '../replies';
import { recordTransparency } from '../transparency';

/**
 * Marks the post deleted; false when it was not live. A reply (issue #49) leaves its thread's and its
 * branch's counts in the same transaction; it keeps its place in the thread ("Reply removed").
 */
async function markDeleted(tx: Db, postId: string): Promise<boolean> {
  const [deleted] = await tx
    .update(posts)
    .set({ deleted: true })
    .where(and(eq(posts.id, postId), not(posts.deleted)))
    .returning({ parentId: posts.parentId, branchId: posts.branchId });
  if (!deleted) return false;
  if (deleted.parentId) await countReply(tx, { parentId: deleted.parentId, branchId: deleted.branchId }, -1);
  return true;
}

/**
 * SPEC §4: staff deleting or removing a post resolve its open report first. A report never acted on
 * before (resolved null) is acted on now: its wait goes to the transparency figures.
 */
async function resolveOpenReport(tx: Db, postId: string, staffId: string): Promise<void> {
  const [firstAction] = await tx
    .select({ createdAt: reports.createdAt })
    .from(reports)
    .where(and(eq(reports.postId, postId), sql`${reports.resolved} IS NULL`));
  if (firstAction)
    await recordTransparency(tx, { kind: 'report_actioned', waitingSince: firstAction.createdAt });
  await tx
    .update(reports)
    // A staff action on the report's post: it acknowledges the report too (issue #47).
    .set({
      resolved: true,
      resolvedBy: staffId,
      acknowledgedAt: sql`coalesce(${reports.acknowledgedAt}, now())`,
    })
    .where(and(eq(reports.postId, postId), sql`${reports.resolved} IS NOT TRUE`));
}

/**
 * Soft delete of one's own post (SPEC §4): the row stays, marked deleted, and leaves every list, count
 * and search at once because every read filters on it. Staff deleting their own post resolve its open
 * report, as SPEC §4 says; it is not a removal, so there is no statement. True when this call deleted it.
 */
export async function deletePost(db: Db, post: { id: string }, actor: Viewer): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await markDeleted(tx, post.id))) return false;
    if (can(actor, 'reports:manage')) await resolveOpenReport(tx, post.id, actor.userId);
    return true;
  });
}

/**
 * Staff removing someone else's post (issue #47): deleted as above, its open report resolved, and its
 * author given a statement of reasons (the rule of the Terms, the facts, how it was found), never who
 * removed it or who reported it; each reporter learns the post was removed (issue #28); the moderation
 * log records it, never naming the author of an anonymous post. True when this call removed it.
 */
export async function removePost(
  db: Db,
  post: { id: string; userId: string | null; isAnonymous: boolean },
  staff: Viewer,
  statement: RemovalStatement,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await markDeleted(tx, post.id))) return false;
    await resolveOpenReport(tx, post.id, staff.userId);
    await recordTransparency(tx, { kind: 'post_removed' });
    await recordPostRemoval(tx, { postId: post.id, staffId: staff.userId, statement });
    await tellReporters(tx, post.id, 'removed');
    await recordModeration(tx, {
      actorId: staff.userId,
      action: 'post_deleted',
      postId: post.id,
      targetUserId: post.userId ?? undefined,
      subjectHidden: post.isAnonymous,
      detail: `${termsRule(statement.rule).label}: ${statement.facts}`,
    });
    return true;
  });
}
