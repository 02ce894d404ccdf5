import { and, eq, not } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';
import { type PostRow, selectPosts } from './select-posts';

/** A live post by id, or null (a deleted post, or an id that is not a post id at all). */
export async function findPost(db: Db, id: string, viewerId: string | null): Promise<PostRow | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await selectPosts(db, viewerId)
    .where(and(eq(posts.id, id), not(posts.deleted)))
    .limit(1);
  return row ?? null;
}
