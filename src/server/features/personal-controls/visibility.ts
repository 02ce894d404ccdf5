// The one place that decides what a member's personal controls take out of what they read (issue #48,
// decision 032). Each rule is an SQL condition on a post's row, written into the statement of the
// list itself (the feed, askline pages, search, profile lists, the single post, notifications), so a
// keyset page's LIMIT counts only what is shown and no request runs another statement for it. The
// viewer is a bound value (a prepared statement's placeholder): a visitor's null matches no control.
//
// The inference rule, as code:
// - Blocks and mutes act on what a person did under their name, never on an anonymous post (rule 1):
//   every author condition starts with "the post is anonymous, or ...".
// - A hidden post is one post the viewer chose; "Mute this author" on an anonymous post hides that
//   post alone (rule 2). Nothing here groups anonymous posts by their author.
// - Only lists are filtered, never a count (rule 3): like counts, answer counts and a profile's
//   figures are read from the rows as they are.
// - A block works both ways on named content (rule 4); a mute one way.
// - Muted words act on the text alone, anonymous or named alike (rule 5), never on the viewer's own.
import { type AnyColumn, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { combinedPattern, ENDING_GROUPS, WORD_ENDINGS, type WordEnding } from '../safety';

/** The viewer: an id, a prepared statement's placeholder, or null (a visitor). */
export type ViewerRef = string | null | Placeholder | SQLWrapper;

/** The columns of the post row a rule reads, as the statement names them. */
export interface PostRef {
  id: Column;
  userId: Column;
  isAnonymous: Column;
  content: Column;
  matchText: Column;
}

/** A column, or an aliased one written as SQL (`sql.raw('p.id')`). */
type Column = AnyColumn | SQLWrapper;

/** The columns of a posts row a statement reads under `alias` (`posts`, `p`, a subquery's `c`). */
export function postRefAs(alias: string): PostRef {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    id: column('id'),
    userId: column('user_id'),
    isAnonymous: column('is_anonymous'),
    content: column('content'),
    matchText: column('match_text'),
  };
}

/** What each list takes out beyond blocks (which every list and page obeys). */
export const LIST_RULES = {
  /** The dashboard feed, every order. */
  feed: { mutes: true, hidden: true, mutedWords: true },
  /** An askline's posts. */
  askline: { mutes: true, hidden: true, mutedWords: true },
  /** Post search: the viewer asked for these words, so muted words do not hide them. */
  search: { mutes: true, hidden: true, mutedWords: false },
  /** A profile's posts: a muted person's profile was opened on purpose, and shows what they wrote. */
  profile: { mutes: false, hidden: false, mutedWords: false },
} as const;
export type ListName = keyof typeof LIST_RULES;

/**
 * The accounts whose named content the viewer does not see: those they blocked, those who blocked
 * them, and with `mutes` those they muted. An uncorrelated subquery, so PostgreSQL reads it once per
 * statement and probes it as a hash (blocks and mutes are capped: CONTROL_LIMITS).
 */
function shutOutAccounts(viewer: ViewerRef, options: { mutes: boolean }): SQL {
  const muted = options.mutes
    ? sql` union all select m.muted_id from mutes m where m.muter_id = ${viewer}`
    : sql``;
  return sql`select b.blocked_id from blocks b where b.blocker_id = ${viewer}
    union all select b.blocker_id from blocks b where b.blocked_id = ${viewer}${muted}`;
}

/** The post's author is not shut out: the post is anonymous, or its named author is not blocked (or muted). */
function authorShown(viewer: ViewerRef, post: PostRef, options: { mutes: boolean }): SQL {
  return sql`(${post.isAnonymous} or ${post.userId} not in (${shutOutAccounts(viewer, options)}))`;
}

/**
 * A named post between two people when one blocked the other: it reads as missing to both (its page,
 * a like, hiding it). Never true of an anonymous post.
 */
export function blockedBetween(viewer: ViewerRef, post: PostRef): SQL<boolean> {
  return sql<boolean>`(not ${authorShown(viewer, post, { mutes: false })})`;
}

