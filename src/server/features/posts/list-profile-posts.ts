import { and, eq, not, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE } from '../../../shared/posts';
import type { Db } from '../../db/client';
import { cursorTime, decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import { posts } from '../../db/schema';
import type { ListName } from '../personal-controls';
import { type ListOrder, type ListRow, listStatement, readPage, stoppedAtLimit } from './list-page';
import { olderThan } from './select-posts';

const cursorShape = z.tuple([cursorTime, z.uuid()]);

export interface PostListPage {
  rows: ListRow[];
  nextCursor: string | null;
  /** Posts the viewer's muted words hid from this page's range (askline pages; 0 elsewhere). */
  hiddenByMutedWords: number;
}

/** Whose posts a list shows: an author's (with their anonymous ones, for the author alone), or an askline's. */
export type PostListOf = { author: string; withAnonymous: boolean } | { askline: string };

const author = sql.placeholder('author');
const time = sql.placeholder('time');
const id = sql.placeholder('id');
const newestFirst: ListOrder = [
  ['createdAt', 'desc'],
  ['id', 'desc'],
];

/** A list's first page and its pages after a cursor, as prepared statements. */
function listPages(list: string, rules: ListName, where: SQL | undefined) {
  return {
    first: listStatement(`posts_${list}`, rules, where, newestFirst),
    after: listStatement(`posts_${list}_after`, rules, and(where, olderThan(time, id)), newestFirst),
  };
}

const pages = {
  author_all: listPages('author_all', 'profile', eq(posts.userId, author)),
  author_named: listPages('author_named', 'profile', and(eq(posts.userId, author), not(posts.isAnonymous))),
  askline: listPages('askline', 'askline', eq(posts.asklineId, sql.placeholder('askline'))),
};

/**
 * One page of live posts of `of`, newest first, with a keyset cursor over (created_at, id): the
 * profile page and the askline page list their posts this way, each with the viewer's personal
 * controls (personal-controls LIST_RULES: an askline's page obeys muted words, and shows what they
 * hide with `showMuted`).
 */
export async function listPostsNewestFirst(options: {
  db: Db;
  of: PostListOf;
  viewerId: string | null;
  cursor: string | undefined;
  showMuted?: boolean;
}): Promise<PostListPage> {
  const { db, of, viewerId, showMuted = false } = options;
  const list = 'askline' in of ? 'askline' : of.withAnonymous ? 'author_all' : 'author_named';
  const values =
    'askline' in of
      ? { viewerId, showMuted, askline: of.askline }
      : { viewerId, showMuted, author: of.author };
  let rows: ListRow[];
  if (options.cursor) {
    const [time, id] = decodeCursor(options.cursor, cursorShape);
    rows = await pages[list].after(db).execute({ ...values, time, id });
  } else {
    rows = await pages[list].first(db).execute(values);
  }
  const page = readPage(rows, FEED_PAGE_SIZE, { show: showMuted, stoppedAtLimit: stoppedAtLimit(rows) });
  return {
    rows: page.rows,
    nextCursor: page.last ? encodeCursor([page.last.createdAtExact, page.last.id]) : null,
    hiddenByMutedWords: page.hidden,
  };
}

/**
 * A profile's posts, newest first (SPEC §2 Profile page): the owner sees their anonymous posts too;
 * everyone else sees only the named ones, so a profile never reveals who wrote an anonymous post.
 */
export function listProfilePosts(options: {
  db: Db;
  authorId: string;
  viewerId: string;
  cursor: string | undefined;
}): Promise<PostListPage> {
  const { db, authorId, viewerId, cursor } = options;
  return listPostsNewestFirst({
    db,
    viewerId,
    cursor,
    of: { author: authorId, withAnonymous: authorId === viewerId },
  });
}
