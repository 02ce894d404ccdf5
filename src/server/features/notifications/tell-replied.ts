// The notifications a new post or reply makes (issue #49, decision 034), in its own transaction, so
// they exist exactly when it does and their timing is its own: replies to one's post and to one's reply
// (one row per post, or reply, and day, moved up with each new one, as likes are), and mentions.
import { type SQL, sql } from 'drizzle-orm';
import { tokenizePostText } from '../../../shared/post-text';
import { MENTION_LIMIT } from '../../../shared/replies';
import { NOTIFICATION_DAY_ZONE } from '../../../shared/values/notifications';
import { type Db, queryRows } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { type MutedWord, matchesMutedWords, mutedByWords, postRefAs } from '../personal-controls';

const today = sql`(now() at time zone ${NOTIFICATION_DAY_ZONE})::date`;

/**
 * A reply written: the post's author is told of a reply to the post, the answered reply's author of a
 * reply to theirs (`reader`, with their muted words, read by the caller with that row); never the
 * writer themselves, nor someone whose muted words it matches (it neither makes their notification nor
 * moves it up). Their muted words are matched here, on the reply's match form (`matchText`, as written
 * with it). Answers who was told (for their live bells).
 */
export async function tellReplied(
  tx: Db,
  reply: { postId: string; replyToId: string | null; writerId: string; matchText: string },
  reader: { userId: string | null; mutedWords: MutedWord[] },
): Promise<string[]> {
  const [kind, aboutId] = reply.replyToId
    ? (['reply_replied', reply.replyToId] as const)
    : (['post_replied', reply.postId] as const);
  if (reader.userId === null || reader.userId === reply.writerId) return [];
  if (matchesMutedWords(reader.mutedWords, reply.matchText)) return [];
  const { rows } = await tellStatements[kind](tx).execute({ userId: reader.userId, aboutId });
  return rows.map((row) => row.user_id);
}

type ReplyKind = 'post_replied' | 'reply_replied';

/**
 * The reply notification of a kind, made or moved up, for each row `readers` answers (`reader`,
 * `about`): one statement, or a part of one (the reply written in one statement, create-reply.ts).
 */
export function tellRepliedSql(kind: ReplyKind, readers: SQL): SQL {
  return sql`insert into notifications (user_id, kind, post_id, day)
    select x.reader, ${kind}, x.about, ${today} from (${readers}) x
    on conflict (post_id, day) where kind = ${sql.raw(`'${kind}'`)}
    do update set updated_at = now(), read_at = null
    returning user_id`;
}

/** The reply notification of each kind, made or moved up: prepared (issue #49). */
const tellStatements = Object.fromEntries(
  (['post_replied', 'reply_replied'] as const).map((kind) => [
    kind,
    preparedSql<{ user_id: string }>(
      `tell_${kind}`,
      tellRepliedSql(
        kind,
        sql`select ${sql.placeholder('userId')}::text as reader, ${sql.placeholder('aboutId')}::uuid as about`,
      ),
    ),
  ]),
) as Record<ReplyKind, ReturnType<typeof preparedSql<{ user_id: string }>>>;

/**
 * The people a text mentions (`@username`, at most MENTION_LIMIT, never its writer), told once each. A
 * named text does not reach someone between whom and its writer there is a block, or who muted the
 * writer; an anonymous one reaches everyone it names, whoever wrote it (a block acts on nothing
 * anonymous, decision 032). Nor does a text someone's muted words match reach them. Answers who was
 * told.
 */
export async function tellMentioned(
  tx: Db,
  text: { id: string; content: string; writerId: string; anonymous: boolean },
): Promise<string[]> {
  const usernames = [
    ...new Set(
      tokenizePostText(text.content).flatMap((token) => (token.type === 'mention' ? [token.username] : [])),
    ),
  ].slice(0, MENTION_LIMIT);
  if (usernames.length === 0) return [];
  const shutOut = text.anonymous
    ? sql``
    : sql`and not exists (select 1 from blocks b where (b.blocker_id = pr.user_id and b.blocked_id = ${text.writerId})
          or (b.blocked_id = pr.user_id and b.blocker_id = ${text.writerId}))
        and not exists (select 1 from mutes m where m.muter_id = pr.user_id and m.muted_id = ${text.writerId})`;
  const told = await queryRows<{ user_id: string }>(
    tx,
    sql`insert into notifications (user_id, kind, post_id)
      select pr.user_id, 'mentioned', t.id
      from profiles pr, posts t
      where pr.username in (${sql.join(
        usernames.map((username) => sql`${username}`),
        sql`, `,
      )}) and pr.user_id <> ${text.writerId}
        and t.id = ${text.id}::uuid and not ${mutedByWords(sql.raw('pr.user_id'), postRefAs('t'))}
        ${shutOut}
      on conflict (post_id, user_id) where kind = 'mentioned' do nothing
      returning user_id`,
  );
  return told.map((row) => row.user_id);
}