/** The viewer hid the post ("Not for me", or "Mute this author" on an anonymous post). */
export function hiddenByViewer(viewer: ViewerRef, post: Pick<PostRef, 'id'>): SQL<boolean> {
  return sql<boolean>`exists (select 1 from hidden_posts h where h.user_id = ${viewer} and h.post_id = ${post.id})`;
}

/**
 * Whether the viewer's muted words (those not expired) match the post's text as the text check reads
 * it. The viewer's words are read once per statement, as one expression; a post from before they were
 * kept in that form is read lower-cased. Never the viewer's own post.
 */
export function mutedByWords(viewer: ViewerRef, post: PostRef): SQL<boolean> {
  // One expression of all of them, a group per kind of ending (safety's combinedPattern, in SQL); an
  // empty one would match every text, so none is null.
  const group = (ending: WordEnding) => {
    const { before, after } = ENDING_GROUPS[ending];
    return sql`${before}::text || string_agg(w.pattern, '|') filter (where w.ending = ${ending}) || ${after}::text`;
  };
  const words = sql`(select nullif(concat_ws('|', ${sql.join(WORD_ENDINGS.map(group), sql`, `)}), '')
    from muted_words w
    where w.user_id = ${viewer} and (w.expires_at is null or w.expires_at > now()))`;
  return sql<boolean>`coalesce(${post.userId} is distinct from ${viewer}
    and coalesce(${post.matchText}, lower(${post.content})) ~ ${words}, false)`;
}

/**
 * A member's muted words acting now, as rows for `matchesMutedWords`: one column of a statement that
 * reads the member (an empty array for none).
 */
export function mutedWordsNow(member: ViewerRef): SQL<MutedWord[]> {
  return sql<
    MutedWord[]
  >`coalesce((select json_agg(json_build_object('pattern', w.pattern, 'ending', w.ending))
    from muted_words w
    where w.user_id = ${member} and (w.expires_at is null or w.expires_at > now())), '[]'::json)`;
}

export interface MutedWord {
  pattern: string;
  ending: WordEnding;
}

/**
 * Whether a text's match form (safety's textMatchForm) holds one of these muted words: the expression
 * `mutedByWords` builds in SQL, matched here (the two are held equal by personal-controls.test.ts).
 * For one text and one reader, where the text is in hand: PostgreSQL compiles a reader's expression
 * anew for each statement, about 2 ms for 50 words, while V8 compiles it in microseconds (issue #49:
 * it made a reply's notification cost more than the reply).
 */
export function matchesMutedWords(words: MutedWord[], matchText: string): boolean {
  if (words.length === 0) return false;
  // A reader's whole expression costs about a millisecond to compile the first time it runs: only the
  // words that can match are put in it. A word can match only where the text, without spaces and with
  // each run of one letter as one, holds its letters the same way (its expression lets each letter
  // repeat and a space fall between its words); a masked text ("c*t") keeps every word.
  const { letters } = textLetters(matchText);
  const candidates =
    letters === null ? words : words.filter((word) => letters.includes(lettersOf(word.pattern)));
  if (candidates.length === 0) return false;
  const pattern = combinedPattern(candidates);
  return pattern !== null && compiled(pattern).test(matchText);
}

/**
 * What picks a text's candidate muted words: its letters without spaces and with each run of one
 * letter as one; null for a masked text ("c*t"), which every word may match.
 */
export function textLetters(matchText: string): { letters: string | null } {
  return { letters: matchText.includes('*') ? null : squeezed(matchText) };
}

/**
 * Whether the member's muted words acting now match a text in hand (its match form and `textLetters`,
 * as values of the statement): `matchesMutedWords` in SQL. Only the words whose letters
 * (`muted_words.letters`, migration 0031) the text holds go into the expression, so for most texts
 * PostgreSQL compiles none (issue #49: a reader's fifty words cost a reply's notification ~2 ms).
 * Never the writer's own text: the caller leaves the writer out.
 */
export function mutedWordsMatchText(
  member: ViewerRef,
  text: { matchText: Placeholder | SQLWrapper; letters: Placeholder | SQLWrapper },
): SQL<boolean> {
  const group = (ending: WordEnding) => {
    const { before, after } = ENDING_GROUPS[ending];
    return sql`${before}::text || string_agg(w.pattern, '|') filter (where w.ending = ${ending}) || ${after}::text`;
  };
  const words = sql`(select nullif(concat_ws('|', ${sql.join(WORD_ENDINGS.map(group), sql`, `)}), '')
    from muted_words w
    where w.user_id = ${member} and (w.expires_at is null or w.expires_at > now())
      and (${text.letters}::text is null or strpos(${text.letters}::text, w.letters) > 0))`;
  return sql<boolean>`coalesce(${text.matchText}::text ~ ${words}, false)`;
}

