import { and, asc, desc, not, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE, type FeedSort } from '../../../shared/posts';
import type { Db } from '../../db/client';
import { cursorCount, cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { preparedStatement } from '../../db/prepared';
import { posts } from '../../db/schema';
import { olderThan, type PostRow, selectPosts } from './select-posts';

const exactTime = cursorTime;
const cursorShapes = {
  newest: z.tuple([exactTime, z.uuid()]),
  oldest: z.tuple([exactTime, z.uuid()]),
  most_liked: z.tuple([cursorCount, exactTime, z.uuid()]),
  default: z.tuple([z.boolean(), exactTime, z.uuid()]),
} as const;

const page = FEED_PAGE_SIZE + 1;
const viewerId = sql.placeholder('viewerId');
const time = sql.placeholder('time');
const id = sql.placeholder('id');
const likes = sql.placeholder('likes');
const newestFirst = [desc(posts.createdAt), desc(posts.id)];
const liked = sql`exists (select 1 from likes l where l.post_id = ${posts.id} and l.user_id = ${viewerId})`;

/** A feed page as a prepared statement: live posts matching `where`, in `order`, a page and one more. */
function feedPage(name: string, where: SQL | undefined, order: SQL[]) {
  return preparedStatement(name, (db, statement) =>
    selectPosts(db, viewerId)
      .where(and(not(posts.deleted), where))
      .orderBy(...order)
      .limit(page)
      .prepare(statement),
  );
}

/** Each order's first page and the pages after a cursor (whose values are bound, never written in). */
const pages = {
  newest: {
    first: feedPage('feed_newest', undefined, newestFirst),
    after: feedPage('feed_newest_after', olderThan(time, id), newestFirst),
  },
  oldest: {
    first: feedPage('feed_oldest', undefined, [asc(posts.createdAt), asc(posts.id)]),
    after: feedPage(
      'feed_oldest_after',
      sql`(${posts.createdAt}, ${posts.id}) > (${time}::timestamptz, ${id}::uuid)`,
      [asc(posts.createdAt), asc(posts.id)],
    ),
  },
  most_liked: {
    first: feedPage('feed_most_liked', undefined, [desc(posts.likeCount), ...newestFirst]),
    after: feedPage(
      'feed_most_liked_after',
      sql`(${posts.likeCount}, ${posts.createdAt}, ${posts.id}) < (${likes}::integer, ${time}::timestamptz, ${id}::uuid)`,
      [desc(posts.likeCount), ...newestFirst],
    ),
  },
  // The default order's two groups (listDefaultFeed).
  unliked: {
    first: feedPage('feed_unliked', not(liked), newestFirst),
    after: feedPage('feed_unliked_after', and(not(liked), olderThan(time, id)), newestFirst),
  },
  liked: {
    first: feedPage('feed_liked', liked, newestFirst),
    after: feedPage('feed_liked_after', and(liked, olderThan(time, id)), newestFirst),
  },
};

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

  let rows: PostRow[];
  if (!cursor) {
    rows = await pages[sort].first(db).execute({ viewerId });
  } else if (sort === 'most_liked') {
    const [likes, time, id] = decodeCursor(cursor, cursorShapes.most_liked);
    rows = await pages.most_liked.after(db).execute({ viewerId, likes, time, id });
  } else {
    const [time, id] = decodeCursor(cursor, cursorShapes[sort]);
    rows = await pages[sort].after(db).execute({ viewerId, time, id });
  }
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
  const [afterLiked, time, id] = cursor ? decodeCursor(cursor, cursorShapes.default) : [false];
  const at = time && id ? { time, id } : null;
  const group = (which: 'liked' | 'unliked', from: typeof at) =>
    from
      ? pages[which].after(db).execute({ viewerId, ...from })
      : pages[which].first(db).execute({ viewerId });
  const unliked = afterLiked ? [] : await group('unliked', at);
  const rows =
    unliked.length > FEED_PAGE_SIZE
      ? unliked
      : [...unliked, ...(await group('liked', afterLiked ? at : null))];
  return takePage(rows, FEED_PAGE_SIZE, (last) => [last.likedByMe, last.createdAtExact, last.id]);
}
