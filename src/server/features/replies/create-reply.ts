// Writing a reply (issue #49, decision 034): one transaction that takes the thread's row lock, checks
// the thread and the reply answered, gives an anonymous writer their label in the thread, inserts the
// reply and keeps the counts exact.
import { sql } from 'drizzle-orm';
import { POST_MESSAGES } from '../../../shared/posts';
import { REPLY_MESSAGES } from '../../../shared/replies';
import { AppError } from '../../app-error';
import { type Db, queryRows } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { tellMentioned, tellReplied, tellRepliedSql } from '../notifications';
import {
  blockedBetween,
  type MutedWord,
  mutedWordsMatchText,
  mutedWordsNow,
  postRefAs,
  textLetters,
} from '../personal-controls';
import { textMatchForm } from '../safety';
import { REPLY_COLUMNS, REPLY_JOINS, type ReplyRow } from './list-thread';

export interface NewReply {
  /** The thread: a post's id. */
  postId: string;
  authorId: string;
  content: string;
  isAnonymous: boolean;
  /** The reply answered; null: the post. */
  replyToId: string | null;
  /** The text check's "Post anyway?" was answered (issue #47). */
  postedAfterWarning?: boolean;
  /** A held reply published by staff keeps the id it was held under. */
  id?: string;
  /**
   * The caller announces everyone told to their live bells once the reply is committed (the reply
   * route does), so the notifications made here send no NOTIFY of their own (migration 0029).
   */
  announcedAfterCommit?: boolean;
}

interface ThreadRow {
  user_id: string | null;
  is_anonymous: boolean;
  replies_enabled: boolean;
  blocked: boolean;
  /** The post's author's muted words, when the reply answers the post (its notification is theirs). */
  muted_words: MutedWord[] | null;
}

interface AnsweredRow {
  id: string;
  branch_id: string | null;
  user_id: string | null;
  blocked: boolean;
  muted_words: MutedWord[];
}

const writer = sql.placeholder('writer');
const postId = sql.placeholder('postId');

/**
 * The thread for a new reply, locked until the transaction ends (so two first anonymous replies at
 * once cannot take the same label, and the counts add up): a live post, not a reply, that the writer
 * may see. Each of a reply's statements is prepared (issue #49: planning them each time cost the
 * database more than running them); this one in four forms:
 * - `announced`: it also tells the notification triggers that the caller announces after the commit
 *   (migration 0029): the transaction's first statement, so no statement of its own for it;
 * - `answersPost`: it reads the post's author's muted words with the row (the reply's notification is
 *   theirs).
 */
const lockStatements = new Map(
  [false, true].flatMap((announced) =>
    [false, true].map((answersPost) => [
      `${announced}-${answersPost}`,
      preparedSql<ThreadRow>(
        `reply_lock_thread${announced ? '_announced' : ''}${answersPost ? '_post' : ''}`,
        sql`select p.user_id, p.is_anonymous, p.replies_enabled, ${blockedBetween(writer, postRefAs('p'))} as blocked,
            ${answersPost ? mutedWordsNow(sql.raw('p.user_id')) : sql`null`} as muted_words${
              announced
                ? sql`, set_config('yearbook.announced_after_commit', 'on', true) as announced`
                : sql``
            }
          from posts p
          where p.id = ${postId}::uuid and not p.deleted and p.parent_id is null
          for update of p`,
      ),
    ]),
  ),
);

async function lockThread(
  tx: Db,
  thread: string,
  author: string,
  options: { announcedAfterCommit: boolean; answersPost: boolean },
): Promise<ThreadRow | null> {
  const statement = lockStatements.get(`${options.announcedAfterCommit}-${options.answersPost}`);
  if (!statement) throw new Error('lockThread: no such statement');
  const {
    rows: [row],
  } = await statement(tx).execute({ postId: thread, writer: author });
  return row && !row.blocked ? row : null;
}

/** The reply answered: live, in this thread, and not a named reply between the writer and a blocker. */
const answeredStatement = preparedSql<AnsweredRow>(
  'reply_answered',
  sql`select r.id, r.branch_id, r.user_id, ${blockedBetween(writer, postRefAs('r'))} as blocked,
      ${mutedWordsNow(sql.raw('r.user_id'))} as muted_words
    from posts r
    where r.id = ${sql.placeholder('replyToId')}::uuid and r.parent_id = ${postId}::uuid and not r.deleted`,
);

async function findAnswered(tx: Db, thread: string, replyToId: string, author: string) {
  const {
    rows: [row],
  } = await answeredStatement(tx).execute({ postId: thread, replyToId, writer: author });
  return row && !row.blocked ? row : null;
}

