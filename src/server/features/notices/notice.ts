import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Notice, updateNoticeRequestSchema } from '../../../shared/notices';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';

const NOTHING_TO_SHOW: Notice = { show: false, title: '', badge: '', content: [] };

/** The one notice row (absent until an admin first saves one: nothing to show). */
export async function getNotice(db: Db): Promise<Notice> {
  const [row] = await db
    .select({ show: notices.show, title: notices.title, badge: notices.badge, content: notices.content })
    .from(notices)
    .where(eq(notices.id, 1));
  return row ?? NOTHING_TO_SHOW;
}

export async function saveNotice(
  db: Db,
  notice: z.output<typeof updateNoticeRequestSchema>,
): Promise<Notice> {
  const values = { ...notice, updatedAt: new Date() };
  await db
    .insert(notices)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: notices.id, set: values });
  return getNotice(db);
}
