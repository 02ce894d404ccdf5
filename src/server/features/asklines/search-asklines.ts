import { sql } from 'drizzle-orm';
import type { AsklineSummary } from '../../../shared/asklines';
import { NOTIFICATION_DAY_ZONE } from '../../../shared/values/notifications';
import { type Db, queryRows } from '../../db/client';
import { escapeLike } from '../../db/escape-like';

const SEARCH_LIMIT = 8;
/** Below this, two prompts share too little to be called similar (pg_trgm scores from 0 to 1). */
const MIN_SCORE = 0.35;

/**
 * Verified asklines like the text (DESIGN: pg_trgm, in the database). Serves both the create form's
 * "similar asklines" and the create-post chooser's search. Asklines containing the text come first;
 * the rest are ranked by trigram similarity of the whole prompt, or of the closest run of words
 * (word_similarity), so "What will you miss most about campus?" finds "What will you miss the most
 * about the campus" and a short word finds the prompts it appears in. Unverified asklines never match.
 * The GIN trigram index (asklines_content_trgm_idx) serves the ILIKE, `%` and `<%` conditions.
 */
export async function searchAsklines(db: Db, query: string): Promise<AsklineSummary[]> {
  const contains = `%${escapeLike(query)}%`;
  const rows = await queryRows<{ id: string; content: string }>(
    db,
    sql`
    select id, content
    from (
      select id, content, created_at,
        content ilike ${contains} as contains,
        greatest(similarity(content, ${query}), word_similarity(${query}, content)) as score
      from asklines
      where verified and (content ilike ${contains} or content % ${query} or ${query} <% content)
    ) matches
    where contains or score >= ${MIN_SCORE}
    order by contains desc, score desc, created_at desc, id
    limit ${SEARCH_LIMIT}
  `,
  );
  return rows.map(({ id, content }) => ({ id, content }));
}

/**
 * A random verified askline other than `excludeId` (SPEC §7: the pick pool is the newest 100 verified),
 * or null when there is none.
 */
export async function pickRandomAskline(
  db: Db,
  excludeId: string | undefined,
): Promise<AsklineSummary | null> {
  const rows = await queryRows<{ id: string; content: string }>(
    db,
    sql`
    select id, content
    from (
      select id, content from asklines where verified order by created_at desc, id desc limit 100
    ) pool
    where ${excludeId ?? null}::uuid is null or id <> ${excludeId ?? null}::uuid
    order by random()
    limit 1
  `,
  );
  const [row] = rows;
  return row ? { id: row.id, content: row.content } : null;
}

/**
 * The askline of the day (issue #51): one of the newest 100 verified (the random pick's pool), the same
 * for everyone all day (the campuses' day), another the next; null when none is verified. Ordered by
 * a hash of the askline and the day, so a newly verified askline moves the pick only if it wins it.
 */
export async function asklineOfTheDay(db: Db): Promise<AsklineSummary | null> {
  const [row] = await queryRows<{ id: string; content: string }>(
    db,
    sql`
    select id, content
    from (
      select id, content from asklines where verified order by created_at desc, id desc limit 100
    ) pool
    order by md5(id::text || (now() at time zone ${NOTIFICATION_DAY_ZONE})::date::text), id
    limit 1
  `,
  );
  return row ? { id: row.id, content: row.content } : null;
}
