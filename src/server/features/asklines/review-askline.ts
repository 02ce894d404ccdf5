import { and, asc, eq, isNull, not, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AsklineDecision } from '../../../shared/asklines';
import { ASKLINES_PAGE_SIZE } from '../../../shared/limits';
import type { RowId } from '../../../shared/path-params';
import type { Db } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { asklines } from '../../db/schema';
import { recordModeration } from '../moderation-log';
import { type AsklineRow, selectAsklines } from './select-asklines';

const PENDING_PAGE_SIZE = ASKLINES_PAGE_SIZE * 2;
const cursorShape = z.tuple([cursorTime, z.uuid()]);

/** The staff queue: asklines no one has decided on yet, oldest first (asklines_pending_idx). */
export async function listPendingAsklines(
  db: Db,
  cursor: string | undefined,
): Promise<{ rows: AsklineRow[]; nextCursor: string | null }> {
  let after: ReturnType<typeof sql> | undefined;
  if (cursor) {
    const [time, id] = decodeCursor(cursor, cursorShape);
    after = sql`(${asklines.createdAt}, ${asklines.id}) > (${time}::timestamptz, ${id}::uuid)`;
  }
  const rows = await selectAsklines(db)
    .where(and(not(asklines.verified), isNull(asklines.reviewedAt), after))
    .orderBy(asc(asklines.createdAt), asc(asklines.id))
    .limit(PENDING_PAGE_SIZE + 1);
  return takePage(rows, PENDING_PAGE_SIZE, (last) => [last.createdAtExact, last.id]);
}

/**
 * Verify (publish) or reject an askline, recording who decided and when. A decision can be changed
 * later (a verified askline withdrawn, a rejected one published). Answers false for an unknown id.
 */
export async function reviewAskline(
  db: Db,
  options: { id: RowId; decision: AsklineDecision; reviewerId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(asklines)
      .set({
        verified: options.decision === 'verify',
        reviewedBy: options.reviewerId,
        reviewedAt: sql`now()`,
      })
      .where(eq(asklines.id, options.id))
      .returning({ id: asklines.id });
    if (updated.length === 0) return false;
    await recordModeration(tx, {
      actorId: options.reviewerId,
      action: options.decision === 'verify' ? 'askline_verified' : 'askline_rejected',
      asklineId: options.id,
    });
    // Its creator is told the decision (issue #28), never who made it.
    await tx.execute(sql`
      insert into notifications (user_id, kind, askline_id)
      select created_by, ${options.decision === 'verify' ? 'askline_verified' : 'askline_rejected'}, id
      from asklines where id = ${options.id}::uuid and created_by is not null and created_by <> ${options.reviewerId}`);
    return true;
  });
}
