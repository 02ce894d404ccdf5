import { and, asc, desc, not, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE, type FeedSort } from '../../../shared/posts';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';
import { cursorCount, cursorTime, decodeCursor, takePage } from './keyset-cursor';
import { type PostRow, selectPosts } from './select-posts';

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
  const { db, viewerId, sort } = options;
  const likedByViewer = sql<boolean>`exists (select 1 from likes l where l.post_id = ${posts.id} and l.user_id = ${viewerId})`;
  const timeAndId = sql`(${posts.createdAt}, ${posts.id})`;
  let after: SQL | undefined;
  let order: SQL[];

  switch (sort) {
    case 'newest':
    case 'oldest': {
      const newest = sort === 'newest';
      if (options.cursor) {
        const [time, id] = decodeCursor(options.cursor, cursorShapes[sort]);
        after = newest
          ? sql`${timeAndId} < (${time}::timestamptz, ${id}::uuid)`
          : sql`${timeAndId} > (${time}::timestamptz, ${id}::uuid)`;
      }
      order = newest ? [desc(posts.createdAt), desc(posts.id)] : [asc(posts.createdAt), asc(posts.id)];
      break;
    }
    case 'most_liked': {
      if (options.cursor) {
        const [likes, time, id] = decodeCursor(options.cursor, cursorShapes.most_liked);
        after = sql`(${posts.likeCount}, ${posts.createdAt}, ${posts.id}) < (${likes}, ${time}::timestamptz, ${id}::uuid)`;
      }
      order = [desc(posts.likeCount), desc(posts.createdAt), desc(posts.id)];
      break;
    }
    case 'default': {
      // Posts the viewer has not liked, newest first; then the ones they have, newest first.
      if (options.cursor) {
        const [liked, time, id] = decodeCursor(options.cursor, cursorShapes.default);
        const laterInGroup = sql`${timeAndId} < (${time}::timestamptz, ${id}::uuid)`;
        after = liked
          ? and(likedByViewer, laterInGroup)
          : or(and(not(likedByViewer), laterInGroup), likedByViewer);
      }
      order = [asc(likedByViewer), desc(posts.createdAt), desc(posts.id)];
      break;
    }
  }

  const rows = await selectPosts(db, viewerId)
    .where(and(not(posts.deleted), after))
    .orderBy(...order)
    .limit(FEED_PAGE_SIZE + 1);
  return takePage(rows, FEED_PAGE_SIZE, (last) =>
    sort === 'most_liked'
      ? [last.likeCount, last.createdAtExact, last.id]
      : sort === 'default'
        ? [last.likedByMe, last.createdAtExact, last.id]
        : [last.createdAtExact, last.id],
  );
}
