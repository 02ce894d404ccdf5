import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  adminNotificationAnswerSchema,
  adminNotificationRequestSchema,
  NOTIFICATION_MESSAGES,
  notificationPageSchema,
  notificationSettingsSchema,
  notificationsSeenRequestSchema,
  unreadCountSchema,
  unsubscribeAnswerSchema,
  unsubscribeRequestSchema,
  updateNotificationSettingsRequestSchema,
} from '../../../shared/notifications';
import { idParamsSchema } from '../../../shared/path-params';
import { pageQuerySchema } from '../../../shared/posts';
import { AppError } from '../../app-error';
import { allow, allowTo } from '../../auth/guard';
import { authorizeSignedIn } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { type Broadcasts, queueBroadcast } from './broadcasts';
import { countUnread, listNotifications, markAllRead, markRead, markSeen } from './list-notifications';
import { type NotificationStreams, streamLifetimeMs } from './live';
import { readSettings, saveSettings, stopDigests } from './settings';
import { readUnsubscribeToken } from './unsubscribe-token';

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
  params: idParamsSchema,
  answer: unreadCountSchema,
});
const seen = describeRoute({
  summary:
    'Say your notifications page has shown what changed up to a time: the bell stops counting them (they stay unread)',
  tag: 'notifications',
  access: 'signed in: your own only',
  body: notificationsSeenRequestSchema,
  answer: unreadCountSchema,
});
const readAll = describeRoute({
  summary: 'Mark all your notifications read',
  tag: 'notifications',
  access: 'signed in: your own only',
  answer: unreadCountSchema,
});

const stream = describeRoute({
  summary:
    'Your unread count, live: Server-Sent Events (`event: unread`, data {"unread": n}) at once and on every change; ends after a few minutes and EventSource comes back',
  tag: 'notifications',
  access: 'signed in: your own only',
  answer: 'text/event-stream',
});
const settings = describeRoute({
  summary: 'Your settings per kind of notification: shown in the app, mailed in a digest',
  tag: 'notifications',
  access: 'signed in: your own only',
  answer: notificationSettingsSchema,
});
const saveSettingsRoute = describeRoute({
  summary: 'Change your settings for some kinds of notification (the others keep theirs)',
  tag: 'notifications',
  access: 'signed in: your own only',
  body: updateNotificationSettingsRequestSchema,
  answer: notificationSettingsSchema,
});
const unsubscribe = describeRoute({
  summary:
    "Stop a person's digest emails with the token of a digest's link: as JSON, or in the address (List-Unsubscribe one-click, RFC 8058)",
  tag: 'notifications',
  access: 'anyone holding a token we mailed (no sign-in)',
  query: z.object({ token: z.string().optional() }),
  body: unsubscribeRequestSchema,
  answer: unsubscribeAnswerSchema,
});
const notifyEveryone = describeRoute({
  summary: 'Send a notice from the admins to every member, as a notification',
  tag: 'notifications',
  access: 'admins',
  body: adminNotificationRequestSchema,
  answer: adminNotificationAnswerSchema,
});

/** Between comments that keep proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How long EventSource waits before coming back after a stream ends. */
const RECONNECT_MS = 3_000;

export interface NotificationDeps extends ViewerDeps {
  streams: NotificationStreams;
  logger?: Logger;
  /** The server's secret, which signed the digests' unsubscribe links before they were stored. */
  secret: string;
}

