// Push notifications on this device (issue #51): the settings' switch. On: the browser asks the person
// (only then, in answer to their tap), subscribes through the app's service worker with the server's
// public key, and the subscription is saved for this account and session. Off: the browser's
// subscription ends and the server forgets it. What is pushed is chosen per kind, for every device,
// in the notification settings.
import type { PushKey, PushSubscriptionAnswer } from '../../../../shared/push';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { appWorker, deviceSubscription, pushAvailable } from '../../../lib/push-device';

/** Where this device stands. */
export type DevicePush =
  /** This browser cannot take pushes (no service worker or Push API: an older browser, iOS outside the home screen). */
  | 'unsupported'
  /** The server has no VAPID keys. */
  | 'server-off'
  /** The person (or the browser's settings) blocked notifications from this site. */
  | 'blocked'
  | 'off'
  | 'on';

/** How long to wait for the app's service worker to start on a first visit. */
const WORKER_WAIT_MS = 10_000;

async function serverKey(): Promise<string | null> {
  try {
    return (await apiRequest<PushKey>('/api/push/key')).publicKey;
  } catch (problem) {
    if (problem instanceof ApiError && problem.status === 404) return null;
    throw problem;
  }
}

function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: string): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return false;
  const expected = keyBytes(key);
  const given = new Uint8Array(used);
  return given.length === expected.length && given.every((byte, i) => byte === expected[i]);
}

function save(subscription: PushSubscription) {
  return apiRequest<PushSubscriptionAnswer>('/api/push/subscription', {
    method: 'PUT',
    body: subscription.toJSON(),
  });
}

/**
 * Where this device stands. A subscription the browser holds is saved again for this session (the
 * server drops a device with the session it was made in); one made for keys since rotated is made anew.
 */
export async function readDevicePush(): Promise<DevicePush> {
  if (!pushAvailable()) return 'unsupported';
  const key = await serverKey();
  if (!key) return 'server-off';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await deviceSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  if (sameKey(subscription, key)) {
    await save(subscription);
    return 'on';
  }
  await subscription.unsubscribe();
  return (await subscribe(key)) ? 'on' : 'off';
}

async function subscribe(key: string): Promise<boolean> {
  const worker = await appWorker(WORKER_WAIT_MS);
  if (!worker) return false;
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key),
  });
  try {
    await save(subscription);
  } catch (problem) {
    // Not saved: a subscription the server does not know would be a switch that lies.
    await subscription.unsubscribe().catch(() => undefined);
    throw problem;
  }
  return true;
}

/** What turning it on came to: on, blocked, or the question dismissed (asked again next time). */
export type TurnedOn = 'on' | 'blocked' | 'dismissed';

/** Turns push on here; call it in answer to the person's tap (the browser asks them then). */
export async function turnPushOn(): Promise<TurnedOn> {
  // Asked first, while the tap still counts as the person's: browsers ignore a request made later.
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const key = await serverKey();
  if (!key) throw new PushUnavailableError('server-off');
  if (!(await subscribe(key))) throw new PushUnavailableError('no-worker');
  return 'on';
}

/** Turns push off here: the browser's subscription ends and the server forgets it. */
export async function turnPushOff(): Promise<void> {
  const subscription = await deviceSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await apiRequest<PushSubscriptionAnswer>('/api/push/subscription', {
    method: 'DELETE',
    body: { endpoint },
  });
}

/** Push could not be turned on for a reason of the app's, not the person's. */
export class PushUnavailableError extends Error {
  constructor(readonly reason: 'server-off' | 'no-worker') {
    super(reason);
    this.name = 'PushUnavailableError';
  }
}
