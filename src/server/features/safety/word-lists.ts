// The words admins add to the text check (issue #47): a term in one of the lists' categories, or a word
// on the allowlist against false hits. The built-in lists ship as data (lists/) and cannot be changed
// here: an admin silences a built-in term by allowing the word it hits. Each change is one transaction
// with its moderation-log entry, the log being what holds admins to account for a word that silences
// people (docs/security.md). Every instance builds its checker again when the table changes
// (current-checker.ts).
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RowId } from '../../../shared/path-params';
import {
  type AddWordRequest,
  LIST_CATEGORIES,
  type ListCategory,
  WORD_LIST_MESSAGES,
  WORD_LIST_NAMES,
  WORD_LIST_TERM_LIMITS,
  type WordList,
  type WordListEffect,
  type WordListEntry,
} from '../../../shared/safety';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { profiles, wordListTerms } from '../../db/schema';
import { violatedUniqueConstraint } from '../../db/unique-violation';
import { recordModeration } from '../moderation-log';
import { BUILT_IN_TERMS } from './lists';
import { SEPARATOR } from './normalise-text';
import { type TermList, termKey, VERDICT_BY_CATEGORY } from './text-check';

const PAGE_SIZE = 50;
const cursorShape = z.tuple([cursorTime, z.uuid()]);

/** What each list does to a text that has one of its words: the server's rule, told to the page. */
export function wordListEffects(): { list: WordList; effect: WordListEffect }[] {
  return [
    ...LIST_CATEGORIES.map((list) => ({ list, effect: VERDICT_BY_CATEGORY[list] })),
    { list: 'allow' as const, effect: 'allow' as const },
  ];
}

/** Every added word, as the checker takes them. */
export async function readWordLists(db: Db): Promise<TermList> {
  const rows = await db.select({ list: wordListTerms.list, term: wordListTerms.term }).from(wordListTerms);
  const list: TermList = { terms: [], allow: [] };
  for (const row of rows) {
    if (row.list === 'allow') list.allow.push(row.term);
    else list.terms.push({ term: row.term, category: row.list as ListCategory });
  }
  return list;
}

/** The added words for the admin page, newest first, a page at a time. */
export async function listWordListTerms(
  db: Db,
  cursor: string | undefined,
): Promise<{ entries: WordListEntry[]; nextCursor: string | null }> {
  let after: ReturnType<typeof sql> | undefined;
  if (cursor) {
    const [time, id] = decodeCursor(cursor, cursorShape);
    after = sql`(${wordListTerms.createdAt}, ${wordListTerms.id}) < (${time}::timestamptz, ${id}::uuid)`;
  }
  const rows = await db
    .select({
      id: wordListTerms.id,
      list: wordListTerms.list,
      term: wordListTerms.term,
      addedBy: profiles.username,
      createdAt: wordListTerms.createdAt,
      createdAtExact: sql<string>`${wordListTerms.createdAt}::text`,
    })
    .from(wordListTerms)
    .leftJoin(profiles, eq(profiles.userId, wordListTerms.addedBy))
    .where(and(after))
    .orderBy(desc(wordListTerms.createdAt), desc(wordListTerms.id))
    .limit(PAGE_SIZE + 1);
  const page = takePage(rows, PAGE_SIZE, (last) => [last.createdAtExact, last.id]);
  return { entries: page.rows.map(presentEntry), nextCursor: page.nextCursor };
}

function presentEntry(row: {
  id: string;
  list: string;
  term: string;
  addedBy: string | null;
  createdAt: Date;
}): WordListEntry {
  return {
    id: row.id,
    list: row.list as WordList,
    term: row.term,
    addedBy: row.addedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

// The built-in lists by key, for refusing a word they already hold.
let builtInKeys: { terms: Map<string, Set<ListCategory>>; allow: Set<string> } | null = null;
function builtIn() {
  if (!builtInKeys) {
    const terms = new Map<string, Set<ListCategory>>();
    for (const entry of BUILT_IN_TERMS.terms) {
      const k = termKey(entry.term);
      terms.set(k, (terms.get(k) ?? new Set()).add(entry.category));
    }
    builtInKeys = { terms, allow: new Set(BUILT_IN_TERMS.allow.map(termKey)) };
  }
  return builtInKeys;
}

const quoted = (term: string) => `“${term}”`;
const logDetail = (list: WordList, term: string) => `${WORD_LIST_NAMES[list]}: ${quoted(term)}`;

/**
 * Adds a word to a list. 400 when the checker would read too few letters in it; 409 when the word (as
 * the checker reads it) is on the lists already: added to any list (one list per word: remove it to
 * move it), or built into the same list. A built-in term may be added to a more severe category (a
 * mild word that is a slur on this campus), and a built-in term's word to the allowlist.
 */
export async function addWordListTerm(
  db: Db,
  options: AddWordRequest & { adminId: string },
): Promise<WordListEntry> {
  const { list, term, adminId } = options;
  const matchKey = termKey(term);
  const letters = matchKey.split(SEPARATOR).join('');
  if ([...letters].length < WORD_LIST_TERM_LIMITS.minLetters) {
    throw new AppError('validation_failed', WORD_LIST_MESSAGES.tooFewLetters, 'term');
  }
  const known = builtIn();
  if (list === 'allow' ? known.allow.has(matchKey) : known.terms.get(matchKey)?.has(list)) {
    throw new AppError(
      'conflict',
      `${quoted(term)} is already on the built-in list: ${WORD_LIST_NAMES[list]}.`,
      'term',
    );
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(wordListTerms)
        .values({ list, term, matchKey, addedBy: adminId })
        .returning();
      if (!row) throw new Error('the word was not inserted');
      await recordModeration(tx, {
        actorId: adminId,
        action: 'word_list_added',
        detail: logDetail(list, term),
      });
      const [admin] = await tx
        .select({ username: profiles.username })
        .from(profiles)
        .where(eq(profiles.userId, adminId));
      return presentEntry({ ...row, addedBy: admin?.username ?? null });
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) !== 'word_list_terms_match_key') throw error;
    const [existing] = await db
      .select({ list: wordListTerms.list, term: wordListTerms.term })
      .from(wordListTerms)
      .where(eq(wordListTerms.matchKey, matchKey));
    const where = existing ? WORD_LIST_NAMES[existing.list as WordList] : 'the lists';
    throw new AppError(
      'conflict',
      `${quoted(term)} is already added${existing ? ` as ${quoted(existing.term)}` : ''}: ${where}. Remove it there first to move it.`,
      'term',
    );
  }
}

/** Removes an added word, with its log entry; false when there is none of that id. */
export async function removeWordListTerm(db: Db, options: { id: RowId; adminId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(wordListTerms)
      .where(eq(wordListTerms.id, options.id))
      .returning({ list: wordListTerms.list, term: wordListTerms.term });
    if (!row) return false;
    await recordModeration(tx, {
      actorId: options.adminId,
      action: 'word_list_removed',
      detail: logDetail(row.list as WordList, row.term),
    });
    return true;
  });
}
