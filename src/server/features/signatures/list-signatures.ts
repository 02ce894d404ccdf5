// The lists of signatures (issue #52, decision 040): a person's yearbook (their approved signatures)
// and the signatures waiting for them, newest first, a keyset page at a time over (updated_at, id),
// both read from signatures_recipient_list_idx in its order. A signature is never anonymous: each row
// carries its writer's profile. Signatures from anyone between whom and the viewer, or the yearbook's
// owner, there is a block are left out (personal-controls' noBlockBetween, both ways).
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SIGNATURE_PAGE_SIZE, type SignatureStatus } from '../../../shared/signatures';
import type { Db } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { profiles, signatures } from '../../db/schema';
import { noBlockBetween } from '../personal-controls';

const cursorShape = z.tuple([cursorTime, z.uuid()]);

export interface SignatureRow {
  id: string;
  content: string;
  updatedAt: Date;
  writerUsername: string;
  writerFullName: string;
  writerPictureKey: string | null;
}

/**
 * A page of `recipientId`'s signatures of `status`, as `viewerId` may see them (the recipient
 * themselves for the pending list). A cursor that is not one of ours is a 400.
 */
export async function listSignatures(options: {
  db: Db;
  recipientId: string;
  viewerId: string;
  status: SignatureStatus;
  cursor: string | undefined;
}): Promise<{ rows: SignatureRow[]; nextCursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor, cursorShape) : null;
  const rows = await options.db
    .select({
      id: signatures.id,
      content: signatures.content,
      updatedAt: signatures.updatedAt,
      exactly: sql<string>`${signatures.updatedAt}::text`,
      writerUsername: profiles.username,
      writerFullName: profiles.fullName,
      writerPictureKey: profiles.profilePictureKey,
    })
    .from(signatures)
    .innerJoin(profiles, eq(profiles.userId, signatures.writerId))
    .where(
      and(
        eq(signatures.recipientId, options.recipientId),
        eq(signatures.status, options.status),
        after
          ? sql`(${signatures.updatedAt}, ${signatures.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
          : undefined,
        noBlockBetween(options.viewerId, signatures.writerId),
        options.viewerId === options.recipientId
          ? undefined
          : noBlockBetween(options.recipientId, signatures.writerId),
      ),
    )
    .orderBy(desc(signatures.updatedAt), desc(signatures.id))
    .limit(SIGNATURE_PAGE_SIZE + 1);
  const page = takePage(rows, SIGNATURE_PAGE_SIZE, (last) => [last.exactly, last.id]);
  return { rows: page.rows.map(({ exactly: _exact, ...row }) => row), nextCursor: page.nextCursor };
}
