import { Hono } from 'hono';
import { z } from 'zod';
import { APPEAL_MESSAGES, removalAnswerSchema, removalRequestSchema } from '../../../shared/appeals';
import { idParamsSchema } from '../../../shared/path-params';
import {
  createPostRequestSchema,
  feedQuerySchema,
  likeStateSchema,
  POST_MESSAGES,
  POST_WRITE_MESSAGES,
  pageQuerySchema,
  postPageSchema,
  postSchema,
} from '../../../shared/posts';
import { PROFILE_MESSAGES, usernameSchema } from '../../../shared/profiles';
import { heldPostAnswerSchema, postingAllowanceSchema } from '../../../shared/safety';
import { AppError } from '../../app-error';
import { allow, allowTo } from '../../auth/guard';
import { authorize, authorizeMember, authorizeSignedIn, can } from '../../auth/policies';
import { loadViewer, type Viewer, type ViewerDeps } from '../../auth/viewer';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { holdPost } from '../held-posts';
import { findUserIdByUsername } from '../profiles';
import type { CurrentTextChecker } from '../safety';
import { checkAsklineOpen, createPost } from './create-post';
import { deletePost, removePost } from './delete-post';
import { findPost, findVisiblePost } from './find-post';
import { listFeed } from './list-feed';
import { listProfilePosts } from './list-profile-posts';
import { countNewAccountAnonymousPost, postingAllowance } from './new-account-rule';
import { presentPost } from './present-post';
import { setLike } from './set-like';
import { textVerdict } from './text-verdict';

export interface PostDeps extends ViewerDeps {
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
  /** The text check's word lists as admins extended them (features/safety). */
  textChecker: CurrentTextChecker;
  /** Tells every instance that this person's notifications may have changed (their live bell). */
  announceNotification?: (userId: string) => void;
}

/** Signed in with a profile: posting, liking and the feed need one (SPEC §2 auth gate). */
const member = (signedOut?: string) => allow((viewer) => authorizeMember(viewer, signedOut));

const notFound = () => new AppError('not_found', POST_MESSAGES.notFound);

const create = describeRoute({
  summary: 'Post, named or anonymous, optionally answering an askline',
  tag: 'posts',
  access: 'members with a profile',
  body: createPostRequestSchema,
  // 201 with the post; 202 with heldPostAnswerSchema when the text check holds it for review.
  answer: z.union([postSchema, heldPostAnswerSchema]),
  status: 201,
});
const allowance = describeRoute({
  summary: "What the composer says about posting: a new account's limit on anonymous posts",
  tag: 'posts',
  access: 'members with a profile',
  answer: postingAllowanceSchema,
});
const feed = describeRoute({
  summary:
    'The feed: 12 posts a page in one of four orders, without what the viewer blocked, muted or hid; how many their muted words hid (showMuted=true shows them)',
  tag: 'posts',
  access: 'members with a profile',
  query: feedQuerySchema,
  answer: postPageSchema,
});
const postQuery = z.strictObject({ username: z.string().max(64).optional() });
const onePost = describeRoute({
  summary:
    'One post; with ?username, only if that member wrote it (never an anonymous one); a named post is missing between two people one of whom blocked the other',
  tag: 'posts',
  access: 'anyone',
  params: idParamsSchema,
  query: postQuery,
  answer: postSchema,
});
const remove = describeRoute({
  summary: "Delete one's own post (soft); staff remove someone else's with POST /removal",
  tag: 'posts',
  access: 'the author',
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});
const removal = describeRoute({
  summary: "Remove someone else's post, with a statement of reasons told to its author",
  tag: 'moderation',
  access: "admins and moderators, on someone else's post",
  params: idParamsSchema,
  body: removalRequestSchema,
  answer: removalAnswerSchema,
});
const like = describeRoute({
  summary: 'Like (PUT) or unlike (DELETE) a post',
  tag: 'posts',
  access: 'members with a profile',
  params: idParamsSchema,
  answer: likeStateSchema,
});
const profilePosts = describeRoute({
  summary:
    "A member's posts, newest first (their own anonymous ones for themselves); none between two people one of whom blocked the other",
  tag: 'posts',
  access: 'signed in',
  query: pageQuerySchema,
  answer: postPageSchema,
});

/**
 * /api/posts: create, the feed, one post, delete, like and unlike. The feed and every list answer a
 * whole page (authors, counts, "liked by me") in one query.
 */
