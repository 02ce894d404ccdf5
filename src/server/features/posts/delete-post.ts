import { and, eq, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';

/**
 * Soft delete (SPEC §4): the row stays, marked deleted, and leaves every list, count and search at
 * once because every read filters on it. True when this call deleted it.
 */
export async function deletePost(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .update(posts)
    .set({ deleted: true })
    .where(and(eq(posts.id, id), not(posts.deleted)))
    .returning({ id: posts.id });
  return deleted.length > 0;
}
