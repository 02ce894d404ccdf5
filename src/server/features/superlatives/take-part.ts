// A member's side of a round (issue #52, decision 042): nominate one classmate per category (changed
// by upsert, withdrawn) while nominations are open, and vote once per category for someone on its
// ballot while the vote is open. Each write locks its round's row for share and checks the phase
// under that lock, so a staff phase change (which locks it for update) waits for it or it sees the
// new phase: no nomination or vote is counted after the count, none is lost before it. The keys
// (category, nominator) and (category, voter) keep one each, whatever arrives at once.
import { sql } from 'drizzle-orm';
import { SUPERLATIVE_MESSAGES } from '../../../shared/superlatives';
import { AppError } from '../../app-error';
import { type Db, queryRows } from '../../db/client';
import type { ClassmateRow } from '../yearbook';
import { findChoosable, inClassOf, type Member } from './class-member';
import { lockRoundOfCategory, type RoundRow } from './read-round';

/**
 * The category's round, locked for share, when `member` takes part in it: 404 for no such category
 * (or one members cannot see: a draft's, an unapproved one, to anyone but staff), 403 outside its
 * class.
 */
async function roundToTakePart(
  tx: Db,
  categoryId: string,
  member: Member,
  staff: boolean,
): Promise<RoundRow> {
  const round = await lockRoundOfCategory(tx, categoryId, 'share');
  if (!round || ((round.phase === 'draft' || !round.approved) && !staff)) {
    throw new AppError('not_found', SUPERLATIVE_MESSAGES.missingCategory);
  }
  if (!inClassOf(member, round)) {
    throw new AppError('forbidden', SUPERLATIVE_MESSAGES.notInClass(round.year, round.campus));
  }
  return round;
}

function refuseUnlessNominating(round: RoundRow): void {
  if (round.phase === 'draft') throw new AppError('conflict', SUPERLATIVE_MESSAGES.notNominating);
  if (round.phase !== 'nominating') throw new AppError('conflict', SUPERLATIVE_MESSAGES.nominationsClosed);
}

/** `member` nominates `username` in the category (or changes their nomination to them). */
export async function nominate(
  db: Db,
  options: { categoryId: string; member: Member; staff: boolean; username: string },
): Promise<ClassmateRow> {
  const { member } = options;
  return db.transaction(async (tx) => {
    const round = await roundToTakePart(tx, options.categoryId, member, options.staff);
    refuseUnlessNominating(round);
    if (options.username === member.username) throw new AppError('forbidden', SUPERLATIVE_MESSAGES.yourself);
    const nominee = await findChoosable(tx, {
      viewerId: member.userId,
      username: options.username,
      year: round.year,
      campus: round.campus,
    });
    if (!nominee) throw new AppError('not_found', SUPERLATIVE_MESSAGES.noSuchClassmate(options.username));
    await tx.execute(
      sql`insert into superlative_nominations (category_id, nominator_id, nominee_id)
          values (${options.categoryId}, ${member.userId}, ${nominee.userId})
          on conflict (category_id, nominator_id) do update
            set nominee_id = excluded.nominee_id, updated_at = now()`,
    );
    const { userId: _id, ...classmate } = nominee;
    return classmate;
  });
}

/** `member` withdraws their nomination in the category. */
export async function withdrawNomination(
  db: Db,
  options: { categoryId: string; member: Member; staff: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    refuseUnlessNominating(await roundToTakePart(tx, options.categoryId, options.member, options.staff));
    const gone = await queryRows<{ one: number }>(
      tx,
      sql`delete from superlative_nominations
          where category_id = ${options.categoryId} and nominator_id = ${options.member.userId}
          returning 1 as one`,
    );
    if (gone.length === 0) throw new AppError('not_found', SUPERLATIVE_MESSAGES.nothingToWithdraw);
  });
}

/** `member` votes for `username` on the category's ballot: once. */
export async function vote(
  db: Db,
  options: { categoryId: string; member: Member; staff: boolean; username: string },
): Promise<void> {
  const { member } = options;
  await db.transaction(async (tx) => {
    const round = await roundToTakePart(tx, options.categoryId, member, options.staff);
    if (round.phase === 'closed') throw new AppError('conflict', SUPERLATIVE_MESSAGES.votingClosed);
    if (round.phase !== 'voting') throw new AppError('conflict', SUPERLATIVE_MESSAGES.notVoting);
    if (options.username === member.username)
      throw new AppError('forbidden', SUPERLATIVE_MESSAGES.voteYourself);
    const candidate = await findChoosable(tx, {
      viewerId: member.userId,
      username: options.username,
      year: round.year,
      campus: round.campus,
    });
    const voted = candidate
      ? await queryRows<{ one: number }>(
          tx,
          sql`insert into superlative_votes (category_id, voter_id, candidate_id)
              select ${options.categoryId}, ${member.userId}, b.candidate_id from superlative_candidates b
              where b.category_id = ${options.categoryId} and b.candidate_id = ${candidate.userId}
              on conflict (category_id, voter_id) do nothing
              returning 1 as one`,
        )
      : [];
    if (voted.length > 0) return;
    const [already] = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from superlative_votes
          where category_id = ${options.categoryId} and voter_id = ${member.userId}`,
    );
    if (already) throw new AppError('conflict', SUPERLATIVE_MESSAGES.alreadyVoted);
    throw new AppError('not_found', SUPERLATIVE_MESSAGES.noSuchClassmate(options.username));
  });
}

/**
 * A member left superlatives (Edit Profile): their nominations as nominee in a round whose
 * nominations are open stop counting. (A ballot already made leaves them off when it is read and
 * when the winners are computed.)
 */
export async function dropNominationsOf(db: Db, nomineeId: string): Promise<void> {
  await db.execute(
    sql`delete from superlative_nominations n
        using superlative_categories c, superlative_rounds r
        where n.nominee_id = ${nomineeId} and c.id = n.category_id and r.id = c.round_id
          and r.phase = 'nominating'`,
  );
}
