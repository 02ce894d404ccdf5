import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RowId } from '../../../shared/path-params';
import { type createPostRequestSchema, POST_WRITE_MESSAGES } from '../../../shared/posts';
import { NOTIFICATION_DAY_ZONE } from '../../../shared/values/notifications';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { asklines, posts } from '../../db/schema';
import { tellMentioned } from '../notifications';
import { textMatchForm } from '../safety';
import { findPost } from './find-post';
import type { PostRow } from './select-posts';

/**
 * SPEC §3 Post: created not deleted. The caller has checked its askline with checkAsklineOpen (the
 * route does, before the text check's outcome is known: a post and a held post answer the same way).
 */
export async function createPost(options: {
  db: Db;
  authorId: string;
  fields: z.output<typeof createPostRequestSchema>;
  /** The author answered the text check's "Post anyway?" (issue #47). */
  postedAfterWarning?: boolean;
}): Promise<{ row: PostRow; told: string[] }> {
  const { db, authorId, fields } = options;
  const insert = async (tx: Db) => {
    const [inserted] = await tx
      .insert(posts)
      .values({
        userId: authorId,
        content: fields.content,
        isAnonymous: fields.isAnonymous,
        asklineId: fields.asklineId,
        postedAfterWarning: options.postedAfterWarning ?? false,
        matchText: textMatchForm(fields.content),
      })
      .returning({ id: posts.id });
    return inserted;
  };
  const { asklineId } = fields;
  // An answer tells the askline's creator, and a mention the person mentioned (issue #49), in the same
  // transaction (issue #28); any other post is one statement, as before.
  const mentions = fields.content.includes('@');
  let told: string[] = [];
  const created =
    asklineId || mentions
      ? await db.transaction(async (tx) => {
          const inserted = await insert(tx);
          if (asklineId) await tellAsklineCreator(tx, asklineId, authorId);
          if (inserted && mentions) {
            told = await tellMentioned(tx, {
              id: inserted.id,
              content: fields.content,
              writerId: authorId,
              anonymous: fields.isAnonymous,
            });
          }
          return inserted;
        })
      : await insert(db);
  // The database made the id: a RowId without checking.
  const row = created ? await findPost(db, created.id as RowId, authorId) : null;
  if (!row) throw new Error('createPost: the new post cannot be read back');
  return { row, told };
}

/** A post (or a held one) may answer only an askline that exists and is published. */
export async function checkAsklineOpen(db: Db, asklineId: string | null): Promise<void> {
  if (!asklineId) return;
  const [askline] = await db
    .select({ id: asklines.id })
    .from(asklines)
    .where(and(eq(asklines.id, asklineId), eq(asklines.verified, true)))
    .limit(1);
  if (!askline) throw new AppError('validation_failed', POST_WRITE_MESSAGES.asklineMissing, 'asklineId');
}

/**
 * The day's notification of answers to the askline, made or moved up for its creator (not when they
 * answer it themselves). It names no one: who answered is never part of it, anonymous or not.
 */
async function tellAsklineCreator(tx: Db, asklineId: string, authorId: string): Promise<void> {
  await tx.execute(sql`
    insert into notifications (user_id, kind, askline_id, day)
    select a.created_by, 'askline_answered', a.id, (now() at time zone ${NOTIFICATION_DAY_ZONE})::date
    from asklines a
    where a.id = ${asklineId}::uuid and a.created_by is not null and a.created_by <> ${authorId}
    on conflict (askline_id, day) where kind = 'askline_answered'
    do update set updated_at = now(), read_at = null`);
}
