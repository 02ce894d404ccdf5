import { Hono } from 'hono';
import { idParamsSchema } from '../../../shared/path-params';
import { POST_MESSAGES, pageQuerySchema } from '../../../shared/posts';
import {
  acknowledgementSchema,
  REPORT_MESSAGES,
  type ReportSort,
  reportPageSchema,
  reportPostRequestSchema,
  reportResultSchema,
  reportsQuerySchema,
  resolutionRequestSchema,
  sealedSuspensionPageSchema,
} from '../../../shared/reports';
import { AppError } from '../../app-error';
import { sessionEnder } from '../../auth/auth';
import { allow, allowTo } from '../../auth/guard';
import { authorizeReport, can } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { findPost } from '../posts';
import { acknowledgeReport } from './acknowledge-report';
import { listReports } from './list-reports';
import { presentReport } from './present-report';
import { countOverdue } from './report-clocks';
import { reportPost } from './report-post';
import { liftSealedSuspension, listSealedSuspensions, noSealedSuspension } from './sealed-suspensions';
import { setResolution } from './set-resolution';
import { suspendAuthor } from './suspend-author';

interface ReportDeps extends ViewerDeps {
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
}

const postMissing = () => new AppError('not_found', POST_MESSAGES.notFound);

const report = describeRoute({
  summary: 'Report a post with a reason (again: acknowledged, counted once)',
  tag: 'moderation',
  access: 'members with a profile, not on their own post; not staff',
  params: idParamsSchema,
  body: reportPostRequestSchema,
  answer: reportResultSchema,
});
const suspendAuthorRoute = describeRoute({
  summary: "Suspend a post's author (through an anonymous post: sealed, naming no one)",
  tag: 'moderation',
  access: 'admins; moderators for named posts by members',
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});
const liftSuspension = describeRoute({
  summary: 'Lift a suspension made through an anonymous post',
  tag: 'moderation',
  access: 'admins',
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});
const reportList = describeRoute({
  summary:
    "The reports page: one tab in one order (by default oldest first while any is overdue), paged, with each report's clocks; admins also get the overdue counts",
  tag: 'moderation',
  access: 'admins and moderators',
  query: reportsQuerySchema,
  answer: reportPageSchema,
});
const acknowledgement = describeRoute({
  summary: 'Acknowledge an unresolved report: seen and being worked (stops its 24-hour clock; logged once)',
  tag: 'moderation',
  access: 'admins and moderators',
  params: idParamsSchema,
  answer: acknowledgementSchema,
});
const resolution = describeRoute({
  summary: 'Resolve or reopen a report',
  tag: 'moderation',
  access: 'admins and moderators',
  params: idParamsSchema,
  body: resolutionRequestSchema,
});
const sealedList = describeRoute({
  summary: 'Suspensions made through anonymous posts, listed by post',
  tag: 'admin',
  access: 'admins',
  query: pageQuerySchema,
  answer: sealedSuspensionPageSchema,
});

/**
 * Under /api/posts: reporting a post, staff suspending its author, and admins lifting a suspension
 * made through an anonymous post (named authors are restored on /admin/users).
 */
