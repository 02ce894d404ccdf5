// Writing a reply (issue #49, decision 034): one transaction that takes the thread's row lock, checks
// the thread and the reply answered, gives an anonymous writer their label in the thread, inserts the
// reply and keeps the counts exact.
import { sql } from 'drizzle-orm';
import { POST_MESSAGES } from '../../../shared/posts';
import { REPLY_MESSAGES } from '../../../shared/replies';
import { AppError } from '../../app-error';
import { type Db, queryRows } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { tellMentioned, tellReplied } from '../notifications';
import { blockedBetween, type MutedWord, mutedWordsNow, postRefAs } from '../personal-controls';
import { textMatchForm } from '../safety';

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
export async function createReply(db: Db, reply: NewReply): Promise<{ id: string; told: string[] }> {
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
