import { Hono } from 'hono';
import { removalRequestSchema } from '../../../shared/appeals';
import { idParamsSchema } from '../../../shared/path-params';
import { pageQuerySchema } from '../../../shared/posts';
import {
  heldDecisionSchema,
  ownHeldPostsSchema,
  SAFETY_MESSAGES,
  staffHeldPageSchema,
} from '../../../shared/safety';
import { AppError } from '../../app-error';
import { allow, allowTo } from '../../auth/guard';
import { authorizeMember } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { approveHeld, removeHeld } from './decide-held';
import { listHeldForStaff, listOwnHeld } from './list-held';

interface HeldDeps extends ViewerDeps {
  /** Tells every instance that this person's notifications may have changed (their live bell). */
  announceNotification?: (userId: string) => void;
}

const mine = describeRoute({
  summary: 'My posts waiting for review (shown on my own profile)',
  tag: 'safety',
  access: 'members with a profile: their own only',
  answer: ownHeldPostsSchema,
});
const queue = describeRoute({
  summary: 'The Held tab: posts the text check held, oldest first (anonymous ones with no author)',
  tag: 'moderation',
  access: 'admins and moderators',
  query: pageQuerySchema,
  answer: staffHeldPageSchema,
});
const approval = describeRoute({
  summary: 'Approve a held post: it is published under the same id',
  tag: 'moderation',
  access: 'admins and moderators',
  params: idParamsSchema,
  answer: heldDecisionSchema,
});
const removal = describeRoute({
  summary: 'Remove a held post, with a statement of reasons (rule, facts) told to its author',
  tag: 'moderation',
  access: 'admins and moderators',
  params: idParamsSchema,
  body: removalRequestSchema,
  answer: heldDecisionSchema,
});

const missing = () => new AppError('not_found', SAFETY_MESSAGES.heldMissing);

/** /api/held-posts: the author's own waiting posts, and staff's Held tab with its two decisions. */
export function heldPostRoutes(deps: HeldDeps) {
  const { db } = deps;
  const staff = allowTo('reports:manage', { forbidden: SAFETY_MESSAGES.staffOnly });
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get(
      '/mine',
      mine.doc,
      allow((viewer) => authorizeMember(viewer)),
      async (c) => {
        return c.json({ heldPosts: await listOwnHeld(db, c.var.caller.userId) });
      },
    )
    .get('/', queue.doc, staff, async (c) => {
      const { cursor } = queue.query(c);
      return c.json(await listHeldForStaff(db, cursor));
    })
    .post('/:id/approval', approval.doc, staff, async (c) => {
      const params = approval.params(c);
      const author = params && (await approveHeld(db, { id: params.id, staffId: c.var.caller.userId }));
      if (!params || !author) throw missing();
      deps.announceNotification?.(author);
      return c.json({ id: params.id, outcome: 'approved' as const });
    })
    .post('/:id/removal', removal.doc, staff, async (c) => {
      const statement = await removal.body(c);
      const params = removal.params(c);
      const author =
        params && (await removeHeld(db, { id: params.id, staffId: c.var.caller.userId, statement }));
      if (!params || !author) throw missing();
      deps.announceNotification?.(author);
      return c.json({ id: params.id, outcome: 'removed' as const });
    });
}