export function postModerationRoutes(deps: ReportDeps) {
  const { db, rateLimiter } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .post(
      '/:id/report',
      report.doc,
      allow(authorizeReport),
      rateLimit(rateLimiter, 'report', 'account'),
      async (c) => {
        const viewer = c.var.caller;
        const { reason, detail } = await report.body(c);
        const params = report.params(c);
        const post = params && (await findPost(db, params.id, viewer.userId));
        if (!post) throw postMissing();
        if (post.userId === viewer.userId) throw new AppError('forbidden', REPORT_MESSAGES.ownPost);
        // Reporting again is acknowledged the same way, but counts once (report-post.ts).
        if (
          !(await reportPost(db, {
            postId: post.id,
            reporterId: viewer.userId,
            reason,
            detail: detail ?? null,
          }))
        ) {
          throw postMissing();
        }
        return c.json({ reported: true });
      },
    )
    .post('/:id/author-suspension', suspendAuthorRoute.doc, allowTo('post:suspend-author'), async (c) => {
      const staff = c.var.caller;
      const params = suspendAuthorRoute.params(c);
      // As suspendAuthor answers a post that is not there.
      if (!params) throw postMissing();
      await suspendAuthor(db, { postId: params.id, staff, endSessions: sessionEnder(deps.auth) });
      // Says nothing about who it was.
      return c.body(null, 204);
    })
    .delete(
      '/:id/author-suspension',
      liftSuspension.doc,
      allowTo('sealed-suspensions:manage', {
        forbidden: 'Only an admin can lift a suspension made through an anonymous post.',
      }),
      async (c) => {
        const staff = c.var.caller;
        const params = liftSuspension.params(c);
        if (!params) throw noSealedSuspension();
        await liftSealedSuspension(db, { postId: params.id, staff });
        return c.body(null, 204);
      },
    );
}

/** /api/reports: the reports page for admins and moderators (SPEC §2, §6). */
export function reportRoutes(deps: ReportDeps) {
  const { db, storage } = deps;
  const staff = allowTo('reports:manage', { forbidden: REPORT_MESSAGES.staffOnly });
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/', reportList.doc, staff, async (c) => {
      const viewer = c.var.caller;
      const { status, sort: asked, cursor } = reportList.query(c);
      const oversee = can(viewer, 'reports:oversee');
      // Counted when it decides the order (the Unresolved tab, no order asked for) or for an admin's
      // first page; a later page comes with the order its first page was given.
      const counted =
        (status === 'unresolved' && !asked) || (oversee && !cursor) ? await countOverdue(db) : null;
      const sort: ReportSort =
        asked ?? (status === 'unresolved' && counted && counted.resolve > 0 ? 'oldest' : 'most_reported');
      const { rows, nextCursor, asOf } = await listReports({
        db,
        viewerId: viewer.userId,
        status,
        sort,
        cursor,
      });
      return c.json({
        reports: rows.map((row) => presentReport(row, viewer, storage, asOf)),
        nextCursor,
        sort,
        asOf: asOf.toISOString(),
        overdue: oversee && !cursor ? counted : null,
      });
    })
    .post('/:id/acknowledgement', acknowledgement.doc, staff, async (c) => {
      const params = acknowledgement.params(c);
      const done = params
        ? await acknowledgeReport(db, { reportId: params.id, staffId: c.var.caller.userId })
        : ({ outcome: 'missing' } as const);
      if (done.outcome === 'missing') throw new AppError('not_found', REPORT_MESSAGES.notFound);
      if (done.outcome === 'resolved') throw new AppError('conflict', REPORT_MESSAGES.alreadyResolved);
      return c.json({ id: params?.id ?? '', acknowledgedAt: done.acknowledgedAt.toISOString() });
    })
    .put('/:id/resolution', resolution.doc, staff, async (c) => {
      const viewer = c.var.caller;
      const { resolved } = await resolution.body(c);
      const params = resolution.params(c);
      const changed =
        params && (await setResolution(db, { reportId: params.id, resolved, staffId: viewer.userId }));
      if (!params || !changed) throw new AppError('not_found', REPORT_MESSAGES.notFound);
      return c.json({ id: params.id, resolved });
    });
}

/** GET /api/admin/sealed-suspensions: suspensions made through anonymous posts, by post (needs loadViewer). */
export function sealedSuspensionRoutes(db: Db) {
  const admin = allowTo('sealed-suspensions:manage', {
    forbidden: 'Only admins can see suspensions made through anonymous posts.',
  });
  return new Hono<AppEnv>().get('/', sealedList.doc, admin, async (c) => {
    const { cursor } = sealedList.query(c);
    return c.json(await listSealedSuspensions(db, cursor));
  });
}
