// Members' muted words (issue #48) read text as the text check does: a post's text is kept in its
// matched form (normalise-text.ts: case, look-alikes, accents, leetspeak, spaced-out letters and
// spellings folded) beside the post, and each muted phrase becomes a regular expression over that
// form, so the lists match it in SQL, in the statement that reads them (decision 032). The expression
// follows the term matcher's rules (term-matcher.ts) for a plain entry: it starts at a word's start; a
// letter may repeat ("caaat"); a masked letter ("c*t") stands for any; a space matches a gap or none
// ("bus stop", "busstop"); a Latin-letter phrase ends a word or goes on with one of the usual English
// endings ("cats", "catting"), and one in an Indic script may take any ending, as its languages join
// endings to words. POSIX (PostgreSQL) and JavaScript read it alike.
import { normaliseText, SEPARATOR } from './normalise-text';
import { ENGLISH_ENDINGS, key } from './term-matcher';

const LATIN = /\p{Script=Latin}/u;
const LETTER = /^[\p{L}\p{M}]$/u;

/** A post's text in the form muted words are matched against (stored as posts.match_text). */
export function textMatchForm(text: string): string {
  return normaliseText(text);
}

/** A letter that may repeat, or be masked. */
const letter = (c: string) => `[${c}*]+`;

/** The English endings as the checker reads them, longest first, each letter free to repeat. */
const ENDINGS = [...ENGLISH_ENDINGS]
  .filter(Boolean)
  .sort((a, b) => b.length - a.length)
  .map((ending) => [...ending].map(letter).join(''))
  .join('|');

export interface MutedPhrase {
  /** The phrase as the checker reads it: two phrases with one key hide the same posts. */
  matchKey: string;
  /** The expression posts.match_text is matched with. */
  pattern: string;
}

/** A muted phrase's key and expression; null when no letters are left to match ("2024", "!!"). */
export function mutedPhrase(phrase: string): MutedPhrase | null {
  const matchKey = key(phrase);
  const chars = [...matchKey].filter((c) => c === SEPARATOR || LETTER.test(c));
  if (!chars.some((c) => c !== SEPARATOR)) return null;
  const body = chars.map((c) => (c === SEPARATOR ? ' ?' : letter(c))).join('');
  const latin = LATIN.test(matchKey);
  const oneWord = !matchKey.includes(SEPARATOR);
  const end = latin ? `(${ENDINGS})?( |$)` : oneWord ? '' : '( |$)';
  return { matchKey, pattern: `(^| )${body}${end}` };
}
