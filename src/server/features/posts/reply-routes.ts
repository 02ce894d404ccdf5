import { Hono } from 'hono';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/path-params';
import { POST_MESSAGES } from '../../../shared/posts';
import {
  branchPageSchema,
  createReplyRequestSchema,
  REPLY_MESSAGES,
  repliesEnabledRequestSchema,
  replySchema,
  threadPageSchema,
  threadQuerySchema,
} from '../../../shared/replies';
import { heldPostAnswerSchema } from '../../../shared/safety';
import { AppError } from '../../app-error';
import { allow } from '../../auth/guard';
import { authorize, authorizeMember, can } from '../../auth/policies';
import { loadViewer, type Viewer } from '../../auth/viewer';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { rateLimit } from '../../http/rate-limits';
import { holdPost } from '../held-posts';
import {
  createReply,
  findReply,
  listBranch,
  listThread,
  presentReply,
  readThreadHead,
  setRepliesEnabled,
} from '../replies';
import { countNewAccountAnonymousPost } from './new-account-rule';
import type { PostDeps } from './routes';
import { foundInText, refuseUnanswered } from './text-verdict';

const notFound = () => new AppError('not_found', POST_MESSAGES.notFound);

const reply = describeRoute({
  summary:
    'Reply to a post or to one of its replies, named or anonymous (an anonymous reply is labelled in the thread, never named)',
  tag: 'replies',
  access: 'members with a profile, where the post’s replies are on',
  params: idParamsSchema,
  body: createReplyRequestSchema,
  // 201 with the reply; 202 with heldPostAnswerSchema when the text check holds it for review.
  answer: z.union([replySchema, heldPostAnswerSchema]),
  status: 201,
});
const thread = describeRoute({
  summary:
    'A post’s replies: 50 top-level replies a page, oldest or newest first, each with the first replies of its branch; with ?branch, a page of that branch; without what the viewer blocked, muted or hid; how many their muted words hid (showMuted=true shows them)',
  tag: 'replies',
  access: 'anyone',
  params: idParamsSchema,
  query: threadQuerySchema,
  answer: z.union([threadPageSchema, branchPageSchema]),
});
const toggle = describeRoute({
  summary: 'Turn a post’s replies on or off (the replies there stay)',
  tag: 'replies',
  access: 'the post’s author, and staff',
  params: idParamsSchema,
  body: repliesEnabledRequestSchema,
  answer: 'none',
  status: 204,
});

/** /api/posts/{id}/replies and /replies-enabled (issue #49, decision 034). */
export function replyRoutes(deps: PostDeps) {
  const { db, storage, rateLimiter } = deps;
  const present =
    (viewer: Viewer | null, repliesEnabled: boolean) => (row: Parameters<typeof presentReply>[0]) =>
      presentReply(row, viewer, storage, { repliesEnabled });

  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .post(
      '/:id/replies',
      reply.doc,
      allow((viewer) => authorizeMember(viewer, REPLY_MESSAGES.createSignedOut)),
      rateLimit(rateLimiter, 'postCreate', 'account'),
      async (c) => {
        const viewer = c.var.caller;
        const fields = await reply.body(c);
        const params = reply.params(c);
        if (!params) throw notFound();
        // A reply to a missing post (or one closed to replies) is refused whatever its text says: the
        // answer never depends on what the check found. Where the text passes and nothing else is
        // counted, writing the reply finds that out under the thread's lock (no read before it: issue
        // #49, a reply's cost); a warning, a hold or an anonymous reply's allowance waits for the
        // thread to be read first.
        const found = await foundInText(deps, { ...fields, authorId: viewer.userId });
        if (found.verdict !== 'ok' || fields.isAnonymous) {
          const head = await readThreadHead(db, params.id, viewer.userId);
          if (!head) throw notFound();
          if (!head.replies_enabled) throw new AppError('forbidden', REPLY_MESSAGES.repliesOff);
        }
        refuseUnanswered(found, fields);
        if (fields.isAnonymous) await countNewAccountAnonymousPost(db, rateLimiter, viewer.userId);
        if (found.verdict === 'hold') {
          const held = await holdPost({
            db,
            authorId: viewer.userId,
            content: fields.content,
            isAnonymous: fields.isAnonymous,
            asklineId: null,
            reasons: found.reasons,
            reply: { postId: params.id, replyToId: fields.replyToId },
          });
          return c.json(held, 202);
        }
        const { id, told, row } = await createReply(db, {
          postId: params.id,
          authorId: viewer.userId,
          content: fields.content,
          isAnonymous: fields.isAnonymous,
          replyToId: fields.replyToId,
          postedAfterWarning: found.verdict === 'rethink',
          announcedAfterCommit: Boolean(deps.announceNotification),
        });
        // Queued, not awaited: the answer takes as long whoever was told.
        for (const userId of told) deps.announceNotification?.(userId);
        const written = row ?? (await findReply(db, id));
        if (!written) throw new Error(`reply ${id} cannot be read back`);
        return c.json(present(viewer, true)(written), 201);
      },
    )
    .get('/:id/replies', thread.doc, async (c) => {
      const viewer = c.get('viewer');
      const params = thread.params(c);
      const { order, cursor, branch, showMuted } = thread.query(c);
      const head = params && (await readThreadHead(db, params.id, viewer?.userId ?? null));
      if (!params || !head) throw notFound();
      const shown = present(viewer, head.replies_enabled);
      if (branch) {
        const page = await listBranch(db, {
          postId: params.id,
          branchId: branch,
          viewer: viewer?.userId ?? null,
          cursor,
          showMuted,
        });
        return c.json({
          replies: page.replies.map(shown),
          nextCursor: page.nextCursor,
          hiddenByMutedWords: page.hiddenByMutedWords,
        });
      }
      const page = await listThread(db, {
        postId: params.id,
        viewer: viewer?.userId ?? null,
        order,
        cursor,
        showMuted,
      });
      return c.json({
        entries: page.entries.map((entry) => ({
          reply: shown(entry.reply),
          branch: entry.branch.map(shown),
          branchCursor: entry.branchCursor,
        })),
        nextCursor: page.nextCursor,
        hiddenByMutedWords: page.hiddenByMutedWords,
        replyCount: head.reply_count,
        repliesEnabled: head.replies_enabled,
        viewer: {
          canReply: head.replies_enabled && can(viewer, 'post:reply'),
          canToggleReplies: can(viewer, 'post:toggle-replies', { ownerId: head.user_id }),
        },
      });
    })
    .put(
      '/:id/replies-enabled',
      toggle.doc,
      allow((viewer) => authorizeMember(viewer)),
      async (c) => {
        const viewer = c.var.caller;
        const { enabled } = await toggle.body(c);
        const params = toggle.params(c);
        const head = params && (await readThreadHead(db, params.id, viewer.userId));
        if (!params || !head) throw notFound();
        authorize(
          viewer,
          'post:toggle-replies',
          { ownerId: head.user_id },
          { forbidden: REPLY_MESSAGES.notOwner },
        );
        await setRepliesEnabled(db, params.id, enabled);
        return c.body(null, 204);
      },
    );
}
