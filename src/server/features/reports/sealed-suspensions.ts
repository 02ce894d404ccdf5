// Suspensions made through anonymous posts (suspend-author.ts), as admins see and lift them: by the
// post, never by the account. Lifting one leaves any other suspension of the account in force, and
// nothing an admin sees says whether there was one.
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RowId } from '../../../shared/path-params';
import type { SealedSuspension } from '../../../shared/reports';
import { AppError } from '../../app-error';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { posts, profiles, sealedSuspensions } from '../../db/schema';
import { recordModeration } from '../moderation-log';

const PAGE_SIZE = 25;
const cursorShape = z.tuple([cursorTime, z.uuid()]);

export async function listSealedSuspensions(
  db: Db,
  cursor: string | undefined,
): Promise<{ suspensions: SealedSuspension[]; nextCursor: string | null }> {
  let after: SQL | undefined;
  if (cursor) {
    const [time, postId] = decodeCursor(cursor, cursorShape);
    after = sql`(${sealedSuspensions.createdAt}, ${sealedSuspensions.postId}) < (${time}::timestamptz, ${postId}::uuid)`;
  }
  const rows = await db
    .select({
      postId: sealedSuspensions.postId,
      content: posts.content,
      deleted: posts.deleted,
      suspendedBy: profiles.username,
      createdAt: sealedSuspensions.createdAt,
      createdAtExact: sql<string>`${sealedSuspensions.createdAt}::text`,
    })
    .from(sealedSuspensions)
    .innerJoin(posts, eq(posts.id, sealedSuspensions.postId))
    .leftJoin(profiles, eq(profiles.userId, sealedSuspensions.suspendedBy))
    .where(after)
    .orderBy(desc(sealedSuspensions.createdAt), desc(sealedSuspensions.postId))
    .limit(PAGE_SIZE + 1);
  const { rows: page, nextCursor } = takePage(rows, PAGE_SIZE, (last) => [last.createdAtExact, last.postId]);
  return {
    suspensions: page.map((row) => ({
      postId: row.postId,
      postContent: row.deleted ? null : row.content,
      suspendedBy: row.suspendedBy,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** The answer when no suspension made through the post is in force (or there is no such post). */
export const noSealedSuspension = () =>
  new AppError('not_found', 'No suspension made through this post is in force.');

/** Lifts the sealed suspension made through a post; 404 when there is none in force. */
export async function liftSealedSuspension(db: Db, options: { postId: RowId; staff: Viewer }): Promise<void> {
  const none = noSealedSuspension();
  await db.transaction(async (tx) => {
    const lifted = await tx
      .delete(sealedSuspensions)
      .where(eq(sealedSuspensions.postId, options.postId))
      .returning({ postId: sealedSuspensions.postId });
    if (lifted.length === 0) throw none;
    await recordModeration(tx, {
      actorId: options.staff.userId,
      action: 'user_restored',
      postId: options.postId,
      subjectHidden: true,
    });
  });
}
