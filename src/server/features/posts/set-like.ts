import { sql } from 'drizzle-orm';
import type { RowId } from '../../../shared/path-params';
import type { LikeState } from '../../../shared/posts';
import { NOTIFICATION_DAY_ZONE } from '../../../shared/values/notifications';
import { type Db, queryRows } from '../../db/client';
import { blockedBetween, postRefAs } from '../personal-controls';

/** The posts table's columns as the statements below name them. */
const post = postRefAs('posts');

/**
 * Like or unlike (SPEC §4), exact under any concurrency: the like row's primary key (user, post)
 * allows one like per person, and the count moves in the same statement by exactly the number of
 * rows inserted or deleted, never below zero. Repeating a like or an unlike changes nothing. Null
 * when the post does not exist or is deleted.
 *
 * A new like tells the post's author in the same statement (issue #28): the day's notification for
 * the post is made, or moved up and made unread again. Who liked is read from `likes` when the
 * author reads it, so an unlike needs nothing here. `told` is whom the like told (for the live count,
 * announced after the answer: notifications/live.ts); it never leaves the server, and the answer is
 * the same whoever wrote the post.
 *
 * A named post of someone who blocked the liker, or whom they blocked, is as missing (null) both ways
 * (issue #48); an anonymous post never is, whoever wrote it (decision 032: a refusal would name them).
 */
export async function setLike(options: {
  db: Db;
  userId: string;
  postId: RowId;
  liked: boolean;
}): Promise<(LikeState & { told: string | null }) | null> {
  const { db, userId, postId } = options;
  // A reply is not liked (issue #49): it reads as missing, as a deleted post does.
  const open = sql`not deleted and parent_id is null and not ${blockedBetween(userId, post)}`;
  const change = options.liked
    ? sql`
        with changed as (
          insert into likes (user_id, post_id)
          select ${userId}, id from posts where id = ${postId}::uuid and ${open}
          on conflict do nothing
          returning post_id
        ),
        told as (
          insert into notifications (user_id, kind, post_id, day)
          select p.user_id, 'post_liked', p.id, (now() at time zone ${NOTIFICATION_DAY_ZONE})::date
          from posts p join changed on changed.post_id = p.id
          where p.user_id <> ${userId}
          on conflict (post_id, day) where kind = 'post_liked'
          do update set updated_at = now(), read_at = null
          returning user_id
        )
        update posts set like_count = like_count + (select count(*) from changed)
        where id = ${postId}::uuid and ${open}
        returning like_count, (select user_id from told) as told`
    : sql`
        with changed as (
          delete from likes
          where user_id = ${userId}
            and post_id = (select id from posts where id = ${postId}::uuid and ${open})
          returning post_id
        )
        update posts set like_count = greatest(like_count - (select count(*) from changed), 0)
        where id = ${postId}::uuid and ${open}
        returning like_count, null as told`;
  const [row] = await queryRows<{ like_count: number | string; told: string | null }>(db, change);
  return row ? { likeCount: Number(row.like_count), likedByMe: options.liked, told: row.told } : null;
}
