// Reading a thread (issue #49, decision 034): a page of top-level replies in the order asked, each with
// the first replies of its branch, in one statement; or a page of one branch after its first few. The
// viewer's personal controls apply as on the feed (decision 032): a named reply of someone shut out
// (blocked either way, or muted) is left out with its branch, and a reply the viewer hid ("Mute this
// author" on an anonymous reply) with the replies answering it. Deleted replies keep their place.
// Replies the viewer's muted words match are left out of the answer (the replies answering one go
// with it), and counted, unless asked for (`showMuted`): the statement reads them, so a page's
// keyset range is the same whether they show or not.
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BRANCH_PAGE_SIZE,
  BRANCH_PREVIEW_SIZE,
  THREAD_PAGE_SIZE,
  type ThreadOrder,
} from '../../../shared/replies';
import { type Db, queryRows } from '../../db/client';
import { cursorTime, decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import { preparedSql } from '../../db/prepared';
import { blockedBetween, hiddenByViewer, mutedByWords, postRefAs, shownInList } from '../personal-controls';

/** A reply as read for a thread, before it is presented (present-reply.ts). */
export interface ReplyRow {
  id: string;
  parent_id: string;
  reply_to_id: string | null;
  branch_id: string | null;
  user_id: string | null;
  content: string;
  is_anonymous: boolean;
  anonymous_label: number | null;
  deleted: boolean;
  created_at: string;
  /** Microseconds, for the keyset cursor. */
  created_at_exact: string;
  reply_count: number;
  author_username: string | null;
  author_full_name: string | null;
  author_picture_key: string | null;
  /** Whom it answers as the thread names them; null when it answers the post. */
  reply_to_name: string | null;
  /** The viewer's muted words match its text (never the viewer's own, never a removed reply's). */
  muted_word: boolean;
}

/** The post a thread belongs to, as its page needs it: null when it reads as missing to the viewer. */
export interface ThreadHead {
  user_id: string | null;
  reply_count: number;
  replies_enabled: boolean;
}

const cursorShape = z.tuple([cursorTime, z.uuid()]);

/** The columns of a reply row, with its author's and whom it answers, read under alias `r`. */
/** A reply as a thread reads it (`r`), with its author's profile and whom it answers (REPLY_JOINS). */
export const REPLY_COLUMNS = sql`r.id, r.parent_id, r.reply_to_id, r.branch_id, r.user_id, r.content, r.is_anonymous,
  r.anonymous_label, r.deleted, r.created_at, r.created_at::text as created_at_exact, r.reply_count,
  pr.username as author_username, pr.full_name as author_full_name, pr.profile_picture_key as author_picture_key,
  case
    when r.reply_to_id is null then null
    when rt.deleted then 'a removed reply'
    when rt.is_anonymous then case when rt.anonymous_label = 0 then 'Author' else 'Anonymous ' || rt.anonymous_label end
    else '@' || rtp.username
  end as reply_to_name`;

/** Whether the viewer's muted words match the reply (a removed reply has no text to match). */
const mutedWord = (viewer: string | null) =>
  sql`(not r.deleted and ${mutedByWords(viewer, postRefAs('r'))}) as muted_word`;

/** Its author's profile (none for an anonymous reply: it is never read), and the reply it answers. */
export const REPLY_JOINS = sql`left join profiles pr on pr.user_id = r.user_id and not r.is_anonymous
  left join posts rt on rt.id = r.reply_to_id
  left join profiles rtp on rtp.user_id = rt.user_id and not rt.is_anonymous`;

/**
 * A reply the viewer reads: not a named one of someone shut out (blocks both ways, mutes), not one they
 * hid, nor one answering a reply they hid. A deleted reply is read (it keeps its place) whoever wrote it.
 */
function shown(viewer: string | null): SQL {
  return sql`(${shownInList('feed', viewer, postRefAs('r'))}
    and (r.reply_to_id is null or not ${hiddenByViewer(viewer, { id: sql.raw('r.reply_to_id') })}))`;
}

function after(order: ThreadOrder, cursor: string | undefined): SQL {
  if (!cursor) return sql`true`;
  const [time, id] = decodeCursor(cursor, cursorShape);
  return order === 'oldest'
    ? sql`(r.created_at, r.id) > (${time}::timestamptz, ${id}::uuid)`
    : sql`(r.created_at, r.id) < (${time}::timestamptz, ${id}::uuid)`;
}

const direction = (order: ThreadOrder) => sql.raw(order === 'oldest' ? 'asc' : 'desc');

/**
 * The post of a thread: live, not a reply, and not a named post between the viewer and someone one of
 * them blocked (it reads as missing, decision 032).
 */
export async function readThreadHead(
  db: Db,
  postId: string,
  viewer: string | null,
): Promise<ThreadHead | null> {
  const [row] = await queryRows<ThreadHead & { blocked: boolean }>(
    db,
    sql`select p.user_id, p.reply_count, p.replies_enabled, ${blockedBetween(viewer, postRefAs('p'))} as blocked
      from posts p where p.id = ${postId}::uuid and not p.deleted and p.parent_id is null`,
  );
  if (!row || row.blocked) return null;
  const { blocked: _, ...head } = row;
  return head;
}

/** A page of a thread: top-level replies, each with its branch's first replies (and whether there are more). */
export async function listThread(
  db: Db,
  options: {
    postId: string;
    viewer: string | null;
    order: ThreadOrder;
    cursor: string | undefined;
    showMuted?: boolean;
  },
): Promise<{
  entries: { reply: ReplyRow; branch: ReplyRow[]; branchCursor: string | null }[];
  nextCursor: string | null;
  /** Replies of this page the viewer's muted words left out (0 with showMuted). */
  hiddenByMutedWords: number;
}> {
  const { postId, viewer, order, showMuted = false } = options;
  const rows = await queryRows<ReplyRow & { top_id: string | null }>(
    db,
    sql`with top as materialized (
        select r.id, r.created_at from posts r
        where r.parent_id = ${postId}::uuid and r.branch_id is null
          and ${after(order, options.cursor)} and ${shown(viewer)}
        order by r.created_at ${direction(order)}, r.id ${direction(order)}
        limit ${THREAD_PAGE_SIZE + 1}
      )
      select null::uuid as top_id, ${REPLY_COLUMNS}, ${mutedWord(viewer)}
      from top t join posts r on r.id = t.id ${REPLY_JOINS}
      union all
      select b.* from top t cross join lateral (
        select t.id as top_id, ${REPLY_COLUMNS}, ${mutedWord(viewer)}
        from posts r ${REPLY_JOINS}
        where r.branch_id = t.id and ${shown(viewer)}
        order by r.created_at, r.id
        limit ${BRANCH_PREVIEW_SIZE + 1}
      ) b`,
  );
  const tops = rows.filter((row) => row.top_id === null);
  tops.sort((a, b) => compare(a, b) * (order === 'oldest' ? 1 : -1));
  const page = tops.slice(0, THREAD_PAGE_SIZE);
  const last = page.at(-1);
  let hiddenByMutedWords = 0;
  const entries = page.flatMap((reply) => {
    const branch = rows.filter((row) => row.top_id === reply.id).sort(compare);
    const preview = branch.slice(0, BRANCH_PREVIEW_SIZE);
    const end = preview.at(-1);
    const muted = leaveOutMuted(preview, showMuted);
    hiddenByMutedWords += muted.hidden;
    if (reply.muted_word && !showMuted) {
      hiddenByMutedWords += 1;
      return [];
    }
    return [
      {
        reply,
        branch: muted.shown,
        branchCursor: branch.length > BRANCH_PREVIEW_SIZE && end ? cursorOf(end) : null,
      },
    ];
  });
  return {
    entries,
    nextCursor: tops.length > THREAD_PAGE_SIZE && last ? cursorOf(last) : null,
    hiddenByMutedWords,
  };
}

/**
 * A branch's replies without those the viewer's muted words match, and the replies answering those
 * (they read as answers to nothing), unless `show`; and how many matched.
 */
function leaveOutMuted(replies: ReplyRow[], show: boolean): { shown: ReplyRow[]; hidden: number } {
  if (show) return { shown: replies, hidden: 0 };
  const left = new Set<string>();
  let hidden = 0;
  const shown = replies.filter((reply) => {
    if (reply.muted_word) hidden += 1;
    if (reply.muted_word || (reply.reply_to_id !== null && left.has(reply.reply_to_id))) {
      left.add(reply.id);
      return false;
    }
    return true;
  });
  return { shown, hidden };
}

/** A page of one branch, oldest first, after `cursor`. */
export async function listBranch(
  db: Db,
  options: {
    postId: string;
    branchId: string;
    viewer: string | null;
    cursor: string | undefined;
    showMuted?: boolean;
  },
): Promise<{ replies: ReplyRow[]; nextCursor: string | null; hiddenByMutedWords: number }> {
  const rows = await queryRows<ReplyRow>(
    db,
    sql`select ${REPLY_COLUMNS}, ${mutedWord(options.viewer)}
      from posts r ${REPLY_JOINS}
      where r.branch_id = ${options.branchId}::uuid and r.parent_id = ${options.postId}::uuid
        and ${after('oldest', options.cursor)} and ${shown(options.viewer)}
      order by r.created_at, r.id
      limit ${BRANCH_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, BRANCH_PAGE_SIZE);
  const last = page.at(-1);
  const muted = leaveOutMuted(page, options.showMuted ?? false);
  return {
    replies: muted.shown,
    nextCursor: rows.length > BRANCH_PAGE_SIZE && last ? cursorOf(last) : null,
    hiddenByMutedWords: muted.hidden,
  };
}

const cursorOf = (row: ReplyRow) => encodeCursor([row.created_at_exact, row.id]);

/**
 * Oldest first, as the statement ordered each part: by the time as PostgreSQL writes it (one zone,
 * microseconds, so the text sorts as the time does), then the id.
 */
function compare(a: ReplyRow, b: ReplyRow): number {
  const [x, y] = [`${a.created_at_exact} ${a.id}`, `${b.created_at_exact} ${b.id}`];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** One reply by id, as a thread reads it (the one just written, read back for its answer). */
export async function findReply(db: Db, id: string): Promise<ReplyRow | null> {
  const { rows } = await replyById(db).execute({ id });
  return rows[0] ?? null;
}

/** Read after every reply written: prepared (its joins cost more to plan than to run). */
const replyById = preparedSql<ReplyRow>(
  'reply_by_id',
  sql`select ${REPLY_COLUMNS}, false as muted_word
    from posts r ${REPLY_JOINS} where r.id = ${sql.placeholder('id')}::uuid and r.parent_id is not null`,
);
