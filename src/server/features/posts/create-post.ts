import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type createPostRequestSchema, POST_MESSAGES } from '../../../shared/posts';
import type { Db } from '../../db/client';
import { asklines, posts } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findPost } from './find-post';
import type { PostRow } from './select-posts';

/** SPEC §3 Post: created not deleted; an askline, when given, must exist and be published (verified). */
export async function createPost(options: {
  db: Db;
  authorId: string;
  fields: z.output<typeof createPostRequestSchema>;
}): Promise<PostRow> {
  const { db, authorId, fields } = options;
  if (fields.asklineId) {
    const [askline] = await db
      .select({ id: asklines.id })
      .from(asklines)
      .where(and(eq(asklines.id, fields.asklineId), eq(asklines.verified, true)))
      .limit(1);
    if (!askline) throw new AppError('validation_failed', POST_MESSAGES.asklineMissing, 'asklineId');
  }
  const [created] = await db
    .insert(posts)
    .values({
      userId: authorId,
      content: fields.content,
      isAnonymous: fields.isAnonymous,
      asklineId: fields.asklineId,
    })
    .returning({ id: posts.id });
  const row = created ? await findPost(db, created.id, authorId) : null;
  if (!row) throw new Error('createPost: the new post cannot be read back');
  return row;
}
