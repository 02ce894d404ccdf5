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

/** The page query, also read by the EXPLAIN test: newest first (SPEC §7), after the cursor. */
export function postSearchQuery(db: Db, query: string, viewerId: string, after: [string, string] | null) {
  return selectPosts(db, viewerId)
    .where(
      and(
        postMatch(query),
        after
          ? sql`(${posts.createdAt}, ${posts.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(FEED_PAGE_SIZE + 1);
}

export async function searchPosts(db: Db, query: string, viewerId: string, cursor: string | undefined) {
  const after = cursor ? decodeCursor(cursor, cursorShape) : null;
  const rows = await postSearchQuery(db, query, viewerId, after);
  const page = takePage(rows, FEED_PAGE_SIZE, (last) => [last.createdAtExact, last.id]);
  const total =
    after === null ? await countCapped(db, sql`select 1 from posts where ${postMatch(query)}`) : null;
  return { ...page, total };
}
