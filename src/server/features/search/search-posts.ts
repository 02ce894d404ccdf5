// Post search (SPEC §7: live posts whose text contains the query, any case, newest first), a page and,
// on the first page, how many match up to SEARCH_COUNT_CAP, in one prepared statement (issue #25).
// Replies are found too (issue #49), those of a thread the viewer can read: its post live and not a
// named post between them and someone one of them blocked.
//
// No single plan is quick for both common and rare queries on a million posts, so the statement holds
// three ways to the answer and PostgreSQL runs only those it needs: CTEs are run when first read, and
// each branch of the final UNION ALL is behind a one-time filter on counts already known.
//   recent    matches among the newest RECENT_WINDOW live posts and replies after the cursor,
//             walking posts_live_newest_idx: bounded work, quick when the words are common.
//   anywhere  up to SEARCH_COUNT_CAP + 1 matches in any order, found through an index: quick when
//             they are rare. Fewer than that means these are all of them.
//   sorted    the newest page of every match found through the index: only when there are more
//             than the cap in all but fewer than a page among the recent posts.
// A query of several words (with a space, so with ends of words to look up in posts_word_edges_idx,
// migration 0011) asks the index first: two exact GIN entries answer "canteen chai" even when no post
// has both. Any other query walks the recent posts first and asks the trigram index only when those
// fall short.
import { desc, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE } from '../../../shared/posts';
import { SEARCH_COUNT_CAP, type SearchCount } from '../../../shared/search';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/escape-like';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { preparedStatement } from '../../db/prepared';
import { posts } from '../../db/schema';
import { blockedBetween, postRefAs, shownInList } from '../personal-controls';
import { selectPostsWith } from '../posts';

const cursorShape = z.tuple([cursorTime, z.uuid()]);

/** How far back the walk goes: this many of the newest live posts after the cursor. */
export const RECENT_WINDOW = 4_000;
const PAGE = FEED_PAGE_SIZE + 1;
const COUNTED = SEARCH_COUNT_CAP + 1;
/** The first page's cursor: before every post, so one statement serves every page. */
const START = ['infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff'] as const;

/** Two or more plain words: worth finding in any order, not only as one phrase. */
function isPlainWords(query: string): boolean {
  const words = query.split(/\s+/).filter(Boolean);
  return words.length >= 2 && words.every((word) => /^[\p{L}\p{N}]+$/u.test(word));
}

/**
 * Whether the text has ends of words to look up (wordEdges): a word between two spaces, or a first
 * or last word of at least four characters beside a space. Only a choice of plan: should the
 * database's lower() leave none, the statement still answers rightly, reading the whole index.
 */
export function hasWordEdges(query: string): boolean {
  const words = query.split(' ');
  const last = words.length - 1;
  return words.some((word, i) => {
    const long = [...word].length >= 4;
    return word !== '' && last > 0 && ((i > 0 && i < last) || long);
  });
}

const p = {
  viewerId: sql.placeholder('viewerId'),
  pattern: sql.placeholder('pattern'),
  text: sql.placeholder('text'),
  wholeWords: sql.placeholder('wholeWords'),
  time: sql.placeholder('time'),
  id: sql.placeholder('id'),
  recentLimit: sql.placeholder('recentLimit'),
  counting: sql.placeholder('counting'),
};

/**
 * The viewer's personal controls (issue #48): what they blocked, muted or hid is not found, in the
 * walk and through the indexes alike, so a page stays full and the count is of what they can read.
 */
const shown = (alias: string) => sql`${shownInList('search', p.viewerId, postRefAs(alias))}
  and (${sql.raw(alias)}.parent_id is null or ${threadReadable(alias)})`;

/**
 * A reply's thread reads to the viewer: its post is live, and not missing to them for a block. A
 * scalar subquery, probed by the thread's key for each reply found: written as EXISTS under the OR,
 * PostgreSQL hashed every post of the table for it where the table was small enough (no row found: null,
 * which the WHERE takes as false).
 */
const threadReadable = (
  alias: string,
) => sql`(select not t.deleted and not ${blockedBetween(p.viewerId, postRefAs('t'))}
  from posts t where t.id = ${sql.raw(alias)}.parent_id)`;

