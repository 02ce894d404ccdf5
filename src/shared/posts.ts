// Posts and likes: the rules of SPEC §5 for post content, the feed's sorts and pages, and what a post
// looks like when it leaves the server. An anonymous post never carries its author (DESIGN: anonymous
// authorship never leaves the server), so `author` is null for everyone, the author included.
import * as z from 'zod/mini';
import { FEED_PAGE_SIZE } from './limits';
import { getPostContentSchema } from './post-content';
import { POST_WRITE_MESSAGES } from './values/post-writing';
import { FEED_SORTS, FEED_TABS } from './values/posts';

export const postContentSchema = getPostContentSchema();

/** POST /api/posts */
export const createPostRequestSchema = z.strictObject({
  content: postContentSchema,
  isAnonymous: z._default(z.boolean({ error: 'isAnonymous must be true or false.' }), false),
  asklineId: z._default(z.nullable(z.uuid({ error: POST_WRITE_MESSAGES.asklineMissing })), null),
  /** The person saw the text check's warning ("Post anyway?") and posts anyway (issue #47). */
  postAnyway: z._default(z.boolean({ error: 'postAnyway must be true or false.' }), false),
});
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

/** An opaque keyset cursor: where the previous page ended. */
const cursorSchema = z.optional(z.string().check(z.maxLength(200, 'That page link is not valid.')));

/** `showMuted=true`: the posts the viewer's muted words hide, shown this once (issue #48). */
export const showMutedSchema = z.pipe(
  z.enum(['true', 'false', '1', '0'], { error: 'showMuted is true or false.' }),
  z.transform((value: 'true' | 'false' | '1' | '0') => value === 'true' || value === '1'),
);

/** An askline's posts: a page, and the posts muted words hide shown on asking. */
export const asklinePostsQuerySchema = z.strictObject({
  cursor: cursorSchema,
  showMuted: z.optional(showMutedSchema),
});

export const feedQuerySchema = z.strictObject({
  sort: z._default(
    z.enum(FEED_SORTS, { error: 'Choose one of default, newest, oldest or most_liked.' }),
    'default',
  ),
  feed: z._default(z.enum(FEED_TABS, { error: 'Choose one of everyone, vitc, vitv or class.' }), 'everyone'),
  cursor: cursorSchema,
  showMuted: z.optional(showMutedSchema),
});

export const pageQuerySchema = z.strictObject({ cursor: cursorSchema });

export const postAuthorSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  profilePictureUrl: z.nullable(z.string()),
});

export const postSchema = z.object({
  id: z.string(),
  content: z.string(),
  isAnonymous: z.boolean(),
  /** Null for anonymous posts, whoever asks. */
  author: z.nullable(postAuthorSchema),
  /** The askline it answers, while that askline is published. */
  askline: z.nullable(z.object({ id: z.string(), content: z.string() })),
  createdAt: z.string(),
  likeCount: z.number(),
  likedByMe: z.boolean(),
  /** Its live replies (issue #49): the same for everyone. */
  replyCount: z.number(),
  /** Admins and moderators only (SPEC §3 report_data): the post's report, if it has one. */
  report: z.nullable(
    z.object({
      id: z.string(),
      count: z.number(),
      resolved: z.boolean(),
      /** Posted after the text check's "Post anyway?" (issue #47). */
      postedAfterWarning: z.optional(z.boolean()),
    }),
  ),
  /** What the viewer may do with it, as the server's policies say: the UI offers only that. */
  viewer: z.object({
    isAuthor: z.boolean(),
    canLike: z.boolean(),
    /** Its author deletes it (staff too, their own). */
    canDelete: z.boolean(),
    /** Staff, someone else's post: removed with a statement of reasons (the rule, the facts). */
    canRemove: z.boolean(),
    /** Staff: the report badge, resolve and unresolve. */
    canModerate: z.boolean(),
    /** 'offer': Report is offered; 'refuse': offered, and the viewer is told they cannot (moderators). */
    report: z.enum(['offer', 'refuse', 'none']),
    /** Staff: "Suspend the author" is offered (the server checks the author when asked). */
    canSuspendAuthor: z.boolean(),
    /** The viewer hid it ("Not for me" or "Mute this author"): shown on its own page, with Undo. */
    hidden: z.boolean(),
    /** "Not for me": members, on someone else's post. */
    canHide: z.boolean(),
    /**
     * "Mute this author": 'person' on a named post (a mute of its author), 'post' on an anonymous one
     * (hides that post alone: an anonymous author is never muted as a person, decision 032).
     */
    canMuteAuthor: z.enum(['person', 'post', 'none']),
    /** "Block": members, on someone else's named post. */
    canBlockAuthor: z.boolean(),
    /**
     * Its author alone, on their own anonymous askline answer (issue #52): whether it is printed,
     * unnamed, in their class's book (PUT /api/posts/{id}/class-book). Null or absent for anyone else
     * and on any other post: the switch does not apply.
     */
    inClassBook: z.optional(z.nullable(z.boolean())),
  }),
});
export type Post = z.infer<typeof postSchema>;

export const postPageSchema = z.object({
  posts: z.array(postSchema),
  nextCursor: z.nullable(z.string()),
  /**
   * The feed and askline pages (issue #48): how many posts between the previous page and this one's
   * last the viewer's muted words hid ("n posts hidden by your muted words"); 0 with showMuted.
   */
  hiddenByMutedWords: z.optional(z.number()),
});
export type PostPage = z.infer<typeof postPageSchema>;

export const likeStateSchema = z.object({ likeCount: z.number(), likedByMe: z.boolean() });
export type LikeState = z.infer<typeof likeStateSchema>;

export * from './values/post-writing';
export * from './values/posts';
export { FEED_PAGE_SIZE };
