import { and, asc, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SEARCH_COUNT_CAP, type SearchCount } from '../../../shared/search';
import { type Db, queryRows } from '../../db/client';
import { escapeLike } from '../../db/escape-like';
import { decodeCursor, takePage } from '../../db/keyset-cursor';
import { profiles } from '../../db/schema';

const PAGE_SIZE = 20;
const cursorShape = z.tuple([z.string().regex(/^[a-z0-9_.]{1,20}$/)]);

/** People whose username or full name contains the text, any case (profiles_*_trgm_idx). */
export function userMatch(query: string): SQL {
  const pattern = `%${escapeLike(query)}%`;
  return or(ilike(profiles.username, pattern), ilike(profiles.fullName, pattern)) as SQL;
}

/** The page query, also read by the EXPLAIN test: by username, after the cursor. */
export function userSearchQuery(db: Db, query: string, afterUsername: string | null) {
  return db
    .select({
      username: profiles.username,
      fullName: profiles.fullName,
      pictureKey: profiles.profilePictureKey,
    })
    .from(profiles)
    .where(and(userMatch(query), afterUsername === null ? undefined : gt(profiles.username, afterUsername)))
    .orderBy(asc(profiles.username))
    .limit(PAGE_SIZE + 1);
}

/** SPEC §7 profiles search: ordered by username, paged by it; the count on the first page, capped. */
export async function searchUsers(db: Db, query: string, cursor: string | undefined) {
  const after = cursor ? decodeCursor(cursor, cursorShape)[0] : null;
  const rows = await userSearchQuery(db, query, after);
  const page = takePage(rows, PAGE_SIZE, (last) => [last.username]);
  const total =
    after === null ? await countCapped(db, sql`select 1 from profiles where ${userMatch(query)}`) : null;
  return { ...page, total };
}

/** Counts matches up to the cap and says whether there are more: never a scan of every match. */
export async function countCapped(db: Db, matches: SQL): Promise<SearchCount> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (${matches} limit ${SEARCH_COUNT_CAP + 1}) capped`,
  );
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, SEARCH_COUNT_CAP), more: n > SEARCH_COUNT_CAP };
}
