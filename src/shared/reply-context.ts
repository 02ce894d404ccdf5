// Where a reply stands, for staff who read it away from its thread (issue #49): a report of it, or it
// held for review in the Held tab. The thread's post as everyone reads it, and the reply's label there
// when it is anonymous: never who wrote either.
import * as z from 'zod/mini';

export const replyContextSchema = z.object({
  /** The thread: the post the reply belongs to (the reply is at /post/{postId}#reply-{id}). */
  postId: z.string(),
  /** The post's text; null once it is deleted or removed (its thread went with it). */
  postContent: z.nullable(z.string()),
  /** An anonymous reply's label in the thread ("Anonymous 2"); null for a named one, or one not yet published. */
  label: z.nullable(z.string()),
});
export type ReplyContext = z.infer<typeof replyContextSchema>;
