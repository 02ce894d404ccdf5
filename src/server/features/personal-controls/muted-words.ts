// Muted words and phrases (issue #48): each read as the text check reads text (features/safety:
// word-pattern.ts), kept with the expression the lists match posts with, for 24 hours, 7 days, 30
// days or always. The database's clock decides when one stops acting, in the statement that reads the
// lists (visibility.ts), never the browser's. Expired words are not listed, and go when their owner
// next adds one.
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { RowId } from '../../../shared/path-params';
import {
  type AddMutedWordRequest,
  CONTROL_LIMITS,
  CONTROL_MESSAGES,
  MUTE_DURATION_HOURS,
  type MutedWord,
} from '../../../shared/personal-controls';
import { AppError } from '../../app-error';
import { type Db, queryRows } from '../../db/client';
import { mutedWords } from '../../db/schema';
import { mutedPhrase } from '../safety';
import { lockControlsOf } from './lock';

const acting = (userId: string) =>
  and(eq(mutedWords.userId, userId), or(isNull(mutedWords.expiresAt), gt(mutedWords.expiresAt, sql`now()`)));

function presentWord(row: typeof mutedWords.$inferSelect): MutedWord {
  return {
    id: row.id,
    phrase: row.phrase,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The words acting now, newest first (at most CONTROL_LIMITS.mutedWords). */
export async function listMutedWords(db: Db, userId: string): Promise<MutedWord[]> {
  const rows = await db
    .select()
    .from(mutedWords)
    .where(acting(userId))
    .orderBy(desc(mutedWords.createdAt), desc(mutedWords.id));
  return rows.map(presentWord);
}

/**
 * Mutes a word or phrase. 400 when it has no letters to match; 409 when one read the same way is
 * acting already, or at the cap.
 */
export async function addMutedWord(
  db: Db,
  options: { userId: string } & Required<AddMutedWordRequest>,
): Promise<MutedWord> {
  const { userId, phrase, duration } = options;
  const muted = mutedPhrase(phrase);
  if (!muted) throw new AppError('validation_failed', CONTROL_MESSAGES.phraseNoLetters, 'phrase');
  const hours = MUTE_DURATION_HOURS[duration];
  return db.transaction(async (tx) => {
    await lockControlsOf(tx, userId);
    await tx
      .delete(mutedWords)
      .where(and(eq(mutedWords.userId, userId), sql`${mutedWords.expiresAt} <= now()`));
    const [had] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from muted_words where user_id = ${userId}`,
    );
    if ((had?.n ?? 0) >= CONTROL_LIMITS.mutedWords) {
      throw new AppError('conflict', CONTROL_MESSAGES.tooManyWords, 'phrase');
    }
    const [row] = await tx
      .insert(mutedWords)
      .values({
        userId,
        phrase,
        matchKey: muted.matchKey,
        pattern: muted.pattern,
        ending: muted.ending,
        expiresAt: hours === null ? null : sql`now() + ${hours}::int * interval '1 hour'`,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', CONTROL_MESSAGES.alreadyMutedWord(phrase), 'phrase');
    return presentWord(row);
  });
}

/** Stops muting a word; 404 when the viewer has none of that id. */
export async function removeMutedWord(db: Db, options: { userId: string; id: RowId }): Promise<void> {
  const removed = await db
    .delete(mutedWords)
    .where(and(eq(mutedWords.id, options.id), eq(mutedWords.userId, options.userId)))
    .returning();
  if (removed.length === 0) throw new AppError('not_found', CONTROL_MESSAGES.wordMissing);
}