/**
 * The writer's anonymous label in the thread: the one they hold, or the next number (0, "Author",
 * for an anonymous post's own author). Under the thread's lock.
 */
async function labelFor(tx: Db, postId: string, writer: string, thread: ThreadRow): Promise<number> {
  const [held] = await queryRows<{ label: number }>(
    tx,
    sql`select label from thread_labels where post_id = ${postId}::uuid and user_id = ${writer}`,
  );
  if (held) return held.label;
  const author = thread.is_anonymous && thread.user_id === writer;
  const [given] = await queryRows<{ label: number }>(
    tx,
    sql`insert into thread_labels (post_id, user_id, label)
      select ${postId}::uuid, ${writer}, ${
        author
          ? sql`0`
          : sql`coalesce((select max(label) from thread_labels where post_id = ${postId}::uuid), 0) + 1`
      }
      returning label`,
  );
  if (!given) throw new Error('labelFor: no label given');
  return given.label;
}

/**
 * Writes a reply (the caller has run the text check), and tells the post's or the answered reply's
 * author and the people it mentions. Answers its id and who was told (for their live bells); 404 when
 * the thread or the reply answered reads as missing, 403 when the thread's replies are off.
 */
export async function createReply(
  db: Db,
  reply: NewReply,
): Promise<{ id: string; told: string[]; row?: ReplyRow }> {
  if (!reply.isAnonymous && !reply.content.includes('@')) {
    const written = await writeNamedReply(db, reply);
    if (written) return written;
    // Nothing written: the thread or the reply answered reads as missing, or replies are off. The
    // transaction below finds out which (or writes the reply, if that changed in between).
  }
  return db.transaction(async (tx) => {
    const thread = await lockThread(tx, reply.postId, reply.authorId, {
      announcedAfterCommit: reply.announcedAfterCommit ?? false,
      answersPost: reply.replyToId === null,
    });
    if (!thread) throw new AppError('not_found', POST_MESSAGES.notFound);
    if (!thread.replies_enabled) throw new AppError('forbidden', REPLY_MESSAGES.repliesOff);
    let branchId: string | null = null;
    // Whose notification the reply makes: the answered reply's author's, or the post's.
    let told = { userId: thread.user_id, mutedWords: thread.muted_words ?? [] };
    if (reply.replyToId) {
      const answered = await findAnswered(tx, reply.postId, reply.replyToId, reply.authorId);
      if (!answered) throw new AppError('not_found', REPLY_MESSAGES.replyToMissing, 'replyToId');
      branchId = answered.branch_id ?? answered.id;
      told = { userId: answered.user_id, mutedWords: answered.muted_words };
    }
    const label = reply.isAnonymous ? await labelFor(tx, reply.postId, reply.authorId, thread) : null;
    const matchText = textMatchForm(reply.content);
    const [inserted] = await queryRows<{ id: string }>(
      tx,
      sql`insert into posts (id, user_id, content, is_anonymous, parent_id, reply_to_id, branch_id,
          anonymous_label, posted_after_warning, match_text)
        values (coalesce(${reply.id ?? null}::uuid, gen_random_uuid()), ${reply.authorId}, ${reply.content},
          ${reply.isAnonymous}, ${reply.postId}::uuid, ${reply.replyToId}::uuid, ${branchId}::uuid,
          ${label}::smallint, ${reply.postedAfterWarning ?? false}, ${matchText})
        returning id`,
    );
    if (!inserted) throw new Error('createReply: no row returned');
    await countReply(tx, { parentId: reply.postId, branchId }, 1);
    const toldOf = [
      ...(await tellReplied(
        tx,
        { postId: reply.postId, replyToId: reply.replyToId, writerId: reply.authorId, matchText },
        told,
      )),
      ...(await tellMentioned(tx, {
        id: inserted.id,
        content: reply.content,
        writerId: reply.authorId,
        anonymous: reply.isAnonymous,
      })),
    ];
    return { id: inserted.id, told: [...new Set(toldOf)] };
  });
}

/**
 * A reply written (+1), deleted or removed (-1), or restored (+1): its thread's count and its branch's
 * (decision 034: kept exact in the same transaction).
 */
export async function countReply(
  tx: Db,
  reply: { parentId: string; branchId: string | null },
  delta: 1 | -1,
): Promise<void> {
  await countStatement(tx).execute({ delta, parentId: reply.parentId, branchId: reply.branchId });
}

const countStatement = preparedSql(
  'reply_count',
  sql`update posts set reply_count = reply_count + ${sql.placeholder('delta')}::integer
    where id in (${sql.placeholder('parentId')}::uuid, ${sql.placeholder('branchId')}::uuid)`,
);

