// An author appeals a removal of their post (issue #47): once per decision, in their own words, while
// the decision is in force. The unique key on the decision makes a second appeal a conflict however
// close together the two come.
import { sql } from 'drizzle-orm';
import { APPEAL_MESSAGES, type Removal } from '../../../shared/appeals';
import type { RowId } from '../../../shared/path-params';
import { AppError } from '../../app-error';
import { type Db, queryRows } from '../../db/client';
import { recordTransparency } from '../transparency';
import { inForce, latestDecision, presentRemoval } from './read-removal';

export async function appealRemoval(
  db: Db,
  options: { postId: RowId; authorId: string; text: string },
): Promise<Removal> {
  const { postId, authorId, text } = options;
  const decision = await latestDecision(db, postId, authorId);
  if (!decision) {
    // Their own live post was never removed: nothing to appeal. Anything else is not theirs to know of.
    const [own] = await queryRows<{ id: string }>(
      db,
      sql`select id from posts where id = ${postId}::uuid and user_id = ${authorId} and not deleted`,
    );
    if (own) throw new AppError('conflict', APPEAL_MESSAGES.notRemoved);
    throw new AppError('not_found', APPEAL_MESSAGES.appealMissing);
  }
  if (!inForce(decision)) throw new AppError('conflict', APPEAL_MESSAGES.notRemoved);
  if (decision.appeal_text !== null) throw new AppError('conflict', APPEAL_MESSAGES.appealedAlready);
  const made = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ text: string; created_at: Date | string }>(
      tx,
      sql`insert into appeals (decision_id, text) values (${decision.decision_id}::uuid, ${text})
          on conflict (decision_id) do nothing
          returning text, created_at`,
    );
    if (row) await recordTransparency(tx, { kind: 'appeal_made' });
    return row;
  });
  if (!made) throw new AppError('conflict', APPEAL_MESSAGES.appealedAlready);
  return presentRemoval({ ...decision, appeal_text: made.text, appeal_created_at: made.created_at });
}
