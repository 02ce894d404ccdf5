import { Hono } from 'hono';
import {
  ASKLINE_MESSAGES,
  ASKLINE_WRITE_MESSAGES,
  asklineListSchema,
  asklineOfTheDaySchema,
  asklineSchema,
  asklineSearchQuerySchema,
  asklineSummaryListSchema,
  asklineSummarySchema,
  createAsklineRequestSchema,
  pendingAsklinePageSchema,
  randomAsklineQuerySchema,
  reviewAsklineRequestSchema,
} from '../../../shared/asklines';
import { idParamsSchema } from '../../../shared/path-params';
import { asklinePostsQuerySchema, pageQuerySchema, postPageSchema } from '../../../shared/posts';
import { SAFETY_MESSAGES } from '../../../shared/safety';
import { AppError } from '../../app-error';
import { allow, allowTo } from '../../auth/guard';
import { authorizeMember } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { listPostsNewestFirst, presentPost } from '../posts';
import { type CurrentTextChecker, checkText } from '../safety';
import { createAskline } from './create-askline';
import { findVisibleAskline, listOwnUnpublishedAsklines, listVerifiedAsklines } from './find-askline';
import { presentAskline } from './present-askline';
import { listPendingAsklines, reviewAskline } from './review-askline';
import { asklineOfTheDay, pickRandomAskline, searchAsklines } from './search-asklines';

interface AsklineDeps extends ViewerDeps {
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
  /** The text check's word lists as admins extended them (features/safety). */
  textChecker: CurrentTextChecker;
}

const notFound = () => new AppError('not_found', ASKLINE_MESSAGES.notFound);

/** Submitting asks for a profile, as posting does (SPEC §6: login required to create an askline). */
const member = allow((viewer) => authorizeMember(viewer, ASKLINE_WRITE_MESSAGES.createSignedOut));
const reviewer = allowTo('askline:review', { forbidden: ASKLINE_WRITE_MESSAGES.reviewForbidden });

const list = describeRoute({
  summary: "Up to 100 verified asklines in a random order, and the viewer's own unpublished ones",
  tag: 'asklines',
  access: 'anyone',
  answer: asklineListSchema,
});
const create = describeRoute({
  summary: 'Submit an askline for verification',
  tag: 'asklines',
  access: 'members with a profile',
  body: createAsklineRequestSchema,
  answer: asklineSchema,
  status: 201,
});
const search = describeRoute({
  summary: 'Verified asklines like the text',
  tag: 'asklines',
  access: 'anyone',
  query: asklineSearchQuerySchema,
  answer: asklineSummaryListSchema,
});
const random = describeRoute({
  summary: 'A random verified askline (404 when there is none)',
  tag: 'asklines',
  access: 'anyone',
  query: randomAsklineQuerySchema,
  answer: asklineSummarySchema,
});
const today = describeRoute({
  summary: 'The askline of the day: the same for everyone all day (null when none is verified)',
  tag: 'asklines',
  access: 'anyone',
  answer: asklineOfTheDaySchema,
});
const pending = describeRoute({
  summary: 'Asklines waiting for a decision, oldest first',
  tag: 'asklines',
  access: 'admins and moderators',
  query: pageQuerySchema,
  answer: pendingAsklinePageSchema,
});
const one = describeRoute({
  summary: 'One askline: verified ones for anyone, unverified ones for their creator and staff',
  tag: 'asklines',
  access: 'anyone',
  params: idParamsSchema,
  answer: asklineSchema,
});
const answers = describeRoute({
  summary:
    'The posts answering an askline, newest first, without what the viewer blocked, muted or hid; how many their muted words hid (showMuted=true shows them)',
  tag: 'asklines',
  access: 'anyone',
  params: idParamsSchema,
  query: asklinePostsQuerySchema,
  answer: postPageSchema,
});
const review = describeRoute({
  summary: 'Verify or reject an askline',
  tag: 'asklines',
  access: 'admins and moderators',
  params: idParamsSchema,
  body: reviewAsklineRequestSchema,
  answer: asklineSchema,
});

