// Writing a signature in someone's yearbook (issue #52, decision 040): the first one of a writer for a
// recipient, or an edit of it while it waits. One statement writes or edits it (the pair's key decides
// which, so two first signatures at once make one row); an approved one is left as it is and the
// caller refuses. A new signature tells its recipient, in the same transaction, unless they muted the
// writer (as a mention does); an edit tells nobody again.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

export interface OwnSignatureRow {
  id: string;
  content: string;
  status: 'pending' | 'approved';
  created_at: Date | string;
  updated_at: Date | string;
  approved_at: Date | string | null;
}

/**
 * `writerId` signs `recipientId`'s yearbook with `content`. Null when their signature there is already
 * approved (nothing changed); else the row, whether it is new, and who was told (for live bells).
 */
export async function writeSignature(
  db: Db,
  options: { writerId: string; recipientId: string; content: string },
): Promise<{ row: OwnSignatureRow; created: boolean; told: string | null } | null> {
  return db.transaction(async (tx) => {
    const [written] = await queryRows<OwnSignatureRow & { created: boolean }>(
      tx,
      sql`insert into signatures (writer_id, recipient_id, content)
          values (${options.writerId}, ${options.recipientId}, ${options.content})
          on conflict (writer_id, recipient_id) do update
            set content = excluded.content, updated_at = now()
            where signatures.status = 'pending'
          returning id, content, status, created_at, updated_at, approved_at, (xmax = 0) as created`,
    );
    if (!written) return null;
    const { created, ...row } = written;
    if (!created) return { row, created: false, told: null };
    const told = await queryRows<{ user_id: string }>(
      tx,
      sql`insert into notifications (user_id, kind, signature_id)
          select ${options.recipientId}, 'signature_received', ${row.id}::uuid
          where not exists (select 1 from mutes m
            where m.muter_id = ${options.recipientId} and m.muted_id = ${options.writerId})
          returning user_id`,
    );
    return { row, created: true, told: told[0]?.user_id ?? null };
  });
}

/** The writer's signature in the recipient's yearbook, whatever its status; null for none. */
export async function findOwnSignature(
  db: Db,
  options: { writerId: string; recipientId: string },
): Promise<OwnSignatureRow | null> {
  const [row] = await queryRows<OwnSignatureRow>(
    db,
    sql`select id, content, status, created_at, updated_at, approved_at from signatures
        where writer_id = ${options.writerId} and recipient_id = ${options.recipientId}`,
  );
  return row ?? null;
}
