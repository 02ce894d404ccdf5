import { Hono } from 'hono';
import { noticeSchema, updateNoticeRequestSchema } from '../../../shared/notices';
import { allowTo } from '../../auth/guard';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { getNotice, saveNotice } from './notice';

const read = describeRoute({
  summary: 'The dashboard notice',
  tag: 'notice',
  access: 'anyone',
  answer: noticeSchema,
});
const write = describeRoute({
  summary: 'Write the dashboard notice',
  tag: 'notice',
  access: 'admins',
  body: updateNoticeRequestSchema,
  answer: noticeSchema,
});

/** GET /api/notice: the dashboard notice, for anyone (it says nothing private). */
export function noticeRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', read.doc, async (c) => c.json(await getNotice(db)));
}

/** PUT /api/admin/notice: admins write it (the viewer is loaded by the /api/admin/* middleware). */
export function adminNoticeRoutes(db: Db) {
  return new Hono<AppEnv>().put('/', write.doc, allowTo('notice:edit'), async (c) => {
    const notice = await write.body(c);
    return c.json(await saveNotice(db, notice));
  });
}
