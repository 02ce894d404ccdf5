import { and, eq, not, sql } from 'drizzle-orm';
import type { RowId } from '../../../shared/path-params';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { posts } from '../../db/schema';
import { type PostRow, selectPosts } from './select-posts';

const livePost = preparedStatement('post_by_id', (db, name) =>
  selectPosts(db, sql.placeholder('viewerId'))
    .where(and(eq(posts.id, sql.placeholder('id')), not(posts.deleted)))
    .limit(1)
    .prepare(name),
);

/** A live post by id, or null (a deleted post, or no post at all). */
export async function findPost(db: Db, id: RowId, viewerId: string | null): Promise<PostRow | null> {
  const [row] = await livePost(db).execute({ id, viewerId });
  return row ?? null;
}