export function postRoutes(deps: PostDeps) {
  const { db, storage, rateLimiter } = deps;
  const present = (viewer: Viewer | null) => (row: Parameters<typeof presentPost>[0]) =>
    presentPost(row, viewer, storage);

  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .post(
      '/',
      create.doc,
      member(POST_WRITE_MESSAGES.createSignedOut),
      rateLimit(rateLimiter, 'postCreate', 'account'),
      async (c) => {
        const viewer = c.var.caller;
        const fields = await create.body(c);
        // The text check of issue #47: rethink waits for "Post anyway", hold keeps the post for review.
        const found = await textVerdict(deps, { ...fields, authorId: viewer.userId });
        await checkAsklineOpen(db, fields.asklineId);
        if (fields.isAnonymous) await countNewAccountAnonymousPost(db, rateLimiter, viewer.userId);
        if (found.verdict === 'hold') {
          const held = await holdPost({
            db,
            authorId: viewer.userId,
            content: fields.content,
            isAnonymous: fields.isAnonymous,
            asklineId: fields.asklineId,
            reasons: found.reasons,
          });
          return c.json(held, 202);
        }
        const { row, told } = await createPost({
          db,
          authorId: viewer.userId,
          fields,
          postedAfterWarning: found.verdict === 'rethink',
        });
        // Queued, not awaited: the answer takes as long whoever was mentioned.
        for (const userId of told) deps.announceNotification?.(userId);
        return c.json(present(viewer)(row), 201);
      },
    )
    .get('/allowance', allowance.doc, member(), async (c) => {
      return c.json(await postingAllowance(db, c.var.caller.userId));
    })
    .get('/', feed.doc, member(), async (c) => {
      const viewer = c.var.caller;
      const { sort, feed: tab, cursor, showMuted } = feed.query(c);
      const page = await listFeed({ db, viewerId: viewer.userId, sort, tab, cursor, showMuted });
      return c.json({
        posts: page.rows.map(present(viewer)),
        nextCursor: page.nextCursor,
        hiddenByMutedWords: page.hiddenByMutedWords,
      });
    })
    .get('/:id', onePost.doc, async (c) => {
      // Open to visitors (SPEC §2: single-post pages are public). A named post between two people one
      // of whom blocked the other is missing to both (issue #48).
      const viewer = c.get('viewer');
      const { username } = onePost.query(c);
      const params = onePost.params(c);
      const row = params && (await findVisiblePost(db, params.id, viewer?.userId ?? null));
      // A reply (issue #49) is read in its thread: its page's address leads there (share/find-shared.ts).
      if (!row || row.threadId !== null) throw notFound();
      // An anonymous post lives only at /post/{id}: under any username it answers like a post that
      // does not exist, so a guessed username is never confirmed (issue «Posts» 7).
      if (row.isAnonymous && username !== undefined) throw notFound();
      return c.json(present(viewer)(row));
    })
    .delete('/:id', remove.doc, allow(authorizeSignedIn), async (c) => {
      const viewer = c.var.caller;
      const params = remove.params(c);
      const row = params && (await findPost(db, params.id, viewer.userId));
      if (!row) throw notFound();
      // Staff removing someone else's post say why (issue #47): that is the removal, not a delete.
      if (can(viewer, 'post:remove', { ownerId: row.userId })) {
        throw new AppError('bad_request', APPEAL_MESSAGES.removeNeedsStatement);
      }
      authorize(viewer, 'post:delete', { ownerId: row.userId }, { forbidden: POST_WRITE_MESSAGES.notOwner });
      if (!(await deletePost(db, row, viewer))) throw notFound();
      return c.body(null, 204);
    })
    .post(
      '/:id/removal',
      removal.doc,
      allowTo('reports:manage', { forbidden: POST_WRITE_MESSAGES.notOwner }),
      async (c) => {
        const staff = c.var.caller;
        const statement = await removal.body(c);
        const params = removal.params(c);
        const row = params && (await findPost(db, params.id, staff.userId));
        if (!row) throw notFound();
        if (!can(staff, 'post:remove', { ownerId: row.userId })) {
          throw new AppError('bad_request', APPEAL_MESSAGES.removeOwn);
        }
        if (!(await removePost(db, row, staff, statement))) throw notFound();
        if (row.userId) deps.announceNotification?.(row.userId);
        return c.json({ id: row.id, outcome: 'removed' as const });
      },
    )
    .on(
      ['PUT', 'DELETE'],
      '/:id/like',
      like.doc,
      member(POST_WRITE_MESSAGES.likeSignedOut),
      rateLimit(rateLimiter, 'like', 'account'),
      async (c) => {
        const viewer = c.var.caller;
        const params = like.params(c);
        const liked = c.req.method === 'PUT';
        const state = params && (await setLike({ db, userId: viewer.userId, postId: params.id, liked }));
        if (!state) throw notFound();
        const { told, ...answer } = state;
        // Queued, not awaited: the answer takes as long whoever wrote the post and whatever they read.
        if (told) deps.announceNotification?.(told);
        return c.json(answer);
      },
    );
}

/** GET /api/profiles/{username}/posts: the profile page's list (SPEC §2). */
export function profilePostRoutes(deps: PostDeps) {
  const { db, storage } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/:username/posts', profilePosts.doc, allow(authorizeSignedIn), async (c) => {
      const viewer = c.var.caller;
      const { cursor } = profilePosts.query(c);
      const raw = c.req.param('username');
      const parsed = usernameSchema.safeParse(raw);
      const authorId = parsed.success ? await findUserIdByUsername(db, parsed.data, viewer.userId) : null;
      if (!authorId) throw new AppError('not_found', PROFILE_MESSAGES.userMissing(raw.slice(0, 40)));
      const { rows, nextCursor } = await listProfilePosts({
        db,
        authorId,
        viewerId: viewer.userId,
        cursor,
      });
      return c.json({ posts: rows.map((row) => presentPost(row, viewer, storage)), nextCursor });
    });
}
