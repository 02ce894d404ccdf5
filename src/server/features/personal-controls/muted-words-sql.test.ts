// A reply's notification matches its reader's muted words in SQL, putting in the expression only the
// words whose letters the text holds (mutedWordsMatchText, issue #49); the letters are a column the
// database computes from each word's pattern (migration 0031). Both must answer exactly as the
// JavaScript that the rest of the app trusts: the letters as lettersOf reads them, the match as
// matchesMutedWords (itself held equal to the whole expression by muted-words-match.test.ts).
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../../../tests/support/accounts';
import { MUTED_WORD_PHRASES, MUTED_WORD_TEXTS } from '../../../../tests/support/muted-word-cases';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { queryRows } from '../../db/client';
import { mutedPhrase, textMatchForm } from '../safety';
import { lettersOf, type MutedWord, matchesMutedWords, mutedWordsMatchText, textLetters } from './visibility';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** A reader muting `phrases`: their id and their words as the app reads them. */
async function reader(phrases: string[]): Promise<{ userId: string; words: MutedWord[] }> {
  const { userId } = await insertAccount(database.db);
  const words = phrases.map((phrase) => mutedPhrase(phrase)).filter((word) => word !== null);
  for (const word of words) {
    await database.db.execute(sql`insert into muted_words (user_id, phrase, match_key, pattern, ending)
      values (${userId}, ${word.matchKey}, ${word.matchKey}, ${word.pattern}, ${word.ending})`);
  }
  return { userId, words: words.map(({ pattern, ending }) => ({ pattern, ending })) };
}

describe('muted words matched in SQL for a text in hand', () => {
  it('keeps each word’s letters as lettersOf reads its pattern', async () => {
    const { userId, words } = await reader([...MUTED_WORD_PHRASES, 'aaa bbb', 'Mississippi', 'தேர்வு']);
    const rows = await queryRows<{ pattern: string; letters: string }>(
      database.db,
      sql`select pattern, letters from muted_words where user_id = ${userId}`,
    );
    expect(rows).toHaveLength(words.length);
    for (const row of rows) expect(row.letters, row.pattern).toBe(lettersOf(row.pattern));
    // Not vacuous: runs squeezed, spaces gone, other scripts kept.
    expect(rows.map((row) => row.letters)).toEqual(expect.arrayContaining(['bustop', 'ab', 'misisipi']));
  });

  it('answers as matchesMutedWords for each word alone and all together, and not past a word’s time', async () => {
    const sets = [...MUTED_WORD_PHRASES.map((phrase) => [phrase]), MUTED_WORD_PHRASES];
    const forms = MUTED_WORD_TEXTS.map(textMatchForm);
    // Each text's match form and letters (null when masked), as the reply route passes them.
    const pairs = forms.map((form) => [form, textLetters(form).letters]);
    let matched = 0;
    for (const set of sets) {
      const { userId, words } = await reader(set);
      const rows = await queryRows<{ hit: boolean }>(
        database.db,
        sql`select ${mutedWordsMatchText(userId, { matchText: sql.raw('(u.x->>0)'), letters: sql.raw('(u.x->>1)') })} as hit
          from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) with ordinality as u(x, i)
          order by u.i`,
      );
      const expected = forms.map((form) => matchesMutedWords(words, form));
      matched += expected.filter(Boolean).length;
      expect(
        rows.map((row) => row.hit),
        set.join(', '),
      ).toEqual(expected);
    }
    // Not vacuous: many pairs match, many do not.
    expect(matched).toBeGreaterThan(20);
    expect(matched).toBeLessThan(sets.length * forms.length);

    const { userId } = await reader(['exam']);
    const hit = async () =>
      (
        await queryRows<{ hit: boolean }>(
          database.db,
          sql`select ${mutedWordsMatchText(userId, { matchText: sql`'exam'`, letters: sql`'exam'` })} as hit`,
        )
      )[0]?.hit;
    expect(await hit()).toBe(true);
    await database.db.execute(
      sql`update muted_words set expires_at = now() - interval '1 second' where user_id = ${userId}`,
    );
    expect(await hit()).toBe(false);
  });
});
