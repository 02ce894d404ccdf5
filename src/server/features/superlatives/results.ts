// Shown results (issue #52, decision 042): a round's winners once it is closed and its results date
// has come, by the database's clock. A winner who has since left superlatives is no longer shown
// (nobody takes their place: results stand as they were computed); one whose account is gone has
// left nothing. These are what a profile lists and what the book prints.
import { sql } from 'drizzle-orm';
import type { Institution } from '../../../shared/institutions';
import { type Db, queryRows } from '../../db/client';

const SHOWN = sql`r.phase = 'closed' and r.results_at <= now()`;

export interface Win {
  roundId: string;
  categoryId: string;
  title: string;
  year: number;
  campus: Institution;
  winner: { userId: string; fullName: string; username: string; pictureKey: string | null };
}

/** The shown wins of one person, by class then category order (superlative_categories_winner_idx). */
export async function listWins(db: Db, options: { userId: string }): Promise<Win[]> {
  const rows = await queryRows<Omit<Win, 'winner'> & Win['winner']>(
    db,
    sql`select r.id as "roundId", c.id as "categoryId", c.title, r.graduation_year as year, r.institution as campus,
          p.user_id as "userId", p.full_name as "fullName", p.username, p.profile_picture_key as "pictureKey"
        from superlative_categories c
        join superlative_rounds r on r.id = c.round_id
        join profiles p on p.user_id = c.winner_id
        where c.winner_id = ${options.userId} and ${SHOWN} and not p.superlatives_opt_out
        order by r.graduation_year, r.institution, c.position`,
  );
  return rows.map(({ userId, fullName, username, pictureKey, ...win }) => ({
    ...win,
    winner: { userId, fullName, username, pictureKey },
  }));
}

export interface ClassResult {
  categoryId: string;
  title: string;
  position: number;
  /** Null: nobody voted, or the winner has left superlatives, the class page or the site. */
  winner: Win['winner'] | null;
}

/**
 * A class's shown results, categories in their order with their winners ([] when the class has no
 * round or its results are not shown yet). For the book: nobody's blocks apply.
 */
export async function classResults(
  db: Db,
  options: { year: number; campus: Institution },
): Promise<ClassResult[]> {
  const rows = await queryRows<{
    categoryId: string;
    title: string;
    position: number;
    userId: string | null;
    fullName: string | null;
    username: string | null;
    pictureKey: string | null;
  }>(
    db,
    sql`select c.id as "categoryId", c.title, c.position,
          p.user_id as "userId", p.full_name as "fullName", p.username, p.profile_picture_key as "pictureKey"
        from superlative_rounds r
        join superlative_categories c on c.round_id = r.id
        left join profiles p on p.user_id = c.winner_id
          and not p.superlatives_opt_out and not p.hidden_from_class
        where r.graduation_year = ${options.year} and r.institution = ${options.campus} and ${SHOWN}
        order by c.position`,
  );
  return rows.map(({ userId, fullName, username, pictureKey, ...category }) => ({
    ...category,
    winner: userId && fullName && username ? { userId, fullName, username, pictureKey } : null,
  }));
}
