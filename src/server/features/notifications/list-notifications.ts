// A person's notifications, newest change first, a page at a time (keyset over updated_at, id), each
// with what it is about in the same query: the post, and for likes the day's count and latest liker,
// read from `likes` (so an unlike is counted out without touching the notification). A day whose likes
// were all taken back shows nothing; nor does a post that was deleted.
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Statement } from '../../../shared/appeals';
import type { Notification, NotificationKind } from '../../../shared/notifications';
import { NOTIFICATION_DAY_ZONE } from '../../../shared/notifications';
import type { RowId } from '../../../shared/path-params';
import { type Db, queryRows } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { likerShown, mutedByWords, postRefAs } from '../personal-controls';
import { pushChosen } from './settings';

export const NOTIFICATION_PAGE_SIZE = 20;
const cursorShape = z.tuple([cursorTime, z.uuid()]);

interface Row {
  id: string;
  kind: NotificationKind;
  read_at: Date | string | null;
  updated_at: Date | string;
  exactly: string;
  post_id: string | null;
  content: string | null;
  is_anonymous: boolean | null;
  likes: number | null;
  askline_id: string | null;
  askline_content: string | null;
  answers: number | null;
  detail: string | null;
  latest_username: string | null;
  latest_full_name: string | null;
  thread_id: string | null;
  replies: number | null;
  replier_username: string | null;
  replier_full_name: string | null;
  mention_username: string | null;
  mention_full_name: string | null;
  signature_id: string | null;
  signature_content: string | null;
  signature_status: string | null;
  signer_username: string | null;
  signer_full_name: string | null;
  book_id: string | null;
  book_kind: 'page' | 'class' | null;
  book_year: number | null;
  book_campus: 'VITC' | 'VITV' | null;
  decision_kind: Statement['kind'] | null;
  rule: Statement['rule'] | null;
  facts: string | null;
  found_by: Statement['foundBy'] | null;
  decided_at: Date | string | null;
}

/**
 * Rows of `userId` that are shown: of a kind they see in the app, the post alive, for likes, answers
 * and replies at least one that day, and for a mention a text their muted words do not match (words
 * muted after it was made act on it too).
 */
function shown(userId: string, inApp = true) {
  const chosen = inApp
    ? sql`and not exists (
      select 1 from notification_settings s where s.user_id = n.user_id and s.kind = n.kind and not s.in_app)`
    : sql``;
  return sql`n.user_id = ${userId} ${chosen}
    and (n.post_id is null or not p.deleted or n.kind in ('post_removed', 'report_outcome', 'appeal_decided', 'report_received'))
    and (n.kind <> 'post_liked' or lk.total > 0)
    and (n.kind <> 'askline_answered' or ans.total > 0)
    and (n.kind not in ('post_replied', 'reply_replied') or coalesce(rpp_count.total, rpr_count.total) > 0)
    and (n.kind <> 'mentioned' or not ${mutedByWords(userId, postRefAs('p'))})
    and (n.signature_id is null or not exists (select 1 from signatures sg, blocks b
      where sg.id = n.signature_id and ((b.blocker_id = n.user_id and b.blocked_id = sg.writer_id)
        or (b.blocker_id = sg.writer_id and b.blocked_id = n.user_id))))`;
}

/**
 * The day's replies of a reply notification, the recipient's own left out: to their post (its
 * top-level replies: posts_thread_idx over one day) or to their reply (posts_reply_to_idx), how many,
 * and the latest named one, never of someone they blocked or muted, or who blocked them (decision
 * 032); anonymous replies are counted and never named (issue #49). Replies the recipient's muted words
 * match are neither counted nor named: a day of only those shows nothing.
 */
