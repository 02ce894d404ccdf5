import { Hono } from 'hono';
import { pageQuerySchema } from '../../../shared/posts';
import { authorize } from '../../auth/policies';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { readQuery } from '../../http/validate';
import { listModerationLog } from './list-log';

/** GET /api/admin/moderation-log: admins read what staff did (needs loadViewer). */
export function moderationLogRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    authorize(c.get('viewer'), 'moderation-log:read', undefined, {
      forbidden: 'Only admins can read the moderation log.',
    });
    const { cursor } = readQuery(c, pageQuerySchema);
    return c.json(await listModerationLog(db, cursor));
  });
}
