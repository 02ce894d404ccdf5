// A class's round as one viewer may see it (issue #52, decision 042): its phase and categories, the
// viewer's own nomination and vote, each ballot (by name: never by how many nominated anyone) less
// anyone between whom and the viewer there is a block, the winners once shown (to staff once closed),
// and to staff how many nominated and voted in each category. Nothing here says who nominated or
// voted for whom, nor how many chose anyone.
import { sql } from 'drizzle-orm';
import type { Institution } from '../../../shared/institutions';
import type { SuperlativePhase } from '../../../shared/superlatives';
import { type Db, queryRows } from '../../db/client';
import { profiles } from '../../db/schema';
import { noBlockBetween } from '../personal-controls';
import type { ClassmateRow } from '../yearbook';

export interface RoundRow {
  id: string;
  year: number;
  campus: Institution;
  phase: SuperlativePhase;
  resultsAt: Date;
  /** Closed and results_at reached, by the database's clock. */
  resultsShown: boolean;
}

const ROUND_COLUMNS = sql`id, graduation_year as year, institution as campus, phase,
  results_at as "resultsAt", (phase = 'closed' and results_at <= now()) as "resultsShown"`;

const asDate = (row: RoundRow): RoundRow => ({ ...row, resultsAt: new Date(row.resultsAt) });

export async function findClassRound(db: Db, year: number, campus: Institution): Promise<RoundRow | null> {
  const [row] = await queryRows<RoundRow>(
    db,
    sql`select ${ROUND_COLUMNS} from superlative_rounds where graduation_year = ${year} and institution = ${campus}`,
  );
  return row ? asDate(row) : null;
}

export async function findRound(db: Db, roundId: string): Promise<RoundRow | null> {
  const [row] = await queryRows<RoundRow>(
    db,
    sql`select ${ROUND_COLUMNS} from superlative_rounds where id = ${roundId}`,
  );
  return row ? asDate(row) : null;
}

/** The round of a category and the category's approval, locking the round's row (`share` or `update`). */
export async function lockRoundOfCategory(
  db: Db,
  categoryId: string,
  lock: 'share' | 'update',
): Promise<(RoundRow & { approved: boolean }) | null> {
  const [row] = await queryRows<RoundRow & { approved: boolean }>(
    db,
    sql`select r.id, r.graduation_year as year, r.institution as campus, r.phase, r.results_at as "resultsAt",
          (r.phase = 'closed' and r.results_at <= now()) as "resultsShown", c.approved
        from superlative_categories c join superlative_rounds r on r.id = c.round_id
        where c.id = ${categoryId}
        for ${lock === 'share' ? sql`share` : sql`update`} of r`,
  );
  return row ? { ...asDate(row), approved: row.approved } : null;
}

/** The round's row, locked for update (a phase change, a category's change, the round's deletion). */
export async function lockRound(db: Db, roundId: string): Promise<RoundRow | null> {
  const [row] = await queryRows<RoundRow>(
    db,
    sql`select ${ROUND_COLUMNS} from superlative_rounds where id = ${roundId} for update`,
  );
  return row ? asDate(row) : null;
}

type Person = ClassmateRow & { userId: string };

export interface CategoryView {
  id: string;
  title: string;
  position: number;
  approved: boolean;
  myNomination: Person | null;
  ballot: Person[];
  myVote: string | null;
  winner: Person | null;
  participation: { nominated: number; voted: number } | null;
}

const PERSON = sql`json_build_object('userId', profiles.user_id, 'username', profiles.username, 'fullName', profiles.full_name,
  'pictureKey', profiles.profile_picture_key, 'bio', profiles.bio)`;

/**
 * The round's categories in position order as `viewerId` sees them: `staff` see unapproved ones and
 * participation, and the winners once closed; members see the winners once shown.
 */
export async function readCategories(
  db: Db,
  options: { round: RoundRow; viewerId: string; staff: boolean; inClass: boolean },
): Promise<CategoryView[]> {
  const { round, viewerId, staff, inClass } = options;
  const mine = inClass && round.phase === 'nominating';
  const ballots = round.phase === 'voting' || round.phase === 'closed';
  const winners = round.phase === 'closed' && (round.resultsShown || staff);
  // Someone between whom and the viewer there is a block is left out wherever they would show.
  const shown = noBlockBetween(viewerId, profiles.userId);
  const rows = await queryRows<{
    id: string;
    title: string;
    position: number;
    approved: boolean;
    my_nomination: Person | null;
    ballot: Person[] | null;
    my_vote: string | null;
    winner: Person | null;
    nominated: number | null;
    voted: number | null;
  }>(
    db,
    sql`select c.id, c.title, c.position, c.approved,
          ${
            mine
              ? sql`(select ${PERSON} from superlative_nominations n join profiles on profiles.user_id = n.nominee_id
                  where n.category_id = c.id and n.nominator_id = ${viewerId})`
              : sql`null::json`
          } as my_nomination,
          ${
            ballots
              ? sql`(select json_agg(${PERSON} order by lower(profiles.full_name), profiles.username)
                  from superlative_candidates b join profiles on profiles.user_id = b.candidate_id
                  where b.category_id = c.id and not profiles.superlatives_opt_out and not profiles.hidden_from_class
                    and ${shown})`
              : sql`null::json`
          } as ballot,
          ${
            ballots
              ? sql`(select profiles.username from superlative_votes v join profiles on profiles.user_id = v.candidate_id
                  where v.category_id = c.id and v.voter_id = ${viewerId})`
              : sql`null::text`
          } as my_vote,
          ${
            winners
              ? sql`(select ${PERSON} from profiles where profiles.user_id = c.winner_id
                  and not profiles.superlatives_opt_out and not profiles.hidden_from_class and ${shown})`
              : sql`null::json`
          } as winner,
          ${staff ? sql`(select count(*)::int from superlative_nominations n where n.category_id = c.id)` : sql`null::int`} as nominated,
          ${staff ? sql`(select count(*)::int from superlative_votes v where v.category_id = c.id)` : sql`null::int`} as voted
        from superlative_categories c
        where c.round_id = ${round.id} ${staff ? sql`` : sql`and c.approved`}
        order by c.position`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    position: row.position,
    approved: row.approved,
    myNomination: row.my_nomination,
    ballot: row.ballot ?? [],
    myVote: row.my_vote,
    winner: row.winner,
    participation: staff ? { nominated: row.nominated ?? 0, voted: row.voted ?? 0 } : null,
  }));
}