/** Turns a post's replies on or off (the caller has checked who may); the replies there stay. */
export async function setRepliesEnabled(db: Db, postId: string, enabled: boolean): Promise<void> {
  await db.execute(
    sql`update posts set replies_enabled = ${enabled} where id = ${postId}::uuid and parent_id is null`,
  );
}

/**
 * A named reply that mentions no one (most replies, as most posts): written in one statement, its own
 * transaction, as a post is (issue #49: a reply's five statements in a transaction cost the database
 * and the app twice a post's one). The thread's count is raised first, where the thread is live, open
 * to replies and not a named post between the writer and a blocker: that update takes the thread's row
 * lock and checks those again on the row as it stands when the lock is had, and the reply is written
 * only from its result, so a thread removed or closed meanwhile takes no reply and no count. The
 * branch's count, the notification (`tellReplied`'s rules; the reader's muted words matched in SQL,
 * only those the reply can match: `mutedWordsMatchText`) and the caller's announcing after the commit
 * (migration 0029) come from the written reply. No label is given: a named reply has none. Answers
 * the reply as a thread reads it (no read back, as a post's), or null when nothing was written.
 */
async function writeNamedReply(
  db: Db,
  reply: NewReply,
): Promise<{ id: string; told: string[]; row: ReplyRow } | null> {
  const matchText = textMatchForm(reply.content);
  const statement = namedReplyStatements[reply.replyToId ? 'reply_replied' : 'post_replied'];
  const { rows } = await statement(db).execute({
    id: reply.id ?? null,
    postId: reply.postId,
    replyToId: reply.replyToId,
    writer: reply.authorId,
    content: reply.content,
    warned: reply.postedAfterWarning ?? false,
    matchText,
    letters: textLetters(matchText).letters,
    announced: reply.announcedAfterCommit ? 'on' : 'off',
  });
  const [written] = rows;
  if (!written) return null;
  const { told, ...row } = written;
  return { id: row.id, told: told ? [told] : [], row };
}

const namedReplyStatements = {
  post_replied: namedReplyStatement('post_replied'),
  reply_replied: namedReplyStatement('reply_replied'),
};

function namedReplyStatement(kind: 'post_replied' | 'reply_replied') {
  const answersReply = kind === 'reply_replied';
  const replyToId = sql.placeholder('replyToId');
  // Told: the answered reply's author, or the post's; never the writer, nor one whose muted words
  // the reply matches.
  const reader = answersReply ? sql`a.user_id` : sql`t.user_id`;
  const readers = sql`select ${reader} as reader, ${answersReply ? sql`a.id` : sql`t.id`} as about
    from thread t left join answered a on true
    where exists (select 1 from reply) and ${reader} is not null and ${reader} <> ${writer}
      and not ${mutedWordsMatchText(reader, { matchText: sql.placeholder('matchText'), letters: sql.placeholder('letters') })}`;
  return preparedSql<ReplyRow & { told: string | null }>(
    `reply_named_${kind}`,
    sql`with answered as (
        select r.id, coalesce(r.branch_id, r.id) as branch_id, r.user_id
        from posts r
        where r.id = ${replyToId}::uuid and r.parent_id = ${postId}::uuid and not r.deleted
          and not ${blockedBetween(writer, postRefAs('r'))}
      ),
      thread as (
        update posts p set reply_count = p.reply_count + 1
        where p.id = ${postId}::uuid and not p.deleted and p.parent_id is null and p.replies_enabled
          and not ${blockedBetween(writer, postRefAs('p'))}
          ${answersReply ? sql`and exists (select 1 from answered)` : sql``}
        returning p.id, p.user_id
      ),
      reply as (
        insert into posts (id, user_id, content, is_anonymous, parent_id, reply_to_id, branch_id,
          posted_after_warning, match_text)
        select coalesce(${sql.placeholder('id')}::uuid, gen_random_uuid()), ${writer}, ${sql.placeholder('content')}::text,
          false, t.id, a.id, a.branch_id, ${sql.placeholder('warned')}::boolean, ${sql.placeholder('matchText')}::text
        from thread t left join answered a on true
        returning *,
          set_config('yearbook.announced_after_commit', ${sql.placeholder('announced')}::text, true) as announced
      ),
      branch as (
        update posts b set reply_count = b.reply_count + 1 where b.id = (select branch_id from reply)
      ),
      told as (${tellRepliedSql(kind, readers)})
      select ${REPLY_COLUMNS}, false as muted_word, (select user_id from told) as told
        from reply r ${REPLY_JOINS}`,
  );
}
