import { Hono } from 'hono';
import {
  PUSH_MESSAGES,
  pushKeySchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
} from '../../../shared/push';
import { AppError } from '../../app-error';
import { allow } from '../../auth/guard';
import { authorizeSignedIn } from '../../auth/policies';
import { loadViewer, sessionCookies, type ViewerDeps } from '../../auth/viewer';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import type { PushService } from './push-service';
import { removeSubscription, saveSubscription, sessionIdOf } from './subscriptions';

const signedIn = allow((viewer) => authorizeSignedIn(viewer, PUSH_MESSAGES.signedOut));

const key = describeRoute({
  summary:
    "The server's VAPID public key, to subscribe a device to push notifications with (404 while push is off)",
  tag: 'push',
  access: 'anyone',
  answer: pushKeySchema,
});
const subscribe = describeRoute({
  summary:
    "Push notifications on this device: save the browser's push subscription for your account and this session (signing out ends it)",
  tag: 'push',
  access: 'signed in: your own device',
  body: pushSubscriptionRequestSchema,
  answer: pushSubscriptionAnswerSchema,
});
const unsubscribe = describeRoute({
  summary: 'Push notifications off on this device: its subscription, named by its endpoint, is removed',
  tag: 'push',
  access: 'signed in: your own devices only',
  body: pushUnsubscribeRequestSchema,
  answer: pushSubscriptionAnswerSchema,
});

/** /api/push (issue #51): each person's own devices, and nobody else's. */
export function pushRoutes(deps: ViewerDeps & { push: PushService }) {
  const { db, authDb, push } = deps;
  const cookies = sessionCookies(deps.auth);
  const publicKey = () => {
    if (!push.publicKey) throw new AppError('not_found', PUSH_MESSAGES.off);
    return push.publicKey;
  };
  return new Hono<AppEnv>()
    .get('/key', key.doc, (c) => c.json({ publicKey: publicKey() }))
    .use(loadViewer(deps))
    .put('/subscription', subscribe.doc, signedIn, async (c) => {
      const serverKey = publicKey();
      const subscription = await subscribe.body(c);
      const userId = c.var.caller.userId;
      const cookie = cookies.read(c.req.raw.headers);
      const sessionId = await sessionIdOf(authDb, userId, cookie ? cookies.verify(cookie) : null);
      // A viewer was found, so the session was live an instant ago: it has ended since.
      if (!sessionId) throw new AppError('unauthenticated', PUSH_MESSAGES.signedOut);
      await saveSubscription({ db, userId, sessionId, subscription, serverKey, rules: push.rules });
      push.deviceSaved(userId);
      return c.json({ subscribed: true });
    })
    .delete('/subscription', unsubscribe.doc, signedIn, async (c) => {
      const { endpoint } = await unsubscribe.body(c);
      await removeSubscription(db, c.var.caller.userId, endpoint);
      // The same answer whether or not it was saved: the device is not subscribed now either way.
      return c.json({ subscribed: false });
    });
}
