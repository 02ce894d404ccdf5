// What happens to a signature after it is written (issue #52, decision 040): its recipient approves
// it (it goes into their yearbook, and its notification is read) or removes it, pending or approved;
// its writer withdraws it while it waits. A removed or withdrawn signature is deleted, and its
// notification with it (the foreign key's cascade).
import { sql } from 'drizzle-orm';
import type { RowId } from '../../../shared/path-params';
import { type Db, queryRows } from '../../db/client';

/**
 * The recipient approves one of their signatures: true when it is (now or already) approved. A
 * signature from someone between whom and the recipient there is a block is not shown to them, so it
 * cannot be approved either (false: it reads as missing).
 */
export async function approveSignature(
  db: Db,
  options: { id: RowId; recipientId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const approved = await queryRows<{ id: string }>(
      tx,
      sql`update signatures s
          set status = 'approved',
            approved_at = coalesce(s.approved_at, now()),
            updated_at = case when s.status = 'pending' then now() else s.updated_at end
          where s.id = ${options.id}::uuid and s.recipient_id = ${options.recipientId}
            and not exists (select 1 from blocks b
              where (b.blocker_id = s.recipient_id and b.blocked_id = s.writer_id)
                 or (b.blocker_id = s.writer_id and b.blocked_id = s.recipient_id))
          returning s.id`,
    );
    if (approved.length === 0) return false;
    await tx.execute(
      sql`update notifications set read_at = coalesce(read_at, now()) where signature_id = ${options.id}::uuid`,
    );
    return true;
  });
}

/** The recipient removes one of theirs, pending or approved: false when they have none of that id. */
export async function removeSignature(db: Db, options: { id: RowId; recipientId: string }): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from signatures where id = ${options.id}::uuid and recipient_id = ${options.recipientId} returning id`,
  );
  return rows.length > 0;
}

/**
 * The writer withdraws their signature from the recipient's yearbook while it waits: 'withdrawn', or
 * why not ('approved': it stays, its owner may remove it; 'none': there is none).
 */
export async function withdrawSignature(
  db: Db,
  options: { writerId: string; recipientId: string },
): Promise<'withdrawn' | 'approved' | 'none'> {
  const [row] = await queryRows<{ status: 'pending' | 'approved'; deleted: boolean }>(
    db,
    sql`with gone as (
          delete from signatures where writer_id = ${options.writerId} and recipient_id = ${options.recipientId}
            and status = 'pending' returning id)
        select 'pending' as status, true as deleted from gone
        union all
        select s.status, false from signatures s
        where s.writer_id = ${options.writerId} and s.recipient_id = ${options.recipientId} and s.status = 'approved'`,
  );
  if (!row) return 'none';
  return row.deleted ? 'withdrawn' : 'approved';
}
