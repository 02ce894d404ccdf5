// Members' muted words (issue #48) read text as the text check does: a post's text is kept in its
// matched form (normalise-text.ts: case, look-alikes, accents, leetspeak, spaced-out letters and
// spellings folded) beside the post, and each muted phrase becomes a regular expression over that
// form, so the lists match it in SQL, in the statement that reads them (decision 032). The expression
// follows the term matcher's rules (term-matcher.ts) for a plain entry: it starts at a word's start; a
// letter may repeat ("caaat"); a masked letter ("c*t") stands for any; a space matches a gap or none
// ("bus stop", "busstop"); a Latin-letter phrase ends a word or goes on with one of the usual English
// endings ("cats", "catting"), and one word in an Indic script may take any ending, as its languages
// join endings to words. POSIX (PostgreSQL) and JavaScript read it alike.
import { normaliseText, SEPARATOR } from './normalise-text';
import { key } from './term-matcher';

const LATIN = /\p{Script=Latin}/u;
const LETTER = /^[\p{L}\p{M}]$/u;

/** A post's text in the form muted words are matched against (stored as posts.match_text). */
export function textMatchForm(text: string): string {
  return normaliseText(text);
}

/**
 * How a muted phrase may end: `english`, a Latin-letter phrase, at a word's end or with one of the
 * usual English endings; `any`, one word in an Indic script, with any ending; `word`, an Indic phrase
 * of several words, at a word's end.
 */
export const WORD_ENDINGS = ['english', 'any', 'word'] as const;
export type WordEnding = (typeof WORD_ENDINGS)[number];

/**
 * The English endings as the checker reads them (ENGLISH_ENDINGS: s, es, ed, d, er, ers, r, rs, ing,
 * in, ings, y, ies, ie), as one expression.
 */
const ENGLISH = '(e?[sdr]|e?rs|ings?|in|y|ies?)';

/**
 * What goes around each kind's phrases, which are joined with "|" between: one group per kind, so a
 * viewer's fifty words make one small expression (PostgreSQL compiles it once per statement: a few
 * tenths of a millisecond, where one whole expression per phrase took several milliseconds).
 */
export const ENDING_GROUPS: Record<WordEnding, { before: string; after: string }> = {
  english: { before: '(^| )(', after: `)${ENGLISH}?( |$)` },
  any: { before: '(^| )(', after: ')' },
  word: { before: '(^| )(', after: ')( |$)' },
};

/** A letter that may repeat, or be masked ("c*t"). */
const letter = (c: string) => `[${c}*]+`;

export interface MutedPhrase {
  /** The phrase as the checker reads it: two phrases with one key hide the same posts. */
  matchKey: string;
  /** The phrase's part of the expression: its letters, each free to repeat or be masked. */
  pattern: string;
  ending: WordEnding;
}

/** A muted phrase's key and expression; null when no letters are left to match ("2024", "!!"). */
export function mutedPhrase(phrase: string): MutedPhrase | null {
  const matchKey = key(phrase);
  const chars = [...matchKey].filter((c) => c === SEPARATOR || LETTER.test(c));
  if (!chars.some((c) => c !== SEPARATOR)) return null;
  const pattern = chars.map((c) => (c === SEPARATOR ? ' ?' : letter(c))).join('');
  const ending: WordEnding = LATIN.test(matchKey) ? 'english' : matchKey.includes(SEPARATOR) ? 'word' : 'any';
  return { matchKey, pattern, ending };
}

/**
 * The one expression a viewer's muted phrases make, as the lists build it in SQL
 * (personal-controls/visibility.ts); null for none. For tests and for reading.
 */
export function combinedPattern(phrases: Pick<MutedPhrase, 'pattern' | 'ending'>[]): string | null {
  const groups = WORD_ENDINGS.flatMap((ending) => {
    const mine = phrases.filter((phrase) => phrase.ending === ending).map((phrase) => phrase.pattern);
    return mine.length > 0
      ? [`${ENDING_GROUPS[ending].before}${mine.join('|')}${ENDING_GROUPS[ending].after}`]
      : [];
  });
  return groups.length > 0 ? groups.join('|') : null;
}