function dayReplies(recipient: string, options: { latest: boolean }) {
  const ofTheDay = (about: SQL) => sql`${about} and not r.deleted and r.user_id is distinct from n.user_id
    and not ${mutedByWords(recipient, postRefAs('r'))}
    and r.created_at >= (n.day::timestamp at time zone ${NOTIFICATION_DAY_ZONE})
    and r.created_at < ((n.day + 1)::timestamp at time zone ${NOTIFICATION_DAY_ZONE})`;
  // Each kind reads its own index: a lateral per kind, joined only to rows of that kind.
  const kinds = [
    ['post_replied', sql`r.parent_id = n.post_id and r.branch_id is null`, 'rpp_'],
    ['reply_replied', sql`r.reply_to_id = n.post_id`, 'rpr_'],
  ] as const;
  const joins = kinds.map(([kind, about, alias]) => {
    const count = sql`left join lateral (select count(*)::int as total from posts r where ${ofTheDay(about)})
        ${sql.raw(`${alias}count`)} on n.kind = ${kind}`;
    if (!options.latest) return count;
    return sql`${count}
      left join lateral (
        select r.user_id from posts r where ${ofTheDay(about)} and not r.is_anonymous
          and ${likerShown(recipient, sql.raw('r.user_id'))}
        order by r.created_at desc limit 1
      ) ${sql.raw(`${alias}latest`)} on n.kind = ${kind}`;
  });
  return sql.join(joins, sql` `);
}

/** The reply notification's count and latest named replier, of whichever kind it is. */
const REPLIES = {
  total: sql`coalesce(rpp_count.total, rpr_count.total)`,
  latest: sql`coalesce(rpp_latest.user_id, rpr_latest.user_id)`,
};

/** The day's answers to an askline notification, the recipient's own left out: how many. */
function dayAnswers() {
  // posts_askline_created_idx holds live posts by askline, newest first: a range of one day.
  return sql`left join lateral (
      select count(*)::int as total from posts ap
      where ap.askline_id = n.askline_id and not ap.deleted and ap.user_id is distinct from n.user_id
        and ap.created_at >= (n.day::timestamp at time zone ${NOTIFICATION_DAY_ZONE})
        and ap.created_at < ((n.day + 1)::timestamp at time zone ${NOTIFICATION_DAY_ZONE})
    ) ans on n.kind = 'askline_answered'`;
}

/**
 * The day's likes of a like notification, the recipient's own left out: how many, and who liked last.
 * The one named is never someone the recipient blocked or muted, or who blocked them (issue #48); the
 * count is every like (decision 032: counts never move).
 */
function dayLikes(options: { latest: false } | { latest: true; recipient: string }) {
  const ofTheDay = sql`l.post_id = n.post_id and l.user_id <> n.user_id
    and l.created_at >= (n.day::timestamp at time zone ${NOTIFICATION_DAY_ZONE})
    and l.created_at < ((n.day + 1)::timestamp at time zone ${NOTIFICATION_DAY_ZONE})`;
  // Both read likes_post_idx (post, newest first) over that one day: no sort, whatever the post.
  const count = sql`left join lateral (select count(*)::int as total from likes l where ${ofTheDay}) lk
      on n.kind = 'post_liked'`;
  if (!options.latest) return count;
  return sql`${count}
    left join lateral (
      select l.user_id from likes l where ${ofTheDay} and ${likerShown(options.recipient, sql.raw('l.user_id'))}
      order by l.created_at desc limit 1
    ) latest on n.kind = 'post_liked'`;
}

export async function listNotifications(options: {
  db: Db;
  userId: string;
  cursor: string | undefined;
}): Promise<{ notifications: Notification[]; nextCursor: string | null }> {
  const after = options.cursor
    ? (() => {
        const [time, id] = decodeCursor(options.cursor, cursorShape);
        return sql`and (n.updated_at, n.id) < (${time}::timestamptz, ${id}::uuid)`;
      })()
    : sql``;
  const rows = await readRows(
    options.db,
    options.userId,
    shown(options.userId),
    after,
    NOTIFICATION_PAGE_SIZE + 1,
  );
  const page = takePage(rows, NOTIFICATION_PAGE_SIZE, (last) => [last.exactly, last.id]);
  return { notifications: page.rows.map(present), nextCursor: page.nextCursor };
}

/**
 * What a digest lists (digest.ts): the unread notifications of `kinds` changed after `since`, newest
 * first, at most `limit` of them, whether or not the recipient shows those kinds in the app.
 */
export async function unreadForDigest(options: {
  db: Db;
  userId: string;
  kinds: readonly NotificationKind[];
  /** A timestamptz as PostgreSQL writes it (microseconds kept). */
  since: string;
  limit: number;
}): Promise<Notification[]> {
  const { userId, kinds, since } = options;
  const which = sql`and n.read_at is null and n.updated_at > ${since}::timestamptz
    and n.kind = any(${`{${kinds.join(',')}}`}::text[])`;
  return (await readRows(options.db, userId, shown(userId, false), which, options.limit)).map(present);
}