/**
 * /api/asklines. Reading is open to visitors (SPEC §6) but only ever shows verified asklines, except
 * to their creator and to staff; submitting needs a profile; verifying needs an admin or moderator.
 */
export function asklineRoutes(deps: AsklineDeps) {
  const { db, storage, rateLimiter } = deps;

  return (
    new Hono<AppEnv>()
      .use(loadViewer(deps))
      .get('/', list.doc, async (c) => {
        const viewer = c.get('viewer');
        const [verified, mine] = await Promise.all([
          listVerifiedAsklines(db),
          viewer ? listOwnUnpublishedAsklines(db, viewer.userId) : [],
        ]);
        return c.json({ asklines: verified.map(presentAskline), mine: mine.map(presentAskline) });
      })
      .post('/', create.doc, member, rateLimit(rateLimiter, 'asklineCreate', 'account'), async (c) => {
        const viewer = c.var.caller;
        const { content } = await create.body(c);
        // The text check of issue #47: an askline is reviewed by staff before anyone sees it, so one the
        // check finds anything in is refused with what it found, to be edited, rather than held.
        const found = await checkText({
          db,
          checker: deps.textChecker,
          text: content,
          anonymous: false,
          authorId: viewer.userId,
        });
        if (found.verdict !== 'ok') {
          const message =
            found.verdict === 'hold' ? SAFETY_MESSAGES.asklineHold : SAFETY_MESSAGES.asklineRethink;
          throw new AppError('validation_failed', message, { field: 'content', reasons: found.reasons });
        }
        return c.json(presentAskline(await createAskline(db, viewer, content)), 201);
      })
      // Static paths before /:id.
      .get('/search', search.doc, async (c) => {
        const { q } = search.query(c);
        return c.json({ asklines: await searchAsklines(db, q) });
      })
      .get('/random', random.doc, async (c) => {
        const { exclude } = random.query(c);
        const askline = await pickRandomAskline(db, exclude);
        if (!askline) throw new AppError('not_found', ASKLINE_WRITE_MESSAGES.noneVerified);
        return c.json(askline);
      })
      .get('/today', today.doc, async (c) => c.json({ askline: await asklineOfTheDay(db) }))
      .get('/pending', pending.doc, reviewer, async (c) => {
        const { cursor } = pending.query(c);
        const { rows, nextCursor } = await listPendingAsklines(db, cursor);
        return c.json({ asklines: rows.map(presentAskline), nextCursor });
      })
      .get('/:id', one.doc, async (c) => {
        const params = one.params(c);
        const row = params && (await findVisibleAskline(db, params.id, c.get('viewer')));
        if (!row) throw notFound();
        return c.json(presentAskline(row));
      })
      .get('/:id/posts', answers.doc, async (c) => {
        const viewer = c.get('viewer');
        const { cursor, showMuted } = answers.query(c);
        const params = answers.params(c);
        const askline = params && (await findVisibleAskline(db, params.id, viewer));
        if (!askline) throw notFound();
        const page = await listPostsNewestFirst({
          db,
          of: { askline: askline.id },
          viewerId: viewer?.userId ?? null,
          cursor,
          showMuted,
        });
        return c.json({
          posts: page.rows.map((row) => presentPost(row, viewer, storage)),
          nextCursor: page.nextCursor,
          hiddenByMutedWords: page.hiddenByMutedWords,
        });
      })
      .put('/:id/review', review.doc, reviewer, async (c) => {
        const viewer = c.var.caller;
        const { decision } = await review.body(c);
        const params = review.params(c);
        if (!params || !(await reviewAskline(db, { id: params.id, decision, reviewerId: viewer.userId }))) {
          throw notFound();
        }
        const row = await findVisibleAskline(db, params.id, viewer);
        if (!row) throw notFound();
        return c.json(presentAskline(row));
      })
  );
}
