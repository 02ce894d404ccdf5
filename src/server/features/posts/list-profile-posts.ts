import { and, desc, eq, not, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE } from '../../../shared/posts';
import type { Db } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { preparedStatement } from '../../db/prepared';
import { posts } from '../../db/schema';
import { olderThan, type PostRow, selectPosts } from './select-posts';

const cursorShape = z.tuple([cursorTime, z.uuid()]);

export interface PostListPage {
  rows: PostRow[];
  nextCursor: string | null;
}

/** Whose posts a list shows: an author's (with their anonymous ones, for the author alone), or an askline's. */
export type PostListOf = { author: string; withAnonymous: boolean } | { askline: string };

const viewerId = sql.placeholder('viewerId');
const author = sql.placeholder('author');
const time = sql.placeholder('time');
const id = sql.placeholder('id');

/** A list's first page and its pages after a cursor, as prepared statements. */
function listPages(list: string, where: SQL | undefined) {
  const page = (name: string, after: SQL | undefined) =>
    preparedStatement(name, (db, statement) =>
      selectPosts(db, viewerId)
        .where(and(where, not(posts.deleted), after))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(FEED_PAGE_SIZE + 1)
        .prepare(statement),
    );
  return { first: page(`posts_${list}`, undefined), after: page(`posts_${list}_after`, olderThan(time, id)) };
}

const pages = {
  author_all: listPages('author_all', eq(posts.userId, author)),
  author_named: listPages('author_named', and(eq(posts.userId, author), not(posts.isAnonymous))),
  askline: listPages('askline', eq(posts.asklineId, sql.placeholder('askline'))),
};

/**
 * One page of live posts of `of`, newest first, with a keyset cursor over (created_at, id): the
 * profile page and the askline page list their posts this way.
 */
export async function listPostsNewestFirst(options: {
  db: Db;
  of: PostListOf;
  viewerId: string | null;
  cursor: string | undefined;
}): Promise<PostListPage> {
  const { db, of, viewerId } = options;
  const list = 'askline' in of ? 'askline' : of.withAnonymous ? 'author_all' : 'author_named';
  const values = 'askline' in of ? { viewerId, askline: of.askline } : { viewerId, author: of.author };
  let rows: PostRow[];
  if (options.cursor) {
    const [time, id] = decodeCursor(options.cursor, cursorShape);
    rows = await pages[list].after(db).execute({ ...values, time, id });
  } else {
    rows = await pages[list].first(db).execute(values);
  }
  return takePage(rows, FEED_PAGE_SIZE, (last) => [last.createdAtExact, last.id]);
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