/** /api/notifications: each person's own, and nobody else's (issue #28). */
export function notificationRoutes(deps: NotificationDeps) {
  const { db, streams, secret, logger } = deps;
  return new Hono<AppEnv>()
    .post('/unsubscribe', unsubscribe.doc, async (c) => {
      // A mail client's one-click POST carries the token in the address and a form body; the page's
      // button sends JSON.
      const token = unsubscribe.query(c).token ?? (await unsubscribe.body(c)).token;
      const userId = await readUnsubscribeToken(db, secret, token);
      if (!userId) throw new AppError('bad_request', NOTIFICATION_MESSAGES.badToken);
      // A deleted account's link answers the same: there is nothing left to mail.
      await stopDigests(db, userId);
      return c.json({ unsubscribed: true as const });
    })
    .use(loadViewer(deps))
    .get('/stream', stream.doc, signedIn, (c) => {
      const userId = c.var.caller.userId;
      // Refused, not taking another's place: EventSource gives up on an error answer, and that tab's
      // bell is counted when it is looked at again.
      if (streams.full(userId)) {
        throw new AppError('rate_limited', NOTIFICATION_MESSAGES.tooManyStreams, { retryAfterSeconds: 60 });
      }
      // A proxy that buffers answers (nginx does by default) would hold the events back.
      c.header('X-Accel-Buffering', 'no');
      // Hono answers HEAD with this handler and drops the body: the stream's headers, and no stream
      // holding one of the person's places.
      if (c.req.method === 'HEAD') {
        return c.body(null, 200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      }
      const connection = responseOf(c);
      const answer = streamSSE(
        c,
        async (sse) => {
          let resolveEnd: () => void = () => {};
          const ended = new Promise<void>((resolve) => {
            resolveEnd = resolve;
          });
          sse.onAbort(resolveEnd);
          // A place is held only while the answer is being sent. A client's close reaches the stream
          // (onAbort) only through its body being read: an answer sent without it (as Hono sends
          // HEAD's) would hold its place until the lifetime below ran out. Nothing to remove: the
          // answer is this request's alone and closes once.
          connection?.once('close', resolveEnd);
          // How soon EventSource comes back after the stream ends.
          await sse.write(`retry: ${RECONNECT_MS}\n\n`);
          const remove = streams.add(userId, {
            tell: (unread) => void sse.writeSSE({ event: 'unread', data: JSON.stringify({ unread }) }),
            end: resolveEnd,
          });
          // Filled meanwhile: ended, like the one refused above.
          if (!remove) return;
          const heartbeat = setInterval(() => void sse.write(': ping\n\n'), HEARTBEAT_MS);
          const lifetime = setTimeout(resolveEnd, streamLifetimeMs());
          try {
            await ended;
          } finally {
            clearInterval(heartbeat);
            clearTimeout(lifetime);
            remove();
          }
        },
        async (err) => {
          logger?.error({ err, reqId: c.var.requestId }, 'a notification stream failed');
        },
      );
      // While the server stops, the connection goes with the stream: EventSource comes back on a new
      // one, to an instance that is not stopping.
      if (streams.closing) answer.headers.set('Connection', 'close');
      return answer;
    })
    .get('/settings', settings.doc, signedIn, async (c) =>
      c.json({ settings: await readSettings(db, c.var.caller.userId) }),
    )
    .put('/settings', saveSettingsRoute.doc, signedIn, async (c) => {
      const { settings: changes } = await saveSettingsRoute.body(c);
      const userId = c.var.caller.userId;
      await saveSettings(db, userId, changes);
      return c.json({ settings: await readSettings(db, userId) });
    })
    .get('/', list.doc, signedIn, async (c) => {
      const { cursor } = list.query(c);
      return c.json(await listNotifications({ db, userId: c.var.caller.userId, cursor }));
    })
    .get('/unread', unread.doc, signedIn, async (c) =>
      c.json({ unread: await countUnread(db, c.var.caller.userId) }),
    )
    .put('/seen', seen.doc, signedIn, async (c) => {
      const { through } = await seen.body(c);
      const userId = c.var.caller.userId;
      await markSeen(db, userId, new Date(through));
      // No trigger tells the streams of this one (it changes no notification): said here.
      streams.announce(userId);
      return c.json({ unread: await countUnread(db, userId) });
    })
    .put('/read', readAll.doc, signedIn, async (c) => {
      await markAllRead(db, c.var.caller.userId);
      return c.json({ unread: 0 });
    })
    .put('/:id/read', readOne.doc, signedIn, async (c) => {
      const userId = c.var.caller.userId;
      const params = readOne.params(c);
      if (!params || !(await markRead(db, userId, params.id))) {
        throw new AppError('not_found', NOTIFICATION_MESSAGES.missing);
      }
      return c.json({ unread: await countUnread(db, userId) });
    });
}

/**
 * The Node server's answer to this request, which emits 'close' once it is sent or its connection
 * is gone; none when the app is called without a server (app.request).
 */
function responseOf(c: Context): HttpBindings['outgoing'] | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.outgoing;
}

/**
 * POST /api/admin/notifications: a notice to every member, queued and handed out in the background
 * (broadcasts.ts); answers how many members it goes to. The viewer is loaded for /api/admin/*.
 */
export function adminNotificationRoutes(db: Db, broadcasts: Pick<Broadcasts, 'wake'>) {
  return new Hono<AppEnv>().post('/', notifyEveryone.doc, allowTo('notice:edit'), async (c) => {
    const { text } = await notifyEveryone.body(c);
    const sent = await queueBroadcast(db, text);
    broadcasts.wake();
    return c.json({ sent });
  });
}
