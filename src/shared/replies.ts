// Replies (issue #49, decision 034): a post's thread, a page at a time, and replying. A reply is shown
// with its author, or with its label in the thread when anonymous ("Anonymous 2", "Author"), never
// both: an anonymous reply carries no author, for anyone, the writer included (they learn only that
// it is theirs).
import * as z from 'zod/mini';
import { postContentSchema, showMutedSchema } from './posts';
import { THREAD_ORDERS } from './values/replies';

/** POST /api/posts/{id}/replies */
export const createReplyRequestSchema = z.strictObject({
  content: postContentSchema,
  isAnonymous: z._default(z.boolean({ error: 'isAnonymous must be true or false.' }), false),
  /** The reply answered; null: the post. */
  replyToId: z._default(z.nullable(z.uuid({ error: 'Say which reply you are answering: its id.' })), null),
  /** The person saw the text check's warning ("Post anyway?") and replies anyway (issue #47). */
  postAnyway: z._default(z.boolean({ error: 'postAnyway must be true or false.' }), false),
});
export type CreateReplyRequest = z.input<typeof createReplyRequestSchema>;

/** GET /api/posts/{id}/replies: a page of top-level replies, or of one branch (`branch`). */
export const threadQuerySchema = z.strictObject({
  order: z._default(z.enum(THREAD_ORDERS, { error: 'order is oldest or newest.' }), 'oldest'),
  cursor: z.optional(z.string().check(z.maxLength(200, 'That page link is not valid.'))),
  /** The replies of one top-level reply's branch, after its first few. */
  branch: z.optional(z.uuid({ error: 'Say which branch: its top-level reply’s id.' })),
  /** `true`: with the replies the viewer's muted words hide (issue #48), this once. */
  showMuted: z.optional(showMutedSchema),
});

/** PUT /api/posts/{id}/replies-enabled */
export const repliesEnabledRequestSchema = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
});

const personSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  profilePictureUrl: z.nullable(z.string()),
});

/** Whom a reply answers, as the thread shows it: "@username", "Anonymous 2", "Author" or "Reply removed". */
const replyToSchema = z.object({ id: z.string(), name: z.string() });

export const replySchema = z.object({
  id: z.string(),
  /** The thread: the post it belongs to. */
  postId: z.string(),
  /** The reply it answers (deeper than one level it is shown flat, "replying to"); null: the post. */
  replyTo: z.nullable(replyToSchema),
  /** A deleted or removed reply keeps its place: no text, no author, no label. */
  removed: z.boolean(),
  content: z.string(),
  isAnonymous: z.boolean(),
  author: z.nullable(personSchema),
  /** An anonymous reply's label in this thread. */
  label: z.nullable(z.string()),
  createdAt: z.string(),
  /** A top-level reply: the live replies of its branch (the same for everyone). */
  replyCount: z.number(),
  viewer: z.object({
    isAuthor: z.boolean(),
    canReply: z.boolean(),
    canDelete: z.boolean(),
    canRemove: z.boolean(),
    report: z.enum(['offer', 'refuse', 'none']),
    canMuteAuthor: z.enum(['person', 'post', 'none']),
    canBlockAuthor: z.boolean(),
  }),
});
export type Reply = z.infer<typeof replySchema>;

/** A top-level reply with the first replies of its branch. */
export const threadEntrySchema = z.object({
  reply: replySchema,
  branch: z.array(replySchema),
  /** Where the rest of the branch starts ("Show n more replies"); null when it is all shown. */
  branchCursor: z.nullable(z.string()),
});
export type ThreadEntry = z.infer<typeof threadEntrySchema>;

export const threadPageSchema = z.object({
  entries: z.array(threadEntrySchema),
  nextCursor: z.nullable(z.string()),
  /** The post's live replies (the same for everyone). */
  replyCount: z.number(),
  repliesEnabled: z.boolean(),
  /** What the viewer may do with the thread, as the server's policies say. */
  viewer: z.object({ canReply: z.boolean(), canToggleReplies: z.boolean() }),
  /**
   * Replies of this page the viewer's muted words matched, left out with the replies answering them
   * ("n replies hidden by your muted words"); 0 with showMuted.
   */
  hiddenByMutedWords: z.number(),
});
export type ThreadPage = z.infer<typeof threadPageSchema>;

/** A page of one branch, after its first few. */
export const branchPageSchema = z.object({
  replies: z.array(replySchema),
  nextCursor: z.nullable(z.string()),
  /** As a thread page's: replies of this page the viewer's muted words left out. */
  hiddenByMutedWords: z.number(),
});
export type BranchPage = z.infer<typeof branchPageSchema>;

export * from './values/replies';
