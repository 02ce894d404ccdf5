import { Hono } from 'hono';
import {
  APPEAL_MESSAGES,
  appealDecisionRequestSchema,
  appealDecisionSchema,
  appealRequestSchema,
  removalSchema,
  staffAppealPageSchema,
} from '../../../shared/appeals';
import { idParamsSchema } from '../../../shared/path-params';
import { pageQuerySchema } from '../../../shared/posts';
import { AppError } from '../../app-error';
import { allow, allowTo } from '../../auth/guard';
import { authorizeSignedIn } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { appealRemoval } from './appeal-removal';
import { decideAppeal } from './decide-appeal';
import { listOpenAppeals } from './list-appeals';
import { readRemoval } from './read-removal';

interface AppealDeps extends ViewerDeps {
  /** Tells every instance that this person's notifications may have changed (their live bell). */
  announceNotification?: (userId: string) => void;
}

const removal = describeRoute({
  summary: 'My removed post: its statement of reasons and my appeal (anyone else: not found)',
  tag: 'appeals',
  access: 'signed in: the post’s author only',
  params: idParamsSchema,
  answer: removalSchema,
});
const appeal = describeRoute({
  summary: 'Appeal the removal of my post, once, in my own words',
  tag: 'appeals',
  access: 'signed in: the post’s author only',
  params: idParamsSchema,
  body: appealRequestSchema,
  answer: removalSchema,
  status: 201,
});
const queue = describeRoute({
  summary: 'The Appeals tab: open appeals, oldest first (anonymous posts with no author)',
  tag: 'moderation',
  access: 'admins and moderators',
  query: pageQuerySchema,
  answer: staffAppealPageSchema,
});
const decision = describeRoute({
  summary: 'Decide an appeal: upheld (stays removed) or overturned (the post is back)',
  tag: 'moderation',
  access: 'admins and moderators other than the one who made the decision',
  params: idParamsSchema,
  body: appealDecisionRequestSchema,
  answer: appealDecisionSchema,
});

const signedIn = allow((viewer) => authorizeSignedIn(viewer));
const missing = () => new AppError('not_found', APPEAL_MESSAGES.appealMissing);

/** /api/posts/{id}/removal and /api/posts/{id}/appeal: the author's side (issue #47). */
export function removalRoutes(deps: AppealDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/:id/removal', removal.doc, signedIn, async (c) => {
      const params = removal.params(c);
      const found = params && (await readRemoval(db, params.id, c.var.caller.userId));
      if (!found) throw missing();
      return c.json(found);
    })
    .post('/:id/appeal', appeal.doc, signedIn, async (c) => {
      const { text } = await appeal.body(c);
      const params = appeal.params(c);
      if (!params) throw missing();
      return c.json(await appealRemoval(db, { postId: params.id, authorId: c.var.caller.userId, text }), 201);
    });
}

/** /api/appeals: staff's Appeals tab and their decisions (issue #47). */
export function appealRoutes(deps: AppealDeps) {
  const { db } = deps;
  const staff = allowTo('reports:manage', { forbidden: APPEAL_MESSAGES.staffOnly });
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/', queue.doc, staff, async (c) => {
      const { cursor } = queue.query(c);
      return c.json(await listOpenAppeals(db, c.var.caller, cursor));
    })
    .post('/:id/decision', decision.doc, staff, async (c) => {
      const { outcome } = await decision.body(c);
      const params = decision.params(c);
      if (!params) throw new AppError('not_found', APPEAL_MESSAGES.appealGone);
      const author = await decideAppeal(db, { id: params.id, staff: c.var.caller, outcome });
      deps.announceNotification?.(author);
      return c.json({ id: params.id, outcome });
    });
}
