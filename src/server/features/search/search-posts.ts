import { and, desc, ilike, not, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE } from '../../../shared/posts';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/escape-like';
import { posts } from '../../db/schema';
import { cursorTime, decodeCursor, takePage } from '../posts/keyset-cursor';
import { selectPosts } from '../posts/select-posts';
import { countCapped } from './search-users';

const cursorShape = z.tuple([cursorTime, z.uuid()]);

/** Two or more plain words: worth finding in any order, not only as one phrase. */
function isPlainWords(query: string): boolean {
  const words = query.split(/\s+/).filter(Boolean);
  return words.length >= 2 && words.every((word) => /^[\p{L}\p{N}]+$/u.test(word));
}

/**
 * Live posts whose text contains the query, any case (posts_content_trgm_idx); for a query of plain
 * words, also posts holding all of them in any order (full text, posts_search_vector_idx), so "dosa
 * canteen" finds "the canteen dosa". Anything with symbols is matched literally only: "_the_" finds
 * "_the_", not every "the". Only the text is searched, so an author's name never finds their
 * anonymous posts.
 */
export function postMatch(query: string): SQL {
  const contains = ilike(posts.content, `%${escapeLike(query)}%`);
  return and(
    not(posts.deleted),
    isPlainWords(query)
      ? or(contains, sql`${posts.searchVector} @@ plainto_tsquery('simple', ${query})`)
      : contains,
  ) as SQL;
}

/** How far back the first look goes: this many of the newest live posts (after the cursor). */
export const RECENT_WINDOW = 4_000;

/**
 * A page of matches, newest first, after the cursor. Two ways to find it, as the query is common or
 * rare, and no single plan is quick for both on a million posts:
 * - `recent` walks posts_feed_newest_idx through the newest RECENT_WINDOW posts only, stopping as
 *   soon as a page matched: a word in one post of a hundred fills a page after ~1,300 posts;
 * - `all` collects every match through the trigram and full-text indexes first (the subquery is
 *   fenced with OFFSET 0 so it is planned on its own, without the ORDER BY that would tempt the
 *   planner into walking the whole newest-first index), then orders those few.
 * Also read by the EXPLAIN test.
 */
export function postSearchQuery(
  db: Db,
  query: string,
  viewerId: string,
  after: [string, string] | null,
  scope: 'recent' | 'all',
) {
  const afterCursor = after
    ? sql`(${posts.createdAt}, ${posts.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : undefined;
  const within =
    scope === 'recent'
      ? sql`${posts.createdAt} >= coalesce((
          select ${posts.createdAt} from ${posts} where not ${posts.deleted} ${afterCursor ? sql`and ${afterCursor}` : sql``}
          order by ${posts.createdAt} desc, ${posts.id} desc offset ${RECENT_WINDOW - 1} limit 1), '-infinity')`
      : sql`${posts.id} = any(array(
          select m.id from (select ${posts.id}, ${posts.createdAt} from ${posts} where ${and(postMatch(query), afterCursor)} offset 0) m
          order by m.created_at desc, m.id desc limit ${FEED_PAGE_SIZE + 1}))`;
  return selectPosts(db, viewerId)
    .where(and(postMatch(query), afterCursor, within))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(FEED_PAGE_SIZE + 1);
}

export async function searchPosts(db: Db, query: string, viewerId: string, cursor: string | undefined) {
  const after = cursor ? decodeCursor(cursor, cursorShape) : null;
  let rows = await postSearchQuery(db, query, viewerId, after, 'recent');
  if (rows.length <= FEED_PAGE_SIZE) rows = await postSearchQuery(db, query, viewerId, after, 'all');
  const page = takePage(rows, FEED_PAGE_SIZE, (last) => [last.createdAtExact, last.id]);
  const total =
    after === null ? await countCapped(db, sql`select 1 from posts where ${postMatch(query)}`) : null;
  return { ...page, total };
}
