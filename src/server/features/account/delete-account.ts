// Deleting an account (issue #27): everything the person made or left goes, in one transaction, and
// what others made stays exact. Their named posts (deleted ones too) go with the likes, reports and
// sealed suspensions on them; their likes and report reasons go, and the counts they made are lowered
// in the same statement; asklines, staff decisions and log entries stay without their id (the foreign
// keys of migration 0012 set it null; a staff member's log entries keep a number, issue #43); the
// profile, sessions, sign-in methods, pending tokens and mail to their address go, and the username
// is held for a while before anyone else may take it.
//
// Their anonymous posts stay, with no author at all (decision 019): exactly as everyone saw them, with
// every count, report and suspension on them, so nothing anyone can see ties the profile that goes to
// the anonymous posts that stay. Anyone who wants them gone deletes them first, on their own (the
// account page says why not at the same moment). The picture is queued for removal in the same
// transaction and removed once it commits (platform/object-removals.ts), so a crash cannot leave it.
import { type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type EndSessions, type ForgetTokens, resetTokensOf } from '../../auth/auth';
import { type Db, queryRows } from '../../db/client';
import { queueObjectRemovals, removeQueuedObjects } from '../../platform/object-removals';
import type { ObjectStorage } from '../../platform/storage';
import { numberFormerStaff } from '../moderation-log';

/**
 * What goes before the account's own row, in order (query-plans.test.ts checks each reads an index).
 * Likes and report reasons go first, lowering the counts they made in the same statement; then the
 * posts, whose likes, reports, reasons and sealed suspensions go by their keys.
 */
export function erasureOf(userId: string, email: string): SQL[] {
  return [
    // The posts its likes count in, locked in one order first: two accounts deleted at once that liked
    // the same posts wait for each other instead of deadlocking on the counts.
    sql`select p.id from posts p
        where p.id in (select post_id from likes where user_id = ${userId})
        order by p.id for update of p`,
    // A like on its own anonymous post stays counted: the post stays, and a count that dropped the
    // moment the profile went would say whose it was. The row goes; the count keeps a former member's.
    sql`with gone as (delete from likes where user_id = ${userId} returning post_id),
        lost as (
          select g.post_id, count(*)::int as n from gone g join posts p on p.id = g.post_id
          where not (p.is_anonymous and p.user_id = ${userId})
          group by g.post_id
        )
        update posts p set like_count = greatest(p.like_count - lost.n, 0)
        from lost where p.id = lost.post_id`,
    // The reports its reasons count in, locked first (in one order): a report made by someone else
    // meanwhile waits, so the count lowered below is the count as it stands.
    sql`select r.id from reports r
        where r.post_id in (select post_id from report_reasons where reporter_id = ${userId})
        order by r.post_id for update of r`,
    sql`with gone as (delete from report_reasons where reporter_id = ${userId} returning post_id),
        lost as (select post_id, count(*)::int as n from gone group by post_id),
        emptied as (
          delete from reports r using lost where r.post_id = lost.post_id and r.report_count <= lost.n
        )
        update reports r set report_count = r.report_count - lost.n
        from lost where r.post_id = lost.post_id and r.report_count > lost.n`,
    // Named replies (issue #49) keep their place in their threads, as a deleted reply does, with
    // nothing of the person left: the replies below them still read, and the counts they made are
    // lowered (their live ones) first.
    countOut(sql`p.user_id = ${userId} and p.parent_id is not null and not p.is_anonymous`),
    sql`update posts set deleted = true, user_id = null, content = 'Reply removed', match_text = null,
          posted_after_warning = false
        where user_id = ${userId} and parent_id is not null and not is_anonymous`,
    // Anonymous posts and replies, live or deleted, let go of their author and stay as they were
    // (decision 019); the named posts go, with what hangs on them (a post's thread too).
    sql`update posts set user_id = null where user_id = ${userId} and is_anonymous`,
    sql`delete from posts where user_id = ${userId}`,
    // Old share links and embeds name the username: held before anyone else may take it.
    sql`insert into released_usernames (username)
        select username from profiles where user_id = ${userId}
        on conflict (username) do update set released_at = now()`,
    // A staff member's log entries keep a number, not their name (issue #43).
    numberFormerStaff(userId),
    // A password-reset token is stored with the account's id as its value (better-auth); few rows.
    sql`delete from verifications where value = ${userId}`,
    // Mail not yet sent, or kept for the development mailbox. Addresses are stored lower-case.
    sql`delete from mail_outbox where "to" = ${email.toLowerCase()}`,
  ];
}

