import { and, eq, not, sql } from 'drizzle-orm';
import type { RowId } from '../../../shared/path-params';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { posts } from '../../db/schema';
import { blockedBetween } from '../personal-controls';
import { type PostRow, postColumns, selectPostsWith } from './select-posts';

const viewerId = sql.placeholder('viewerId');
const livePost = preparedStatement('post_by_id', (db, name) =>
  selectPostsWith(db, viewerId, {
    // A named post between two people one of whom blocked the other (issue #48): read in the same
    // statement, so the post reads as missing to both (findVisiblePost) at no extra cost.
    blocked: blockedBetween(viewerId, postColumns).as('blocked'),
    // A reply (issue #49) is acted on as a post (deleted, removed, reported) but read only in its
    // thread: the post it answers.
    threadId: sql<string | null>`${posts.parentId}`.as('thread_id'),
  })
    .where(and(eq(posts.id, sql.placeholder('id')), not(posts.deleted)))
    .limit(1)
    .prepare(name),
);

export type FoundPost = PostRow & { blocked: boolean; threadId: string | null };

/**
 * A live post by id, or null (a deleted post, or no post at all), whatever the viewer's blocks: what
 * acts on a post for safety (a report, staff's removal) or as its author reads it so.
 */
export async function findPost(db: Db, id: RowId, viewerId: string | null): Promise<FoundPost | null> {
  const [row] = await livePost(db).execute({ id, viewerId });
  return row ?? null;
}

/**
 * A live post as the viewer may see it: null also for a named post of someone who blocked them or
 * whom they blocked (decision 032: it reads as missing, the same 404 as a post that is not there).
 */
export async function findVisiblePost(db: Db, id: RowId, viewerId: string | null): Promise<FoundPost | null> {
  const row = await findPost(db, id, viewerId);
  return row && !row.blocked ? row : null;
}
