// A class page (issue #52): one graduation year's members of one campus, by name (any case) then
// username, a keyset page at a time, and how many each campus lists. Both statements read
// profiles_class_listing_idx (migration 0033) in its order: the page stops after a page and one more
// row, the count reads the year's entries and nothing else. Members who left their class page are
// outside that index's rows; people between whom and the viewer there is a block are left out of the
// page and the count alike (personal-controls' noBlockBetween), so the tabs' numbers are what the
// tabs list. A search within the class filters the same walk: a class is at most a few thousand.
import { and, asc, eq, not, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Institution } from '../../../shared/institutions';
import { CLASS_PAGE_SIZE, type ClassCounts } from '../../../shared/yearbook';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/escape-like';
import { decodeCursor, takePage } from '../../db/keyset-cursor';
import { preparedStatement } from '../../db/prepared';
import { profiles } from '../../db/schema';
import { noBlockBetween } from '../personal-controls';

const p = {
  viewerId: sql.placeholder('viewerId'),
  year: sql.placeholder('year'),
  campus: sql.placeholder('campus'),
  afterName: sql.placeholder('afterName'),
  afterUsername: sql.placeholder('afterUsername'),
  pattern: sql.placeholder('pattern'),
};

/** The index's third column: the order of names, the same expression the index holds. */
const sortName = sql<string>`lower(${profiles.fullName})`;

/** The rows a class page may list: the year's, not hidden, no block either way with the viewer. */
const inClass = () =>
  and(
    eq(profiles.graduationYear, p.year),
    not(profiles.hiddenFromClass),
    noBlockBetween(p.viewerId, profiles.userId),
  );

/**
 * A page of the class in the index's order. `only` narrows it further: the nomination picker's list
 * (superlatives, issue #52) is the class page's less the viewer and those who left superlatives.
 */
const pageOf = (statement: string, only?: () => SQL | undefined) =>
  preparedStatement(statement, (db, name) =>
    db
      .select({
        username: profiles.username,
        fullName: profiles.fullName,
        pictureKey: profiles.profilePictureKey,
        bio: profiles.bio,
        sortName: sortName.as('sort_name'),
      })
      .from(profiles)
      .where(
        and(
          inClass(),
          eq(profiles.institution, p.campus),
          only?.(),
          // After the cursor's row; the first page starts after ('', ''), before every name (a full name
          // is never blank), so one statement and one plan serve every page.
          sql`(${sortName}, ${profiles.username}) > (${p.afterName}::text, ${p.afterUsername}::text)`,
          sql`(${p.pattern}::text is null
          or ${profiles.fullName} ilike ${p.pattern}::text or ${profiles.username} ilike ${p.pattern}::text)`,
        ),
      )
      .orderBy(sortName, asc(profiles.username))
      .limit(CLASS_PAGE_SIZE + 1)
      .prepare(name),
  );

const classPage = pageOf('class_page');
const nomineePage = pageOf('superlative_nominees', () =>
  and(not(profiles.superlativesOptOut), sql`${profiles.userId} <> ${p.viewerId}`),
);

const classCounts = preparedStatement('class_counts', (db, name) =>
  db
    .select({ campus: profiles.institution, members: sql<number>`count(*)::int` })
    .from(profiles)
    .where(inClass())
    .groupBy(profiles.institution)
    .prepare(name),
);

/**
 * A cursor: the last row's name as the index orders it (never blank, and never a NUL, which
 * PostgreSQL's text cannot hold: a forged one is a 400, not the database's error), and its username.
 */
const cursorShape = z.tuple([
  z
    .string()
    .min(1)
    .max(400)
    .refine((name) => !name.includes('\u0000')),
  z.string().regex(/^[a-z0-9_.]{1,20}$/),
]);

export interface ClassmateRow {
  username: string;
  fullName: string;
  pictureKey: string | null;
  bio: string;
}

/**
 * A page of the class of `year` at `campus`, for `viewerId`; `query` (trimmed, non-blank) keeps only
 * names or usernames containing it, any case. A cursor that is not one of ours is a 400.
 */
export async function listClass(options: {
  db: Db;
  viewerId: string;
  year: number;
  campus: Institution;
  query: string | null;
  cursor: string | undefined;
  /** The classmates the viewer may nominate (superlatives): not themselves, not who left superlatives. */
  nominees?: boolean;
}): Promise<{ rows: ClassmateRow[]; nextCursor: string | null }> {
  const [afterName, afterUsername] = options.cursor ? decodeCursor(options.cursor, cursorShape) : ['', ''];
  const rows = await (options.nominees ? nomineePage : classPage)(options.db).execute({
    viewerId: options.viewerId,
    year: options.year,
    campus: options.campus,
    afterName,
    afterUsername,
    pattern: options.query ? `%${escapeLike(options.query)}%` : null,
  });
  const page = takePage(rows, CLASS_PAGE_SIZE, (last) => [last.sortName, last.username]);
  return {
    rows: page.rows.map(({ sortName: _order, ...row }) => row),
    nextCursor: page.nextCursor,
  };
}

/** How many members each campus's tab lists for `viewerId` (the search aside). */
export async function countClass(options: { db: Db; viewerId: string; year: number }): Promise<ClassCounts> {
  const rows = await classCounts(options.db).execute({ viewerId: options.viewerId, year: options.year });
  const counts: ClassCounts = { VITC: 0, VITV: 0 };
  for (const row of rows) counts[row.campus] = row.members;
  return counts;
}

const viewerInClass = preparedStatement('class_viewer', (db, name) =>
  db
    .select({
      campus: profiles.institution,
      hidden: sql<boolean>`(${profiles.hiddenFromClass} and ${profiles.graduationYear} = ${p.year})`,
    })
    .from(profiles)
    .where(eq(profiles.userId, p.viewerId))
    .limit(1)
    .prepare(name),
);

/** The viewer's own campus (a class page's first tab), and whether they left this class's page. */
export async function viewerOfClass(
  db: Db,
  viewerId: string,
  year: number,
): Promise<{ campus: Institution; hidden: boolean } | null> {
  const [row] = await viewerInClass(db).execute({ viewerId, year });
  return row ?? null;
}
