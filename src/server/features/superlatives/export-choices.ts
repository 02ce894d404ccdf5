// The account export's superlatives (issue #52, decision 042): the nominations and votes this account
// made, keyed by it, each naming the class, the category and whom it chose. Never a nomination or
// vote about it (who chose it is other people's secret). At most a category's worth per round of a
// class: one query each.
import { sql } from 'drizzle-orm';
import type { Institution } from '../../../shared/institutions';
import { type Db, queryRows } from '../../db/client';

export interface ExportedChoice {
  year: number;
  campus: Institution;
  category: string;
  /** Whom it chose, by username (null once their account is gone: the row went with it). */
  chose: string | null;
  at: Date;
}

export function choicesForExport(
  db: Db,
  userId: string,
  kind: 'nominations' | 'votes',
): Promise<ExportedChoice[]> {
  const [table, own, other, at] =
    kind === 'nominations'
      ? [sql`superlative_nominations`, sql`x.nominator_id`, sql`x.nominee_id`, sql`x.updated_at`]
      : [sql`superlative_votes`, sql`x.voter_id`, sql`x.candidate_id`, sql`x.created_at`];
  return queryRows<ExportedChoice>(
    db,
    sql`select r.graduation_year as year, r.institution as campus, c.title as category, p.username as chose,
          ${at} as at
        from ${table} x
        join superlative_categories c on c.id = x.category_id
        join superlative_rounds r on r.id = c.round_id
        left join profiles p on p.user_id = ${other}
        where ${own} = ${userId}
        order by r.graduation_year, r.institution, c.position`,
  );
}
