import { Hono } from 'hono';
import { updateNoticeRequestSchema } from '../../../shared/notices';
import { authorize } from '../../auth/policies';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { readJson } from '../../http/validate';
import { getNotice, saveNotice } from './notice';

/** GET /api/notice: the dashboard notice, for anyone (it says nothing private). */
export function noticeRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => c.json(await getNotice(db)));
}

/** PUT /api/admin/notice: admins write it (the viewer is loaded by the /api/admin/* middleware). */
export function adminNoticeRoutes(db: Db) {
  return new Hono<AppEnv>().put('/', async (c) => {
    authorize(c.get('viewer'), 'notice:edit');
    const notice = await readJson(c, updateNoticeRequestSchema);
    return c.json(await saveNotice(db, notice));
  });
}
