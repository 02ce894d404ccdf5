import { Hono } from 'hono';
import { pageQuerySchema } from '../../../shared/posts';
import { moderationLogPageSchema } from '../../../shared/reports';
import { allowTo } from '../../auth/guard';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { listModerationLog } from './list-log';

const log = describeRoute({
  summary: "What staff did, newest first (an anonymous post's author never named)",
  tag: 'admin',
  access: 'admins',
  query: pageQuerySchema,
  answer: moderationLogPageSchema,
});

/** GET /api/admin/moderation-log: admins read what staff did (needs loadViewer). */
export function moderationLogRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    log.doc,
    allowTo('moderation-log:read', { forbidden: 'Only admins can read the moderation log.' }),
    async (c) => {
      const { cursor } = log.query(c);
      return c.json(await listModerationLog(db, cursor));
    },
  );
}