async function readRows(db: Db, recipient: string, where: SQL, and: SQL, limit: number): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`select n.id, n.kind, n.read_at, n.updated_at, n.updated_at::text as exactly,
          coalesce(n.post_id, n.held_post_id) as post_id, coalesce(p.content, h.content) as content,
          coalesce(p.is_anonymous, h.is_anonymous) as is_anonymous, lk.total as likes,
          n.askline_id, a.content as askline_content, ans.total as answers, n.detail,
          lp.username as latest_username, lp.full_name as latest_full_name,
          p.parent_id as thread_id, ${REPLIES.total} as replies,
          rpp.username as replier_username, rpp.full_name as replier_full_name,
          mp.username as mention_username, mp.full_name as mention_full_name,
          sg.id as signature_id, sg.content as signature_content, sg.status as signature_status,
          sw.username as signer_username, sw.full_name as signer_full_name,
          bj.id as book_id, bj.kind as book_kind, bj.year as book_year, bj.campus as book_campus,
          d.kind as decision_kind, d.rule, d.facts, d.found_by, d.decided_at
        from notifications n
        left join posts p on p.id = n.post_id
        left join held_posts h on h.id = n.held_post_id
        left join asklines a on a.id = n.askline_id
        left join moderation_decisions d on d.id = n.decision_id
        ${dayLikes({ latest: true, recipient })}
        ${dayAnswers()}
        ${dayReplies(recipient, { latest: true })}
        left join profiles lp on lp.user_id = latest.user_id
        left join profiles rpp on rpp.user_id = ${REPLIES.latest}
        left join profiles mp on mp.user_id = p.user_id and n.kind = 'mentioned' and not p.is_anonymous
        left join signatures sg on sg.id = n.signature_id
        left join profiles sw on sw.user_id = sg.writer_id
        left join book_jobs bj on bj.id = n.book_job_id
        where ${where} ${and}
        order by n.updated_at desc, n.id desc
        limit ${limit}`,
  );
}

/** How many shown notifications are unread (the bell). */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(
    db,
    sql`select count(*)::int as unread
        from notifications n
        left join posts p on p.id = n.post_id
        ${dayLikes({ latest: false })}
        ${dayAnswers()}
        ${dayReplies(userId, { latest: false })}
        where ${shown(userId)} and n.read_at is null
          and n.updated_at > coalesce(
            (select s.seen_at from notifications_seen s where s.user_id = ${userId}), '-infinity'::timestamptz)`,
  );
  return row?.unread ?? 0;
}

/** A notification of `userId` that changed after a push was last looked for (features/push). */
export interface ChangedNotification {
  id: string;
  kind: NotificationKind;
  /** Its updated_at, exactly (microseconds), as PostgreSQL writes it. */
  changedAt: string;
}

/**
 * What may be pushed to `userId` (issue #51): their unread notifications changed after `since` (a
 * timestamptz as PostgreSQL writes it) and within the last `withinMs`, that the bell would count
 * (shown in the app, the post alive, a day's likes or replies not all taken back, a mention their
 * muted words do not match) and of a kind they push; `unless` leaves out more (what was pushed
 * already). Oldest change first, at most `limit`.
 */
export async function changedForPush(
  db: Db,
  userId: string,
  options: { since: string; withinMs: number; unless: SQL; limit: number },
): Promise<ChangedNotification[]> {
  const rows = await queryRows<{ id: string; kind: NotificationKind; changed_at: string }>(
    db,
    sql`select n.id, n.kind, n.updated_at::text as changed_at
        from notifications n
        left join posts p on p.id = n.post_id
        ${dayLikes({ latest: false })}
        ${dayAnswers()}
        ${dayReplies(userId, { latest: false })}
        where ${shown(userId)} and n.read_at is null
          and n.updated_at > ${options.since}::timestamptz
          and n.updated_at > now() - ${options.withinMs} * interval '1 millisecond'
          and ${pushChosen()} and not (${options.unless})
        order by n.updated_at, n.id
        limit ${options.limit}`,
  );
  return rows.map((row) => ({ id: row.id, kind: row.kind, changedAt: row.changed_at }));
}

