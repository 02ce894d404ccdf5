import { Hono } from 'hono';
import { noticeSchema, updateNoticeRequestSchema } from '../../../shared/notices';
import { authorize } from '../../auth/policies';
import type { Db } from '../../db/client';
import { describeRoute } from '../../http/api-docs';
import type { AppEnv } from '../../http/context';
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
  return new Hono<AppEnv>().put('/', write.doc, async (c) => {
    authorize(c.get('viewer'), 'notice:edit');
    const notice = await write.body(c);
    return c.json(await saveNotice(db, notice));
  });
}
