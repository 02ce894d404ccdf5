// The nomination picker's list (issue #52): the classmates one may nominate, as the class page lists
// them (by name, then username, a keyset page at a time, a search within the class) less oneself and
// those who left superlatives. It walks profiles_class_listing_idx as the class page does.
import { and, asc, eq, not, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Institution } from '../../../shared/institutions';
import { CLASS_PAGE_SIZE } from '../../../shared/yearbook';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/escape-like';
import { decodeCursor, takePage } from '../../db/keyset-cursor';
import { preparedStatement } from '../../db/prepared';
import { profiles } from '../../db/schema';
import { noBlockBetween } from '../personal-controls';
import type { ClassmateRow } from '../yearbook';

const p = {
  viewerId: sql.placeholder('viewerId'),
  year: sql.placeholder('year'),
  campus: sql.placeholder('campus'),
  afterName: sql.placeholder('afterName'),
  afterUsername: sql.placeholder('afterUsername'),
  pattern: sql.placeholder('pattern'),
};

const sortName = sql<string>`lower(${profiles.fullName})`;

const nomineePage = preparedStatement('superlative_nominees', (db, name) =>
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
        eq(profiles.graduationYear, p.year),
        eq(profiles.institution, p.campus),
        not(profiles.hiddenFromClass),
        not(profiles.superlativesOptOut),
        sql`${profiles.userId} <> ${p.viewerId}`,
        noBlockBetween(p.viewerId, profiles.userId),
        sql`(${sortName}, ${profiles.username}) > (${p.afterName}::text, ${p.afterUsername}::text)`,
        sql`(${p.pattern}::text is null
          or ${profiles.fullName} ilike ${p.pattern}::text or ${profiles.username} ilike ${p.pattern}::text)`,
      ),
    )
    .orderBy(sortName, asc(profiles.username))
    .limit(CLASS_PAGE_SIZE + 1)
    .prepare(name),
);

/** The class page's cursor: the last row's name as the index orders it, and its username. */
const cursorShape = z.tuple([
  z
    .string()
    .min(1)
    .max(400)
    .refine((name) => !name.includes('\u0000')),
  z.string().regex(/^[a-z0-9_.]{1,20}$/),
]);

export async function listNominees(options: {
  db: Db;
  viewerId: string;
  year: number;
  campus: Institution;
  query: string | null;
  cursor: string | undefined;
}): Promise<{ rows: ClassmateRow[]; nextCursor: string | null }> {
  const [afterName, afterUsername] = options.cursor ? decodeCursor(options.cursor, cursorShape) : ['', ''];
  const rows = await nomineePage(options.db).execute({
    viewerId: options.viewerId,
    year: options.year,
    campus: options.campus,
    afterName,
    afterUsername,
    pattern: options.query ? `%${escapeLike(options.query)}%` : null,
  });
  const page = takePage(rows, CLASS_PAGE_SIZE, (last) => [last.sortName, last.username]);
  return { rows: page.rows.map(({ sortName: _order, ...row }) => row), nextCursor: page.nextCursor };
}
