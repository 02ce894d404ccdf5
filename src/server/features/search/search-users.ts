// People search (SPEC §7: profiles whose username or full name contains the text, any case, ordered
// by username), a page and on the first page the capped count, in one prepared statement (issue #25).
// As in search-posts.ts, the statement holds three ways to the answer and runs only those it needs:
//   walked    matches among the next WALK_LIMIT profiles in username order (profiles_username_key):
//             bounded work, and a common name fills the page and the count within it.
//   anywhere  up to SEARCH_COUNT_CAP + 1 matches in any order through the trigram indexes: quick
//             for a rare text. Fewer than that means these are all of them.
//   sorted    the page of every match, through the trigram indexes, sorted by username: only when
//             there are more than the cap in all but fewer than a page on the walk.
import { asc, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SEARCH_COUNT_CAP, type SearchCount } from '../../../shared/search';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/escape-like';
import { decodeCursor, takePage } from '../../db/keyset-cursor';
import { preparedStatement } from '../../db/prepared';
import { profiles } from '../../db/schema';
import { profileShown } from '../personal-controls';

const PAGE_SIZE = 20;
const cursorShape = z.tuple([z.string().regex(/^[a-z0-9_.]{1,20}$/)]);

/** How far the walk goes: this many profiles in username order after the cursor. */
export const WALK_LIMIT = 2_000;
const PAGE = PAGE_SIZE + 1;
const COUNTED = SEARCH_COUNT_CAP + 1;

const p = {
  viewerId: sql.placeholder('viewerId'),
  pattern: sql.placeholder('pattern'),
  after: sql.placeholder('after'),
  walkLimit: sql.placeholder('walkLimit'),
  counting: sql.placeholder('counting'),
};

/** Not someone who blocked the viewer (issue #48): to them, that profile is missing everywhere. */
const shown = (alias: string) => profileShown(p.viewerId, sql.raw(`${alias}.user_id`));

/** Username or full name contains the text, any case; the pattern is bound once (search_terms). */
const matches = (alias: string) =>
  sql`(${sql.raw(alias)}.username ilike (select pattern from search_terms)
    or ${sql.raw(alias)}.full_name ilike (select pattern from search_terms))`;

/**
 * Matches after the cursor through the trigram indexes, in no order: a CTE, so planned for all its
 * rows (under a LIMIT the planner would choose a sequential scan that stops early, which for a rare
 * text reads the whole table), and read as far as needed.
 */
const matched: SQL = sql`search_matched as materialized (
  select c.username from (
    select username, user_id from profiles where ${matches('profiles')} offset 0
  ) as c where c.username > ${p.after}::text and ${shown('c')})`;

const count = (cte: string) => sql.raw(`(select count(*) from ${cte})`);
const raw = (value: number) => sql.raw(String(value));

const userSearch = preparedStatement('search_users', (db, name) => {
  const [walkedN, anywhereN] = [count('search_walked'), count('search_anywhere')];
  const [cap, page] = [raw(SEARCH_COUNT_CAP), raw(PAGE)];
  const pick = sql`(
    with search_terms as materialized (select ${p.pattern}::text as pattern),
    search_walked as materialized (
      select w.username from (
        select username, full_name from profiles where username > ${p.after}::text and ${shown('profiles')}
        order by username limit ${raw(WALK_LIMIT)}
      ) as w
      where ${matches('w')}
      limit ${p.walkLimit}::int),
    ${matched},
    search_anywhere as materialized (select username from search_matched limit ${raw(COUNTED)}),
    search_sorted as materialized (select username from search_matched order by username limit ${page})
    select chosen.username,
      case when ${p.counting}::boolean then
        case when ${walkedN} > ${cap} then ${walkedN} else ${anywhereN} end
      end::int as matched
    from (
      select username from search_walked where ${walkedN} >= ${page}
      union all select username from search_anywhere
        where case when ${walkedN} < ${page} then ${anywhereN} <= ${cap} else false end
      union all select username from search_sorted
        where case when ${walkedN} < ${page} then ${anywhereN} > ${cap} else false end
    ) as chosen
    order by chosen.username limit ${page}
  ) as search_pick`;
  return db
    .select({
      username: profiles.username,
      fullName: profiles.fullName,
      pictureKey: profiles.profilePictureKey,
      matched: sql<number | null>`search_pick.matched`,
    })
    .from(profiles)
    .innerJoin(pick, sql`search_pick.username = ${profiles.username}`)
    .orderBy(asc(profiles.username))
    .prepare(name);
});

/** The values a search binds. */
function userSearchValues(query: string, afterUsername: string | null, viewerId: string) {
  return {
    viewerId,
    pattern: `%${escapeLike(query)}%`,
    after: afterUsername ?? '',
    // On the first page the walk also counts, up to the cap.
    walkLimit: afterUsername === null ? COUNTED : PAGE,
    counting: afterUsername === null,
  };
}

/**
 * SPEC §7 profiles search: ordered by username, paged by it; the count on the first page, capped.
 * Someone who blocked the viewer is not found.
 */
export async function searchUsers(db: Db, query: string, cursor: string | undefined, viewerId: string) {
  const after = cursor ? decodeCursor(cursor, cursorShape)[0] : null;
  const rows = await userSearch(db).execute(userSearchValues(query, after, viewerId));
  // No row means nothing matched: whenever something does, the statement returns some of it.
  const matched = rows[0]?.matched ?? 0;
  const total: SearchCount | null =
    after === null ? { count: Math.min(matched, SEARCH_COUNT_CAP), more: matched > SEARCH_COUNT_CAP } : null;
  return { ...takePage(rows, PAGE_SIZE, (last) => [last.username]), total };
}