/**
 * A word's letters as its expression names them (`[c*]+` each), run together and squeezed: what
 * `muted_words.letters` holds (a test holds the two equal).
 */
export function lettersOf(pattern: string): string {
  return squeezed([...pattern.matchAll(/\[(.)\*\]\+/gu)].map((letter) => letter[1]).join(''));
}

/** Without spaces, each run of one character as one. */
function squeezed(text: string): string {
  let out = '';
  let last = '';
  for (const c of text) {
    if (c === ' ' || c === last) continue;
    out += c;
    last = c;
  }
  return out;
}

/** Readers' expressions, compiled once each: a reader's words change rarely, replies come often. */
const expressions = new Map<string, RegExp>();
const MOST_EXPRESSIONS = 500;

function compiled(pattern: string): RegExp {
  let expression = expressions.get(pattern);
  if (expression) {
    // The most recently used last: the first is the one to drop.
    expressions.delete(pattern);
  } else {
    expression = new RegExp(pattern, 'u');
    if (expressions.size >= MOST_EXPRESSIONS) {
      const oldest = expressions.keys().next();
      if (!oldest.done) expressions.delete(oldest.value);
    }
  }
  expressions.set(pattern, expression);
  return expression;
}

/** Whether the viewer has a muted word acting now: read once per statement. */
export function hasMutedWords(viewer: ViewerRef): SQL<boolean> {
  return sql<boolean>`exists (select 1 from muted_words w
    where w.user_id = ${viewer} and (w.expires_at is null or w.expires_at > now()))`;
}

/**
 * The condition a list's rows meet for the viewer: blocks both ways, and as the list's rules say,
 * mutes and hidden posts. Muted words are not in it: the lists that obey them count what they hide
 * (list-feed.ts), so they read `mutedByWords` as a column.
 */
export function shownInList(list: ListName, viewer: ViewerRef, post: PostRef): SQL {
  const rules = LIST_RULES[list];
  const hidden = rules.hidden ? sql` and not ${hiddenByViewer(viewer, post)}` : sql``;
  return sql`(${authorShown(viewer, post, { mutes: rules.mutes })}${hidden})`;
}

/**
 * A like notification's latest liker, named to the post's author ("Priya and 11 others"): not someone
 * the author blocked, who blocked them, or whom they muted. The count stays every like.
 */
export function likerShown(viewer: ViewerRef, likerId: Column): SQL {
  return sql`${likerId} not in (${shutOutAccounts(viewer, { mutes: true })})`;
}

/** A profile is missing to someone its owner blocked: in people search, and on its page. */
export function profileShown(viewer: ViewerRef, ownerId: Column): SQL {
  return sql`not exists (select 1 from blocks b where b.blocker_id = ${ownerId} and b.blocked_id = ${viewer})`;
}

/**
 * Neither the viewer nor this account blocked the other: a class page (issue #52) lists only such
 * people, and counts only them, so its counts agree with its list. A block works both ways on the
 * people one is shown, as on named content (rule 4); nothing here reads a post.
 */
export function noBlockBetween(viewer: ViewerRef, ownerId: Column): SQL<boolean> {
  return sql<boolean>`${ownerId} not in (${shutOutAccounts(viewer, { mutes: false })})`;
}

/** The viewer blocked this account (their profile shows "You blocked this person" and Unblock). */
export function blockedByViewer(viewer: ViewerRef, ownerId: Column): SQL<boolean> {
  return sql<boolean>`exists (select 1 from blocks b where b.blocker_id = ${viewer} and b.blocked_id = ${ownerId})`;
}

/** The viewer muted this account. */
export function mutedByViewer(viewer: ViewerRef, ownerId: Column): SQL<boolean> {
  return sql<boolean>`exists (select 1 from mutes m where m.muter_id = ${viewer} and m.muted_id = ${ownerId})`;
}
