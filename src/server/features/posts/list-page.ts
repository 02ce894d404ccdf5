// A page of a list of posts as one prepared statement, with the viewer's personal controls applied in
// it (issue #48, features/personal-controls): blocks, mutes and hidden posts are conditions of the
// scan, so LIMIT counts only what is shown and a page of 12 stays 12.
//
// Muted words are counted as well as hidden ("n posts hidden by your muted words"), in the same
// statement: the scan marks each post the viewer's words match, and a window counts the posts shown
// so far, which stops the scan (PostgreSQL's run condition) once the page and the one after it are
// found. The posts passed over are in the answer to the server alone, which leaves them out and counts
// them. One page reads at most a page and MUTED_SKIP_LIMIT more posts: a word that matches nearly
// everything ("the") would otherwise make every page read the whole table. A page that reaches the
// limit ends early (short, or empty), with a cursor after the last post read, and the next one goes
// on from there.
import { and, asc, desc, isNull, not, type SQL, sql } from 'drizzle-orm';
import { FEED_PAGE_SIZE } from '../../../shared/posts';
import { preparedStatement } from '../../db/prepared';
import { posts } from '../../db/schema';
import { LIST_RULES, type ListName, mutedByWords, shownInList } from '../personal-controls';
import { type PostRow, postColumns, selectPostsWith } from './select-posts';

/** How many posts beyond a page and one more a page may read, passing over what muted words hide. */
export const MUTED_SKIP_LIMIT = 100;

const PAGE = FEED_PAGE_SIZE + 1;
const viewerId = sql.placeholder('viewerId');
const showMuted = sql.placeholder('showMuted');

/** A list's order: columns of the post row, each ascending or descending; the last is unique (the id). */
export type ListOrder = readonly (readonly ['createdAt' | 'likeCount' | 'id', 'asc' | 'desc'])[];

/** A row of a list: a post, and whether the viewer's muted words match it. */
export type ListRow = PostRow & { mutedWord: boolean };

const columnOf = { createdAt: posts.createdAt, likeCount: posts.likeCount, id: posts.id } as const;

/**
 * A list's page as a prepared statement: live posts (never replies) meeting `where` and the viewer's controls, in
 * `order`, a page and one more. Bound values: viewerId, showMuted (lists that obey muted words), and
 * whatever `where` names.
 */
export function listStatement(name: string, list: ListName, where: SQL | undefined, order: ListOrder) {
  const rules = LIST_RULES[list];
  const orderBy = order.map(([column, direction]) =>
    direction === 'asc' ? asc(columnOf[column]) : desc(columnOf[column]),
  );
  // Posts, not replies (issue #49, decision 034): a reply is read in its thread. An askline's answers
  // never are (a check of posts: a reply answers no askline), and its index is read as it stands.
  const conditions = and(
    not(posts.deleted),
    list === 'askline' ? undefined : isNull(posts.parentId),
    shownInList(list, viewerId, postColumns),
    where,
  );
  const hiddenFiltered = { hiddenFiltered: rules.hidden };
  if (!rules.mutedWords) {
    return preparedStatement(name, (db, statement) =>
      selectPostsWith(db, viewerId, { mutedWord: sql<boolean>`false`.as('muted_word') }, hiddenFiltered)
        .where(conditions)
        .orderBy(...orderBy)
        .limit(PAGE)
        .prepare(statement),
    );
  }
  return preparedStatement(name, (db, statement) => {
    const mutedWord = mutedByWords(viewerId, postColumns).as('muted_word');
    const scanned = selectPostsWith(db, viewerId, { mutedWord }, hiddenFiltered)
      .where(conditions)
      .orderBy(...orderBy)
      .limit(PAGE + MUTED_SKIP_LIMIT)
      .as('scanned');
    const windowOrder = sql.join(
      order.map(([column, direction]) => sql`${scanned[column]} ${sql.raw(direction)}`),
      sql`, `,
    );
    const fields = Object.fromEntries(
      Object.keys(scanned._.selectedFields).map((key) => [key, scanned[key as keyof typeof scanned]]),
    ) as typeof scanned._.selectedFields;
    const counted = db
      .select({
        ...fields,
        shownSoFar: sql<number>`count(*) filter (where not ${scanned.mutedWord} or ${showMuted}::boolean)
          over (order by ${windowOrder} rows between unbounded preceding and current row)`.as('shown_so_far'),
      })
      .from(scanned)
      .as('counted');
    return db
      .select()
      .from(counted)
      .where(sql`${counted.shownSoFar} <= ${sql.raw(String(PAGE))}`)
      .orderBy(
        ...order.map(([column, direction]) =>
          direction === 'asc' ? asc(counted[column]) : desc(counted[column]),
        ),
      )
      .prepare(statement);
  });
}

/** What a statement's rows make of a page. */
export interface ReadPage<T> {
  /** The posts shown, at most the number wanted. */
  rows: T[];
  /** Posts the viewer's muted words hid from this page's range. */
  hidden: number;
  /** Where the page ends when there is more: a cursor is made of this row. */
  last: T | null;
}

/**
 * The page in a statement's rows: the first `want` shown (all, with showMuted), and how many posts
 * muted words hid up to where the page ends. There is more when another shown post follows, or when
 * the statement stopped at its limit (`stoppedAtLimit`: the page then ends at the last post read).
 * At the list's end, every post hidden after the last shown one counts on this page.
 */
export function readPage<T extends { mutedWord: boolean }>(
  rows: T[],
  want: number,
  options: { show: boolean; stoppedAtLimit: boolean },
): ReadPage<T> {
  const page: T[] = [];
  let hidden = 0;
  let hiddenUpToPageEnd = 0;
  for (const row of rows) {
    const shown = options.show || !row.mutedWord;
    if (shown && page.length === want)
      return { rows: page, hidden: hiddenUpToPageEnd, last: page.at(-1) ?? null };
    if (shown) {
      page.push(row);
      if (page.length === want) hiddenUpToPageEnd = hidden;
    } else hidden++;
  }
  return { rows: page, hidden, last: options.stoppedAtLimit ? (rows.at(-1) ?? null) : null };
}

/** Whether a statement's rows reached its limit: there may be more after the last. */
export const stoppedAtLimit = (rows: unknown[]) => rows.length >= PAGE + MUTED_SKIP_LIMIT;
