import { Hono } from 'hono';
import {
  CLASS_MESSAGES,
  classPageSchema,
  classParamsSchema,
  classQuerySchema,
  classYearOf,
} from '../../../shared/yearbook';
import { AppError } from '../../app-error';
import { allow } from '../../auth/guard';
import { authorizeMember } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import type { ObjectStorage } from '../../platform/storage';
import { countClass, listClass, viewerOfClass } from './list-class';
import { presentClassmate } from './present-classmate';

const classRoute = describeRoute({
  summary:
    "A class page: one graduation year's members of a campus by name, and how many each campus lists (not those who left it, nor anyone the viewer blocked or who blocked them)",
  tag: 'yearbook',
  access: 'signed in, with a profile',
  params: classParamsSchema,
  query: classQuerySchema,
  answer: classPageSchema,
});

/** /api/classes (issue #52): class pages, for members. */
export function yearbookRoutes(deps: ViewerDeps & { storage: ObjectStorage }) {
  const { db, storage } = deps;
  return new Hono<AppEnv>().use(loadViewer(deps)).get(
    '/:year',
    classRoute.doc,
    allow((viewer) => authorizeMember(viewer, CLASS_MESSAGES.signedOut)),
    async (c) => {
      const year = classYearOf(classRoute.params(c)?.year);
      if (year === null) throw new AppError('not_found', CLASS_MESSAGES.noSuchClass);
      const { campus: asked, q, cursor } = classRoute.query(c);
      const viewerId = c.var.caller.userId;
      const viewer = await viewerOfClass(db, viewerId, year);
      if (!viewer) throw new AppError('forbidden', 'Please set up your profile first.');
      const campus = asked ?? viewer.campus;
      const [page, counts] = await Promise.all([
        listClass({ db, viewerId, year, campus, query: q || null, cursor }),
        cursor ? null : countClass({ db, viewerId, year }),
      ]);
      return c.json({
        year,
        campus,
        counts,
        viewerHidden: viewer.hidden,
        members: page.rows.map((row) => presentClassmate(row, storage)),
        nextCursor: page.nextCursor,
      });
    },
  );
}
