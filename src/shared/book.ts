// The book (issue #52, decision 041): "My yearbook page" and, for staff, a class's book, each a PDF made
// by a background job. A request queues the job and answers at once (202); the screens ask for the job
// until it is ready, then download its file, kept for a week. Anonymous askline answers go into a class
// book only when their author chose so (`PUT /api/posts/{id}/class-book`), printed as "Anonymous".
import * as z from 'zod/mini';
import { INSTITUTIONS } from './institutions';
import { BOOK_KINDS, BOOK_LIMITS, BOOK_MESSAGES, BOOK_PAPERS, BOOK_STATUSES } from './values/book';
import { classmateSchema } from './yearbook';

const paperSchema = z.enum(BOOK_PAPERS, { error: BOOK_MESSAGES.paper });

/** A book being made, made, or failed, as its requester (or, for a class book, any staff) sees it. */
export const bookJobSchema = z.object({
  id: z.string(),
  kind: z.enum(BOOK_KINDS),
  status: z.enum(BOOK_STATUSES),
  /** How much is made, 0 to 1 (1 once ready). */
  progress: z.number(),
  paper: z.enum(BOOK_PAPERS),
  /** A class book's class; null for a page. */
  year: z.nullable(z.number()),
  campus: z.nullable(z.enum(INSTITUTIONS)),
  createdAt: z.string(),
  /** When it was made (ready); null before, and for a failed job. */
  readyAt: z.nullable(z.string()),
  /** When its file is removed (a week after it was made); null until ready. */
  expiresAt: z.nullable(z.string()),
  /** Where its PDF is downloaded: ready and not expired, else null. */
  fileUrl: z.nullable(z.string()),
});
export type BookJob = z.infer<typeof bookJobSchema>;

/** GET /api/me/book: the latest page job, and the posts it chose (to preselect them). */
export const myBookSchema = z.object({
  latest: z.nullable(bookJobSchema),
  chosenPostIds: z.array(z.string()),
});
export type MyBook = z.infer<typeof myBookSchema>;

/** `?cursor=` of GET /api/me/book/posts. */
export const bookPostsQuerySchema = z.strictObject({
  cursor: z.optional(z.string().check(z.maxLength(200, BOOK_MESSAGES.badPage))),
});

/** One of one's own named live posts, as the chooser lists it. */
export const bookPostSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  likeCount: z.number(),
});
export type BookPost = z.infer<typeof bookPostSchema>;

/** GET /api/me/book/posts: newest first, keyset pages of BOOK_LIMITS.postsPage. */
export const bookPostPageSchema = z.object({
  posts: z.array(bookPostSchema),
  nextCursor: z.nullable(z.string()),
});
export type BookPostPage = z.infer<typeof bookPostPageSchema>;

/** POST /api/me/book: make my page, with these posts in this order. */
export const makeMyBookRequestSchema = z.strictObject({
  paper: paperSchema,
  postIds: z.array(z.uuid({ error: BOOK_MESSAGES.badPostId }), { error: BOOK_MESSAGES.postIdsList }).check(
    z.maxLength(BOOK_LIMITS.posts, BOOK_MESSAGES.tooManyPosts),
    z.refine(
      (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
      BOOK_MESSAGES.duplicatePost,
    ),
  ),
});
export type MakeMyBookRequest = z.infer<typeof makeMyBookRequestSchema>;

/** `?campus=` of GET /api/classes/{year}/book: the viewer's own campus when left out. */
export const classBookQuerySchema = z.strictObject({
  campus: z.optional(z.enum(INSTITUTIONS, { error: 'Please choose a campus: VITC or VITV.' })),
});

/** GET /api/classes/{year}/book (staff): the check before making it, and the latest book. */
export const classBookSchema = z.object({
  year: z.number(),
  campus: z.enum(INSTITUTIONS),
  /** Members the book prints (those hidden from the class page are left out). */
  memberCount: z.number(),
  /** Members the book prints without a photo (initials instead), by name. */
  withoutPhoto: z.array(classmateSchema),
  latest: z.nullable(bookJobSchema),
});
export type ClassBook = z.infer<typeof classBookSchema>;

/** POST /api/classes/{year}/book (staff). */
export const makeClassBookRequestSchema = z.strictObject({
  campus: z.enum(INSTITUTIONS, { error: 'Please choose a campus: VITC or VITV.' }),
  paper: paperSchema,
});
export type MakeClassBookRequest = z.infer<typeof makeClassBookRequestSchema>;

/** PUT /api/posts/{id}/class-book: one's own anonymous askline answer, printed unnamed or not. */
export const classBookSwitchRequestSchema = z.strictObject({
  include: z.boolean({ error: BOOK_MESSAGES.include }),
});
export type ClassBookSwitchRequest = z.infer<typeof classBookSwitchRequestSchema>;

export const classBookSwitchSchema = z.object({ includeInClassBook: z.boolean() });
export type ClassBookSwitch = z.infer<typeof classBookSwitchSchema>;

export * from './values/book';
