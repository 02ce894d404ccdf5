import { and, desc, eq, not, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE } from '../../../shared/posts';
import type { Db } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { posts } from '../../db/schema';
import { olderThan, type PostRow, selectPosts } from './select-posts';

const cursorShape = z.tuple([cursorTime, z.uuid()]);

export interface PostListPage {
  rows: PostRow[];
  nextCursor: string | null;
}

/**
 * One page of live posts matching `where`, newest first, with a keyset cursor over
 * (created_at, id): the profile page and the askline page list their posts this way.
 */
export async function listPostsNewestFirst(options: {
  db: Db;
  where: SQL | undefined;
  viewerId: string | null;
  cursor: string | undefined;
}): Promise<PostListPage> {
  const { db, where, viewerId } = options;
  let after: SQL | undefined;
  if (options.cursor) {
    const [time, id] = decodeCursor(options.cursor, cursorShape);
    after = olderThan(time, id);
  }
  const rows = await selectPosts(db, viewerId)
    .where(and(where, not(posts.deleted), after))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(FEED_PAGE_SIZE + 1);
  return takePage(rows, FEED_PAGE_SIZE, (last) => [last.createdAtExact, last.id]);
}

/**
 * A profile's posts, newest first (SPEC §2 Profile page): the owner sees their anonymous posts too;
 * everyone else sees only the named ones, so a profile never reveals who wrote an anonymous post.
 */
export function listProfilePosts(options: {
  db: Db;
  authorId: string;
  viewerId: string;
  cursor: string | undefined;
}): Promise<PostListPage> {
  const { db, authorId, viewerId, cursor } = options;
  return listPostsNewestFirst({
    db,
    viewerId,
    cursor,
    where: and(eq(posts.userId, authorId), authorId === viewerId ? undefined : not(posts.isAnonymous)),
  });
}
