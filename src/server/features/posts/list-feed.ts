import { and, asc, desc, not, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE, type FeedSort } from '../../../shared/posts';
import type { Db } from '../../db/client';
import { cursorCount, cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { posts } from '../../db/schema';
import { olderThan, type PostRow, selectPosts } from './select-posts';

const exactTime = cursorTime;
const cursorShapes = {
  newest: z.tuple([exactTime, z.uuid()]),
  oldest: z.tuple([exactTime, z.uuid()]),
  most_liked: z.tuple([cursorCount, exactTime, z.uuid()]),
  default: z.tuple([z.boolean(), exactTime, z.uuid()]),
} as const;

/**
 * One page of the dashboard feed (SPEC §2, §9): live posts in the chosen order, FEED_PAGE_SIZE at a
 * time, each page continuing after the last row of the one before. Every order ends with the post id,
 * so rows with equal sort values still have one place and are never skipped or repeated.
 */
export async function listFeed(options: {
  db: Db;
  viewerId: string;
  sort: FeedSort;
  cursor: string | undefined;
}): Promise<{ rows: PostRow[]; nextCursor: string | null }> {
  const { db, viewerId, sort, cursor } = options;
  if (sort === 'default') return listDefaultFeed(db, viewerId, cursor);

  let after: SQL | undefined;
  let order: SQL[];
  if (sort === 'most_liked') {
    if (cursor) {
      const [likes, time, id] = decodeCursor(cursor, cursorShapes.most_liked);
      after = sql`(${posts.likeCount}, ${posts.createdAt}, ${posts.id}) < (${likes}, ${time}::timestamptz, ${id}::uuid)`;
    }
    order = [desc(posts.likeCount), desc(posts.createdAt), desc(posts.id)];
  } else {
    const newest = sort === 'newest';
    if (cursor) {
      const [time, id] = decodeCursor(cursor, cursorShapes[sort]);
      after = newest
        ? olderThan(time, id)
        : sql`(${posts.createdAt}, ${posts.id}) > (${time}::timestamptz, ${id}::uuid)`;
    }
    order = newest ? [desc(posts.createdAt), desc(posts.id)] : [asc(posts.createdAt), asc(posts.id)];
  }
  const rows = await selectPosts(db, viewerId)
    .where(and(not(posts.deleted), after))
    .orderBy(...order)
    .limit(FEED_PAGE_SIZE + 1);
  return takePage(rows, FEED_PAGE_SIZE, (last) =>
    sort === 'most_liked' ? [last.likeCount, last.createdAtExact, last.id] : [last.createdAtExact, last.id],
  );
}

/**
 * The default order: posts the viewer has not liked, newest first, then the ones they have, newest
 * first. Each group is its own keyset scan: ordering every live post by "liked by me" in one query
 * would make PostgreSQL look at all of them for every page. The unliked group reads
 * posts_feed_newest_idx and stops at a page, which is nearly always enough; only a page that reaches
 * its end goes on to the liked group, which starts from the viewer's likes.
 */
async function listDefaultFeed(db: Db, viewerId: string, cursor: string | undefined) {
  const liked = sql`exists (select 1 from likes l where l.post_id = ${posts.id} and l.user_id = ${viewerId})`;
  const group = (where: SQL | undefined) =>
    selectPosts(db, viewerId)
      .where(and(not(posts.deleted), where))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(FEED_PAGE_SIZE + 1);

  const [afterLiked, time, id] = cursor ? decodeCursor(cursor, cursorShapes.default) : [false];
  const later = time && id ? olderThan(time, id) : undefined;
  const unliked = afterLiked ? [] : await group(and(not(liked), later));
  const rows =
    unliked.length > FEED_PAGE_SIZE
      ? unliked
      : [...unliked, ...(await group(and(liked, afterLiked ? later : undefined)))];
  return takePage(rows, FEED_PAGE_SIZE, (last) => [last.likedByMe, last.createdAtExact, last.id]);
}
