// Staff's side of a round (issue #52, decision 042): start one for a class, add, approve and remove
// categories while it is a draft, move it forward a phase at a time, change when results are shown,
// delete a draft. Every change locks the round's row for update first, so a nomination or vote (which
// lock it for share) lands before a phase change or sees its outcome. Closing nominations computes
// each ballot, closing the vote each winner, with COUNT over the rows the unique keys kept one per
// member, in the transaction that moves the phase.
import { sql } from 'drizzle-orm';
import type { Institution } from '../../../shared/institutions';
import {
  nextSuperlativePhase,
  SUPERLATIVE_BALLOT_SIZE,
  SUPERLATIVE_CATEGORIES_MAX,
  SUPERLATIVE_MAX_WINS,
  SUPERLATIVE_MESSAGES,
  type SuperlativePhase,
} from '../../../shared/superlatives';
import { AppError } from '../../app-error';
import { type Db, queryRows } from '../../db/client';
import { lockRound, lockRoundOfCategory, type RoundRow } from './read-round';

const conflict = (message: string) => new AppError('conflict', message);
const missingRound = () => new AppError('not_found', SUPERLATIVE_MESSAGES.missingRound);
const missingCategory = () => new AppError('not_found', SUPERLATIVE_MESSAGES.missingCategory);

/** A new draft round for the class; null when the class has one. */
export async function createRound(
  db: Db,
  options: { year: number; campus: Institution; resultsAt: Date; createdBy: string },
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into superlative_rounds (graduation_year, institution, results_at, created_by)
        values (${options.year}, ${options.campus}, ${options.resultsAt.toISOString()}, ${options.createdBy})
        on conflict (graduation_year, institution) do nothing
        returning id`,
  );
  return row?.id ?? null;
}

/**
 * Moves the round to `phase` (the next one only) and/or sets when results are shown. `resultsAt`
 * null means "now" (a closed round's "show results now"). Throws the 404 or 409 that says why not.
 */
export async function updateRound(
  db: Db,
  options: { roundId: string; phase?: SuperlativePhase; resultsAt?: Date | 'now' },
): Promise<void> {
  await db.transaction(async (tx) => {
    const round = await lockRound(tx, options.roundId);
    if (!round) throw missingRound();
    if (options.resultsAt !== undefined) {
      if (round.resultsShown) throw conflict(SUPERLATIVE_MESSAGES.resultsShown);
      await tx.execute(
        sql`update superlative_rounds
            set results_at = ${options.resultsAt === 'now' ? sql`now()` : options.resultsAt.toISOString()}
            where id = ${round.id}`,
      );
    }
    if (options.phase === undefined) return;
    const next = nextSuperlativePhase(round.phase);
    if (options.phase !== next) throw conflict(SUPERLATIVE_MESSAGES.phaseOrder(round.phase, options.phase));
    if (next === 'nominating') await openNominations(tx, round);
    else if (next === 'voting') await openVoting(tx, round);
    else if (next === 'closed') await closeVoting(tx, round);
    await tx.execute(sql`update superlative_rounds set phase = ${next} where id = ${round.id}`);
  });
}

/** Draft to nominating: at least one approved category; the unapproved ones go. */
async function openNominations(tx: Db, round: RoundRow): Promise<void> {
  const [approved] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from superlative_categories where round_id = ${round.id} and approved`,
  );
  if (!approved?.n) throw conflict(SUPERLATIVE_MESSAGES.approveFirst);
  await tx.execute(sql`delete from superlative_categories where round_id = ${round.id} and not approved`);
}

/**
 * Nominating to voting: each category's ballot, the five most nominated classmates still eligible
 * (of the class, not opted out, not hidden), by count, then name, then username; stored with their
 * counts (never shown: the vote's tie-break).
 */
async function openVoting(tx: Db, round: RoundRow): Promise<void> {
  await tx.execute(ballotsOf(round));
}

/** The statement that stores a round's ballots (exported for its query plan). */
export function ballotsOf(round: Pick<RoundRow, 'id' | 'year' | 'campus'>) {
  // Counted per category (the nominations' key), so only this round's nominations are read.
  return sql`insert into superlative_candidates (category_id, candidate_id, nominations)
    select category_id, nominee_id, nominations from (
      select c.id as category_id, counted.nominee_id, counted.nominations,
        row_number() over (partition by c.id
          order by counted.nominations desc, lower(p.full_name), p.username) as rank
      from superlative_categories c
      cross join lateral (select n.nominee_id, count(*)::int as nominations
        from superlative_nominations n where n.category_id = c.id group by n.nominee_id) counted
      join profiles p on p.user_id = counted.nominee_id
      where c.round_id = ${round.id}
        and p.graduation_year = ${round.year} and p.institution = ${round.campus}
        and not p.superlatives_opt_out and not p.hidden_from_class
    ) ranked
    where rank <= ${SUPERLATIVE_BALLOT_SIZE}`;
}