const afterCursor = (alias: string) =>
  sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${p.time}::timestamptz, ${p.id}::uuid)`;

/**
 * The rule itself, on a row of `alias`: the text contains the query, any case (ILIKE folds case with
 * the database's lower(), so a Turkish "İ" folds as PostgreSQL's locale says, the same in the index
 * and in this check); for plain words, also all of them as whole words in any order (full text), so
 * "dosa canteen" finds "the canteen dosa". Anything with symbols is matched literally only: "_the_"
 * finds "_the_", not every "the". Only the text is searched, so an author's name never finds their
 * anonymous posts. The pattern and words are computed once (search_terms), not per row.
 */
const matches = (alias: string) =>
  sql`(${sql.raw(alias)}.content ilike (select pattern from search_terms)
    or ${sql.raw(alias)}.search_vector @@ (select words from search_terms))`;

/**
 * Live matches after the cursor through an index, in no order. As a CTE it is planned for all its
 * rows (a subquery under a LIMIT would be planned to stop early, as a sequential scan); the
 * index condition is fenced off (OFFSET 0) with nothing else beside it, which the planner would
 * otherwise AND with a bitmap of every post after the cursor. Read as far as needed: the first
 * SEARCH_COUNT_CAP + 1 rows to count, all of them only to sort.
 */
function matched(byEdges: boolean): SQL {
  const candidates = byEdges
    ? sql`post_word_edges(content, search_vector) @> (select edges from search_terms)`
    : matches('posts');
  return sql`search_matched as materialized (
    select c.id, c.created_at from (
      select id, created_at, deleted, parent_id, content, search_vector, user_id, is_anonymous, match_text
      from posts where ${candidates} offset 0
    ) as c
    where not c.deleted and ${afterCursor('c')}${byEdges ? sql` and ${matches('c')}` : sql``}
      and ${shown('c')})`;
}

/**
 * The ends of words every match has (post_word_edges, migration 0011, gives a post's): the text
 * split at spaces as lower() folds it, like the post's words. A word after a space begins a word of
 * the post, so '<' and its first four characters are certain when it is also followed by a space (a
 * whole word) or has at least four; a word before a space ends one ('>' and its last four) likewise.
 * For plain words matched in any order as whole words, only edges of the text's own lexemes are
 * certain too, so the edges both rules require are kept. Written into the statement, not a function
 * of the database: PostgreSQL 15 plans an SQL function's body at every call (~1 ms).
 */
function wordEdges(): SQL {
  const { text, wholeWords } = p;
  return sql`array(
    select distinct edge
    from (
      select w, i, count(*) over () as n
      from unnest(string_to_array(lower(${text}::text), ' ')) with ordinality as u(w, i)
    ) as words,
    lateral (values
      (case when i > 1 and (i < n or char_length(w) >= 4) then '<' || left(w, 4) end),
      (case when i < n and (i > 1 or char_length(w) >= 4) then '>' || right(w, 4) end)
    ) as e(edge)
    where w <> '' and edge is not null
      and (not ${wholeWords}::boolean or edge in (
        select '<' || left(l, 4) from unnest(tsvector_to_array(to_tsvector('simple', ${text}::text))) as l
        union all
        select '>' || right(l, 4) from unnest(tsvector_to_array(to_tsvector('simple', ${text}::text))) as l)))`;
}

const count = (cte: string) => sql.raw(`(select count(*) from ${cte})`);

function searchStatement(name: string, byEdges: boolean) {
  const terms = sql`search_terms as materialized (
    select ${p.pattern}::text as pattern,
      case when ${p.wholeWords}::boolean then plainto_tsquery('simple', ${p.text}::text) end as words
      ${byEdges ? sql`, ${wordEdges()} as edges` : sql``})`;
  const recent = sql`search_recent as materialized (
    select w.id, w.created_at from (
      select id, created_at, content, search_vector from posts
      where not deleted and ${afterCursor('posts')} and ${shown('posts')}
      order by created_at desc, id desc limit ${sql.raw(String(RECENT_WINDOW))}
    ) as w
    where ${matches('w')}
    limit ${p.recentLimit}::int)`;
  const anywhere = sql`search_anywhere as materialized (
    select id, created_at from search_matched limit ${sql.raw(String(COUNTED))})`;
  const sorted = sql`search_sorted as materialized (
    select id, created_at from search_matched order by created_at desc, id desc limit ${sql.raw(String(PAGE))})`;
  const [recentN, anywhereN] = [count('search_recent'), count('search_anywhere')];
  const cap = sql.raw(String(SEARCH_COUNT_CAP));
  const page = sql.raw(String(PAGE));
  // Which rows make the page, and how many matched; CASE keeps the second count unasked when the
  // first settles it.
  const [fromRecent, fromAnywhere, fromSorted, howMany] = byEdges
    ? [
        sql`case when ${anywhereN} > ${cap} then ${recentN} >= ${page} else false end`,
        sql`${anywhereN} <= ${cap}`,
        sql`case when ${anywhereN} > ${cap} then ${recentN} < ${page} else false end`,
        sql`${anywhereN}`,
      ]
    : [
        sql`${recentN} >= ${page}`,
        sql`case when ${recentN} < ${page} then ${anywhereN} <= ${cap} else false end`,
        sql`case when ${recentN} < ${page} then ${anywhereN} > ${cap} else false end`,
        sql`case when ${recentN} > ${cap} then ${recentN} else ${anywhereN} end`,
      ];
  const pick = sql`(
    with ${terms}, ${recent}, ${matched(byEdges)}, ${anywhere}, ${sorted}
    select chosen.id, case when ${p.counting}::boolean then ${howMany} end::int as matched
    from (
      select id, created_at from search_recent where ${fromRecent}
      union all select id, created_at from search_anywhere where ${fromAnywhere}
      union all select id, created_at from search_sorted where ${fromSorted}
    ) as chosen
    order by chosen.created_at desc, chosen.id desc limit ${page}
  ) as search_pick`;
  return preparedStatement(name, (db, statement) =>
    selectPostsWith(
      db,
      p.viewerId,
      {
        matched: sql<number | null>`search_pick.matched`.as('matched'),
        // A reply's thread and its label there (issue #49): the page marks it as a reply.
        threadId: sql<string | null>`${posts.parentId}`.as('thread_id'),
        threadLabel: sql<number | null>`${posts.anonymousLabel}`.as('thread_label'),
      },
      { hiddenFiltered: true },
    )
      .innerJoin(pick, sql`search_pick.id = ${posts.id}`)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .prepare(statement),
  );
}

const statements = {
  recentFirst: searchStatement('search_posts_recent_first', false),
  edgesFirst: searchStatement('search_posts_edges_first', true),
};

/** The statement a search runs and the values it binds. */
function postSearchValues(query: string, viewerId: string, after: readonly [string, string] | null) {
  const byEdges = hasWordEdges(query);
  return {
    statement: byEdges ? statements.edgesFirst : statements.recentFirst,
    values: {
      viewerId,
      pattern: `%${escapeLike(query)}%`,
      text: query,
      wholeWords: isPlainWords(query),
      time: (after ?? START)[0],
      id: (after ?? START)[1],
      // Walking first, the walk also counts (up to the cap); asking the index first, it only pages.
      recentLimit: after === null && !byEdges ? COUNTED : PAGE,
      counting: after === null,
    },
  };
}

/** A page of posts matching the query, newest first, and on the first page how many match (capped). */
export async function searchPosts(db: Db, query: string, viewerId: string, cursor: string | undefined) {
  const after = cursor ? decodeCursor(cursor, cursorShape) : null;
  const { statement, values } = postSearchValues(query, viewerId, after);
  const rows = await statement(db).execute(values);
  // No row means nothing matched: whenever something does, the statement returns some of it.
  const matched = rows[0]?.matched ?? 0;
  const total: SearchCount | null =
    after === null ? { count: Math.min(matched, SEARCH_COUNT_CAP), more: matched > SEARCH_COUNT_CAP } : null;
  const page = takePage(rows, FEED_PAGE_SIZE, (last) => [last.createdAtExact, last.id]);
  return { ...page, total };
}
