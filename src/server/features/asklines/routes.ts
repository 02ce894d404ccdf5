import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  ASKLINE_MESSAGES,
  asklineSearchQuerySchema,
  createAsklineRequestSchema,
  randomAsklineQuerySchema,
  reviewAsklineRequestSchema,
} from '../../../shared/asklines';
import { pageQuerySchema } from '../../../shared/posts';
import type { Auth } from '../../auth/auth';
import { authorize } from '../../auth/policies';
import { loadViewer, type Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppEnv } from '../../http/context';
import { rateLimit } from '../../http/rate-limits';
import { readJson, readQuery } from '../../http/validate';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { listPostsNewestFirst } from '../posts/list-profile-posts';
import { presentPost } from '../posts/present-post';
import { createAskline } from './create-askline';
import { findVisibleAskline, listOwnUnpublishedAsklines, listVerifiedAsklines } from './find-askline';
import { presentAskline } from './present-askline';
import { listPendingAsklines, reviewAskline } from './review-askline';
import { pickRandomAskline, searchAsklines } from './search-asklines';

interface AsklineDeps {
  auth: Auth;
  db: Db;
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
}

const notFound = () => new AppError('not_found', ASKLINE_MESSAGES.notFound);

/** Submitting asks for a profile, as posting does (SPEC §6: login required to create an askline). */
function requireMember(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError('unauthenticated', ASKLINE_MESSAGES.createSignedOut);
  if (!viewer.profile) throw new AppError('forbidden', 'Please set up your profile first.');
  return viewer;
}

/**
 * /api/asklines. Reading is open to visitors (SPEC §6) but only ever shows verified asklines, except
 * to their creator and to staff; submitting needs a profile; verifying needs an admin or moderator.
 */
export function asklineRoutes(deps: AsklineDeps) {
  const { db, storage, rateLimiter } = deps;

  return (
    new Hono<AppEnv>()
      .use(loadViewer(deps))
      .get('/', async (c) => {
        const viewer = c.get('viewer');
        const [verified, mine] = await Promise.all([
          listVerifiedAsklines(db),
          viewer ? listOwnUnpublishedAsklines(db, viewer.userId) : [],
        ]);
        return c.json({ asklines: verified.map(presentAskline), mine: mine.map(presentAskline) });
      })
      .post('/', rateLimit(rateLimiter, 'asklineCreate', 'account'), async (c) => {
        const viewer = requireMember(c.get('viewer'));
        const { content } = await readJson(c, createAsklineRequestSchema);
        return c.json(presentAskline(await createAskline(db, viewer, content)), 201);
      })
      // Static paths before /:id.
      .get('/search', async (c) => {
        const { q } = readQuery(c, asklineSearchQuerySchema);
        return c.json({ asklines: await searchAsklines(db, q) });
      })
      .get('/random', async (c) => {
        const { exclude } = readQuery(c, randomAsklineQuerySchema);
        const askline = await pickRandomAskline(db, exclude);
        if (!askline) throw new AppError('not_found', ASKLINE_MESSAGES.noneVerified);
        return c.json(askline);
      })
      .get('/pending', async (c) => {
        authorize(c.get('viewer'), 'askline:review', undefined, {
          forbidden: ASKLINE_MESSAGES.reviewForbidden,
        });
        const { cursor } = readQuery(c, pageQuerySchema);
        const { rows, nextCursor } = await listPendingAsklines(db, cursor);
        return c.json({ asklines: rows.map(presentAskline), nextCursor });
      })
      .get('/:id', async (c) => {
        const row = await findVisibleAskline(db, c.req.param('id'), c.get('viewer'));
        if (!row) throw notFound();
        return c.json(presentAskline(row));
      })
      .get('/:id/posts', async (c) => {
        const viewer = c.get('viewer');
        const { cursor } = readQuery(c, pageQuerySchema);
        const askline = await findVisibleAskline(db, c.req.param('id'), viewer);
        if (!askline) throw notFound();
        const { rows, nextCursor } = await listPostsNewestFirst({
          db,
          where: eq(posts.asklineId, askline.id),
          viewerId: viewer?.userId ?? null,
          cursor,
        });
        return c.json({ posts: rows.map((row) => presentPost(row, viewer, storage)), nextCursor });
      })
      .put('/:id/review', async (c) => {
        const viewer = authorize(c.get('viewer'), 'askline:review', undefined, {
          forbidden: ASKLINE_MESSAGES.reviewForbidden,
        });
        const { decision } = await readJson(c, reviewAsklineRequestSchema);
        const id = c.req.param('id');
        if (!(await reviewAskline(db, { id, decision, reviewerId: viewer.userId }))) throw notFound();
        const row = await findVisibleAskline(db, id, viewer);
        if (!row) throw notFound();
        return c.json(presentAskline(row));
      })
  );
}
