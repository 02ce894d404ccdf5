import { sql } from 'drizzle-orm';
import type { LikeState } from '../../../shared/posts';
import { type Db, queryRows } from '../../db/client';

/**
 * Like or unlike (SPEC §4), exact under any concurrency: the like row's primary key (user, post)
 * allows one like per person, and the count moves in the same statement by exactly the number of
 * rows inserted or deleted, never below zero. Repeating a like or an unlike changes nothing. Null
 * when the post does not exist or is deleted.
 */
export async function setLike(options: {
  db: Db;
  userId: string;
  postId: string;
  liked: boolean;
}): Promise<LikeState | null> {
  const { db, userId, postId } = options;
  const change = options.liked
    ? sql`
        with changed as (
          insert into likes (user_id, post_id)
          select ${userId}, id from posts where id = ${postId}::uuid and not deleted
          on conflict do nothing
          returning post_id
        )
        update posts set like_count = like_count + (select count(*) from changed)
        where id = ${postId}::uuid and not deleted
        returning like_count`
    : sql`
        with changed as (
          delete from likes
          where user_id = ${userId}
            and post_id = (select id from posts where id = ${postId}::uuid and not deleted)
          returning post_id
        )
        update posts set like_count = greatest(like_count - (select count(*) from changed), 0)
        where id = ${postId}::uuid and not deleted
        returning like_count`;
  const [row] = await queryRows<{ like_count: number | string }>(db, change);
  return row ? { likeCount: Number(row.like_count), likedByMe: options.liked } : null;
}
