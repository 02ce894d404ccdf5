// The Fizz rule of issue #47: an anonymous post that names a member is held. A member is named by their
// @username, their full name (two or more words, on word boundaries, look-alike letters folded), or
// their first name beside a campus word ("Priya from VIT"). The text's words are read once and the
// candidates looked up in one statement, each by an index: the usernames' unique key, and the two
// lower-cased expression indexes on full_name (migration 0017). The answer quotes only what the
// sender typed: never a username, id or name they did not write.
import { sql } from 'drizzle-orm';
import { CAMPUS_NAMES } from '../../../shared/institutions';
import type { SafetyReason } from '../../../shared/safety';
import { type Db, queryRows } from '../../db/client';
import { foldLookAlikes } from './text-check';

/** Words that place a person on a campus (folded, lower case): institution codes, cities, campus names. */
const CAMPUS_WORDS: ReadonlySet<string> = new Set([
  'vit',
  'vitc',
  'vitv',
  'chennai',
  'vellore',
  ...Object.values(CAMPUS_NAMES).flatMap((name) => foldLookAlikes(name).split(/\s+/)),
]);

/** Letters, marks, digits, apostrophes and the invisible characters that may sit inside a word. */
const WORD = /[\p{L}\p{M}\p{N}'\u200b-\u200d\u2060\ufeff]+/gu;
const MENTION = /(?<![\p{L}\p{N}_.])@([A-Za-z0-9_.]{3,20})/gu;
/** Full names are looked up as runs of 2 to 5 words. */
const LONGEST_NAME = 5;
/** A post is at most 256 characters: these bounds only stop a long text from making a long statement. */
const MOST_CANDIDATES = 400;

interface Word {
  key: string;
  start: number;
  end: number;
}

export interface NamingCandidates {
  /** Lower-cased @usernames → the text as written. */
  usernames: Map<string, string>;
  /** Folded runs of 2-5 words → the text as written. */
  fullNames: Map<string, string>;
  /** With a campus word in the text: folded words → the text as written, with the campus word. */
  firstNames: Map<string, string>;
}

/** What in the text could name a member, keyed as the database is asked. Pure. */
export function namingCandidates(text: string): NamingCandidates {
  const usernames = new Map<string, string>();
  for (const found of text.matchAll(MENTION)) {
    const name = found[1]?.toLowerCase().replace(/\.+$/, '');
    if (name && name.length >= 3 && !usernames.has(name)) usernames.set(name, found[0].replace(/\.+$/, ''));
  }
  const words: Word[] = [];
  for (const found of text.matchAll(WORD)) {
    const key = foldLookAlikes(found[0]).replace(/[\u200b-\u200d\u2060\ufeff]/g, '');
    if (key) words.push({ key, start: found.index, end: found.index + found[0].length });
  }
  const fullNames = new Map<string, string>();
  for (let i = 0; i < words.length && fullNames.size < MOST_CANDIDATES; i++) {
    for (let n = 2; n <= LONGEST_NAME && i + n <= words.length; n++) {
      const run = words.slice(i, i + n);
      const key = run.map((w) => w.key).join(' ');
      if (!fullNames.has(key)) fullNames.set(key, text.slice(run[0]?.start, run[n - 1]?.end));
    }
  }
  const firstNames = new Map<string, string>();
  const campus = words.find((w) => CAMPUS_WORDS.has(w.key));
  if (campus) {
    for (const word of words) {
      if (CAMPUS_WORDS.has(word.key) || word.key.length < 2 || firstNames.size >= MOST_CANDIDATES) continue;
      if (!firstNames.has(word.key)) {
        const from = Math.min(word.start, campus.start);
        const to = Math.max(word.end, campus.end);
        // The name and the campus word as written; what lies between only when it is short.
        firstNames.set(
          word.key,
          to - from <= 60
            ? text.slice(from, to)
            : `${text.slice(word.start, word.end)} … ${text.slice(campus.start, campus.end)}`,
        );
      }
    }
  }
  return { usernames, fullNames, firstNames };
}

const asArray = (keys: Iterable<string>) =>
  `{${[...keys].map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * The statement that finds which candidates name a member other than `authorId`: at most one row per
 * way of naming, each read through its index. Exported for the query-plan test.
 */
export function namedMembersQuery(candidates: NamingCandidates, authorId: string) {
  return sql`
    (select 'username' as way, p.username as key from profiles p
      where p.username = any(${asArray(candidates.usernames.keys())}::text[]) and p.user_id <> ${authorId})
    union all
    (select 'full_name', lower(p.full_name) from profiles p
      where lower(p.full_name) = any(${asArray(candidates.fullNames.keys())}::text[]) and p.user_id <> ${authorId})
    union all
    (select 'first_name', split_part(lower(p.full_name), ' ', 1) from profiles p
      where split_part(lower(p.full_name), ' ', 1) = any(${asArray(candidates.firstNames.keys())}::text[])
        and p.user_id <> ${authorId})`;
}

/** The `names_member` reasons of an anonymous text by `authorId` (themselves excepted). */
export async function findNamedMembers(db: Db, text: string, authorId: string): Promise<SafetyReason[]> {
  const candidates = namingCandidates(text);
  if (candidates.usernames.size + candidates.fullNames.size + candidates.firstNames.size === 0) return [];
  const rows = await queryRows<{ way: string; key: string }>(db, namedMembersQuery(candidates, authorId));
  const matches = new Set<string>();
  for (const row of rows) {
    const source =
      row.way === 'username'
        ? candidates.usernames
        : row.way === 'full_name'
          ? candidates.fullNames
          : candidates.firstNames;
    const match = source.get(row.key);
    if (match) matches.add(match);
  }
  return [...matches].map((match) => ({ category: 'names_member', match }));
}