/**
 * Voting to closed: the winners. Categories in their order; in each, candidates by votes, then
 * nominations, then name and username; one who already won SUPERLATIVE_MAX_WINS categories of this
 * round, or has since opted out, left the class page or the class, is passed over for the next in
 * line. Only a candidate with at least one vote wins: a category nobody voted in has no winner.
 */
async function closeVoting(tx: Db, round: RoundRow): Promise<void> {
  const rows = await queryRows<{ category_id: string; candidate_id: string; eligible: boolean }>(
    tx,
    candidatesInLine(round),
  );
  const wins = new Map<string, number>();
  const winners = new Map<string, string>();
  for (const row of rows) {
    if (winners.has(row.category_id) || !row.eligible) continue;
    const won = wins.get(row.candidate_id) ?? 0;
    if (won >= SUPERLATIVE_MAX_WINS) continue;
    wins.set(row.candidate_id, won + 1);
    winners.set(row.category_id, row.candidate_id);
  }
  for (const [categoryId, winnerId] of winners) {
    await tx.execute(sql`update superlative_categories set winner_id = ${winnerId} where id = ${categoryId}`);
  }
}

/**
 * Each category's candidates with at least one vote, in line: categories by position, then votes,
 * nominations, name and username; whether each may still win (exported for its query plan).
 */
export function candidatesInLine(round: Pick<RoundRow, 'id' | 'year' | 'campus'>) {
  return sql`select c.id as category_id, b.candidate_id,
          (p.graduation_year = ${round.year} and p.institution = ${round.campus}
            and not p.superlatives_opt_out and not p.hidden_from_class) as eligible
        from superlative_categories c
        join superlative_candidates b on b.category_id = c.id
        join profiles p on p.user_id = b.candidate_id
        cross join lateral (select count(*)::int as votes from superlative_votes v
          where v.category_id = c.id and v.candidate_id = b.candidate_id) counted
        where c.round_id = ${round.id} and counted.votes > 0
        order by c.position, counted.votes desc, b.nominations desc, lower(p.full_name), p.username`;
}

/** Deletes a draft round (its categories with it). */
export async function deleteRound(db: Db, roundId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const round = await lockRound(tx, roundId);
    if (!round) throw missingRound();
    if (round.phase !== 'draft') throw conflict(SUPERLATIVE_MESSAGES.deleteDraftOnly);
    await tx.execute(sql`delete from superlative_rounds where id = ${round.id}`);
  });
}

/** The round as it is before a category is added: 404 or 409 now, before the title is checked. */
export function refuseUnlessDraft(round: RoundRow | null): RoundRow {
  if (!round) throw missingRound();
  if (round.phase !== 'draft') throw conflict(SUPERLATIVE_MESSAGES.draftOnly);
  return round;
}

export interface CategoryRow {
  id: string;
  title: string;
  position: number;
  approved: boolean;
}

/** Adds a category at the end of a draft round: at most SUPERLATIVE_CATEGORIES_MAX, titles unique. */
export async function addCategory(db: Db, options: { roundId: string; title: string }): Promise<CategoryRow> {
  return db.transaction(async (tx) => {
    refuseUnlessDraft(await lockRound(tx, options.roundId));
    const [now] = await queryRows<{ n: number; taken: boolean; last: number }>(
      tx,
      sql`select count(*)::int as n, coalesce(max(position), 0)::int as last,
            coalesce(bool_or(lower(title) = lower(${options.title})), false) as taken
          from superlative_categories where round_id = ${options.roundId}`,
    );
    if (now?.taken) throw conflict(SUPERLATIVE_MESSAGES.duplicateTitle);
    if ((now?.n ?? 0) >= SUPERLATIVE_CATEGORIES_MAX) throw conflict(SUPERLATIVE_MESSAGES.tooManyCategories);
    const [row] = await queryRows<CategoryRow>(
      tx,
      sql`insert into superlative_categories (round_id, title, position)
          values (${options.roundId}, ${options.title}, ${(now?.last ?? 0) + 1})
          returning id, title, position, approved`,
    );
    if (!row) throw new Error('addCategory: no row');
    return row;
  });
}

/** Approves (`approve`) or removes (`remove`) a category of a draft round. */
export async function decideCategory(
  db: Db,
  options: { categoryId: string; decision: 'approve' | 'remove' },
): Promise<void> {
  await db.transaction(async (tx) => {
    const round = await lockRoundOfCategory(tx, options.categoryId, 'update');
    if (!round) throw missingCategory();
    if (round.phase !== 'draft') throw conflict(SUPERLATIVE_MESSAGES.draftOnly);
    await tx.execute(
      options.decision === 'approve'
        ? sql`update superlative_categories set approved = true where id = ${options.categoryId}`
        : sql`delete from superlative_categories where id = ${options.categoryId}`,
    );
  });
}