/**
 * The member has seen their notifications changed up to `through` (issue #51): the bell counts only
 * what changed after. Never moves back, and never past now. `through` is a notification's `at`, in
 * milliseconds: the whole millisecond is seen (updated_at keeps microseconds).
 */
export async function markSeen(db: Db, userId: string, through: Date): Promise<void> {
  await db.execute(
    sql`insert into notifications_seen (user_id, seen_at) values (${userId}, least(${through.toISOString()}::timestamptz + interval '999 microseconds', now()))
        on conflict (user_id) do update set seen_at = greatest(notifications_seen.seen_at, excluded.seen_at)`,
  );
}

/** Marks one notification of `userId` read; false when they have none of that id. */
export async function markRead(db: Db, userId: string, id: RowId): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update notifications set read_at = coalesce(read_at, now())
        where id = ${id}::uuid and user_id = ${userId} returning id`,
  );
  return rows.length > 0;
}

/**
 * Marks read what the page shows: kinds hidden from the app stay unread, for the digest that mails
 * them.
 */
export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db.execute(
    sql`update notifications n set read_at = now()
        where n.user_id = ${userId} and n.read_at is null
          and not exists (
            select 1 from notification_settings s
            where s.user_id = n.user_id and s.kind = n.kind and not s.in_app)`,
  );
}

/** What became of the recipient's report, or of their appeal. */
function presentOutcome(row: Row): Notification['outcome'] {
  const outcomes: Record<string, readonly string[]> = {
    report_outcome: ['resolved', 'removed'],
    appeal_decided: ['upheld', 'overturned'],
  };
  const detail = row.detail as Notification['outcome'];
  return detail && outcomes[row.kind]?.includes(detail) ? detail : null;
}

function present(row: Row): Notification {
  const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
  return {
    id: row.id,
    kind: row.kind,
    read: row.read_at !== null,
    at: iso(row.updated_at),
    // A reporter is not shown the post they reported again: only that it was received, and what became
    // of it.
    post:
      row.kind !== 'report_outcome' && row.kind !== 'report_received' && row.post_id && row.content !== null
        ? {
            id: row.post_id,
            content: row.content,
            isAnonymous: row.is_anonymous === true,
            threadId: row.thread_id,
          }
        : null,
    outcome: presentOutcome(row),
    // Only a removal from before statements of reasons carries a bare reason.
    reason: (row.kind === 'post_removed' || row.kind === 'held_removed') && !row.rule ? row.detail : null,
    statement:
      row.decision_kind && row.rule && row.facts !== null && row.found_by && row.decided_at
        ? {
            kind: row.decision_kind,
            rule: row.rule,
            facts: row.facts,
            foundBy: row.found_by,
            decidedAt: iso(row.decided_at),
          }
        : null,
    notice: row.kind === 'admin_notice' ? row.detail : null,
    askline:
      row.askline_id && row.askline_content !== null
        ? { id: row.askline_id, content: row.askline_content }
        : null,
    answers: row.kind === 'askline_answered' ? { count: row.answers ?? 0 } : null,
    replies:
      row.kind === 'post_replied' || row.kind === 'reply_replied'
        ? {
            count: row.replies ?? 0,
            latest:
              row.replier_username && row.replier_full_name
                ? { username: row.replier_username, fullName: row.replier_full_name }
                : null,
          }
        : null,
    mentionedBy:
      row.kind === 'mentioned' && row.mention_username && row.mention_full_name
        ? { username: row.mention_username, fullName: row.mention_full_name }
        : null,
    signature:
      row.kind === 'signature_received' &&
      row.signature_id &&
      row.signature_content !== null &&
      row.signer_username &&
      row.signer_full_name
        ? {
            id: row.signature_id,
            content: row.signature_content,
            approved: row.signature_status === 'approved',
            writer: { username: row.signer_username, fullName: row.signer_full_name },
          }
        : null,
    book:
      row.kind === 'book_ready' && row.book_id && row.book_kind
        ? { id: row.book_id, kind: row.book_kind, year: row.book_year, campus: row.book_campus }
        : null,
    likes:
      row.kind === 'post_liked'
        ? {
            count: row.likes ?? 0,
            latest:
              row.latest_username && row.latest_full_name
                ? { username: row.latest_username, fullName: row.latest_full_name }
                : null,
          }
        : null,
  };
}
