import { and, desc, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE } from '../../../shared/posts';
import { SEARCH_COUNT_CAP } from '../../../shared/search';
import { type Db, queryRows } from '../../db/client';
import { escapeLike } from '../../db/escape-like';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { posts } from '../../db/schema';
import { olderThan, type PostRow, selectPosts } from '../posts';
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

const afterCursor = (after: [string, string] | null) => (after ? olderThan(...after) : undefined);

/** Among the newest RECENT_WINDOW live posts after the cursor. */
function withinRecent(after: [string, string] | null): SQL {
  const cursor = afterCursor(after);
  return sql`${posts.createdAt} >= coalesce((
    select ${posts.createdAt} from ${posts} where not ${posts.deleted} ${cursor ? sql`and ${cursor}` : sql``}
    order by ${posts.createdAt} desc, ${posts.id} desc offset ${RECENT_WINDOW - 1} limit 1), '-infinity')`;
}

/**
 * The first look: a page of matches among the newest RECENT_WINDOW posts, walking
 * posts_feed_newest_idx in order and stopping as soon as a page matched. A word in one post of a
 * hundred fills a page after ~1,300 posts. Also read by the EXPLAIN test.
 */
export function postSearchQuery(db: Db, query: string, viewerId: string, after: [string, string] | null) {
  return selectPosts(db, viewerId)
    .where(and(postMatch(query), afterCursor(after), withinRecent(after)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(FEED_PAGE_SIZE + 1);
}

/**
 * The newest `limit` matches after the cursor, found through the trigram and full-text indexes: the
 * match is a subquery fenced with OFFSET 0, so it is planned on its own, without the ORDER BY and LIMIT
 * that would tempt the planner to walk the whole newest-first index (or the whole table) for a query
 * that matches little or nothing. Also read by the EXPLAIN test.
 */
export function matchIdsQuery(db: Db, query: string, after: [string, string] | null, limit: number) {
  return queryRows<{ id: string }>(
    db,
    sql`select m.id from (select ${posts.id}, ${posts.createdAt} from ${posts}
          where ${and(postMatch(query), afterCursor(after))} offset 0) m
        order by m.created_at desc, m.id desc limit ${limit}`,
  );
}

/**
 * A page of posts matching the query, newest first, and on the first page how many match (up to
 * SEARCH_COUNT_CAP). No single plan is quick for both common and rare queries on a million posts, so
 * the first look is among recent posts (bounded work); only when that falls short of a page, or of
 * the count's cap, are all matches collected through the indexes (work as large as the matches).
 */
export async function searchPosts(db: Db, query: string, viewerId: string, cursor: string | undefined) {
  const after = cursor ? decodeCursor(cursor, cursorShape) : null;
  const recent = await postSearchQuery(db, query, viewerId, after);
  const toPage = (rows: PostRow[]) =>
    takePage(rows, FEED_PAGE_SIZE, (last) => [last.createdAtExact, last.id]);
  const pageFromRecent = recent.length > FEED_PAGE_SIZE;
  if (pageFromRecent && after !== null) return { ...toPage(recent), total: null };
  if (pageFromRecent) {
    // In index order, so the count walks the recent posts as the page did (left unordered, the planner
    // may scan the table from its start, where recent posts need not be).
    const inRecent = await countCapped(
      db,
      sql`select 1 from ${posts} where ${and(postMatch(query), withinRecent(null))}
          order by ${posts.createdAt} desc, ${posts.id} desc`,
    );
    if (inRecent.more) return { ...toPage(recent), total: inRecent };
  }

  const ids = (await matchIdsQuery(db, query, after, SEARCH_COUNT_CAP + 1)).map((row) => row.id);
  const total =
    after === null
      ? { count: Math.min(ids.length, SEARCH_COUNT_CAP), more: ids.length > SEARCH_COUNT_CAP }
      : null;
  if (pageFromRecent) return { ...toPage(recent), total };
  const pageIds = ids.slice(0, FEED_PAGE_SIZE + 1);
  const rows = pageIds.length
    ? await selectPosts(db, viewerId)
        .where(inArray(posts.id, pageIds))
        .orderBy(desc(posts.createdAt), desc(posts.id))
    : [];
  return { ...toPage(rows), total };
}