/** True when this call deleted the account (false: it was already gone). */
export async function deleteAccount(options: {
  db: Db;
  storage: ObjectStorage;
  endSessions: EndSessions;
  /** Reset tokens have a copy in Redis too (auth.ts tokenForgetter). */
  forgetTokens: ForgetTokens;
  userId: string;
  logger?: Logger;
}): Promise<boolean> {
  const { db, userId } = options;
  let tokens: string[] = [];
  const pictures = await db.transaction(async (tx) => {
    // The account's row, locked: a like, report or post it is making right now waits here, then fails
    // on the foreign key, so nothing it does can slip in between the counts and the removal. The
    // profile's too: a picture being set waits, and the key read here is the last one.
    const [account] = await queryRows<{ email: string }>(
      tx,
      sql`select email from users where id = ${userId} for update`,
    );
    if (!account) return null;
    const [profile] = await queryRows<{ picture: string | null }>(
      tx,
      sql`select profile_picture_key as picture from profiles where user_id = ${userId} for update`,
    );

    // Read before they go: their copies in Redis are forgotten by these identifiers after the commit.
    tokens = await resetTokensOf(tx, userId);
    for (const statement of erasureOf(userId, account.email)) await tx.execute(statement);
    const keys = profile?.picture ? [profile.picture] : [];
    await queueObjectRemovals(tx, keys);
    // The profile, sessions and sign-in methods go by their keys; asklines and staff rows keep a null.
    await tx.execute(sql`delete from users where id = ${userId}`);
    return keys;
  });
  if (pictures === null) return false;
  // Sessions in the database went with the account; this empties the session cache (Redis) too.
  await options.endSessions(userId);
  await options.forgetTokens(tokens);
  if (pictures.length > 0) {
    // A failure here is kept and retried by the sweep: the account is deleted either way.
    await removeQueuedObjects({ db, storage: options.storage, logger: options.logger, keys: pictures }).catch(
      (error: unknown) => options.logger?.warn({ err: error }, 'the picture removal will be retried'),
    );
  }
  return true;
}

/**
 * Takes down every anonymous post of the account still up, now (decision 019): what someone does
 * before deleting their account when they want these gone, on their own, rather than left with no
 * author. The same as deleting each from their profile (a post's author deleting it), all at once.
 */
export async function deleteOwnAnonymousPosts(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    // Replies among them leave their threads' counts, as a deleted reply does (issue #49).
    await tx.execute(countOut(sql`p.user_id = ${userId} and p.is_anonymous and p.parent_id is not null`));
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update posts set deleted = true
          where user_id = ${userId} and is_anonymous and not deleted returning id`,
    );
    return rows.length;
  });
}

/**
 * Lowers the reply counts of the threads and branches that the live replies meeting `which` (a
 * condition on `p`) count in: before they are deleted together, in one statement per thread row.
 */
function countOut(which: SQL): SQL {
  return sql`with gone as (
      select p.parent_id as id from posts p where ${which} and not p.deleted
      union all
      select p.branch_id from posts p where ${which} and not p.deleted and p.branch_id is not null
    ),
    lost as (select id, count(*)::int as n from gone group by id)
    update posts t set reply_count = greatest(t.reply_count - lost.n, 0) from lost where t.id = lost.id`;
}
