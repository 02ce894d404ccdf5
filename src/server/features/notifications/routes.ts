import { Hono } from 'hono';
import { z } from 'zod';
import {
  NOTIFICATION_MESSAGES,
  notificationPageSchema,
  unreadCountSchema,
} from '../../../shared/notifications';
import { pageQuerySchema } from '../../../shared/posts';
import { allow } from '../../auth/guard';
import { authorizeSignedIn } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import { describeRoute } from '../../http/api-docs';
import { AppError } from '../../http/app-error';
import type { AppEnv } from '../../http/context';
import { countUnread, listNotifications, markAllRead, markRead } from './list-notifications';

const signedIn = allow((viewer) => authorizeSignedIn(viewer, NOTIFICATION_MESSAGES.signedOut));

const list = describeRoute({
  summary: 'Your notifications, newest first, a page at a time',
  tag: 'notifications',
  access: 'signed in: your own only',
  query: pageQuerySchema,
  answer: notificationPageSchema,
});
const unread = describeRoute({
  summary: 'How many of your notifications are unread (the bell)',
  tag: 'notifications',
  access: 'signed in: your own only',
  answer: unreadCountSchema,
});
const readOne = describeRoute({
  summary: 'Mark one of your notifications read',
  tag: 'notifications',
  access: "the recipient (another's answers 404)",
  answer: unreadCountSchema,
});
const readAll = describeRoute({
  summary: 'Mark all your notifications read',
  tag: 'notifications',
  access: 'signed in: your own only',
  answer: unreadCountSchema,
});

const notificationId = z.uuid();

/** /api/notifications: each person's own, and nobody else's (issue #28). */
export function notificationRoutes(deps: ViewerDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/', list.doc, signedIn, async (c) => {
      const { cursor } = list.query(c);
      return c.json(await listNotifications({ db, userId: c.var.caller.userId, cursor }));
    })
    .get('/unread', unread.doc, signedIn, async (c) =>
      c.json({ unread: await countUnread(db, c.var.caller.userId) }),
    )
    .put('/read', readAll.doc, signedIn, async (c) => {
      await markAllRead(db, c.var.caller.userId);
      return c.json({ unread: 0 });
    })
    .put('/:id/read', readOne.doc, signedIn, async (c) => {
      const userId = c.var.caller.userId;
      const id = c.req.param('id');
      if (!notificationId.safeParse(id).success || !(await markRead(db, userId, id))) {
        throw new AppError('not_found', NOTIFICATION_MESSAGES.missing);
      }
      return c.json({ unread: await countUnread(db, userId) });
    });
}
