// Web push in the service worker (issue #51). A push carries the kind of notification alone (decision
// 039: never who or what, which the push service would see). The worker asks the app, as the person
// signed in on this browser, for their newest unread notification of that kind, and shows its sentence
// and opens its page; when it cannot (offline, signed out, nothing unread), it shows the kind in words
// and opens /notifications. One notification per kind: a newer push replaces it, and buzzes again.
// The post's own words never go on the lock screen (an anonymous post's text there would say whose it
// is to anyone holding the phone): the sentence names what happened, not what was written.
import type { Notification as AppNotification, NotificationPage } from '../../shared/notifications';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../shared/values/notifications';
import { PUSH_TEXT, PUSH_TITLE, type PushPayload, pushTag } from '../../shared/values/push';
import { describeNotification } from '../features/notifications/describe-notification';

declare const self: ServiceWorkerGlobalScope;

/** What a push's notification carries, for its click. */
interface PushData {
  url: string;
  /** The notification it shows (marked read when opened, as on the page). */
  notificationId: string | null;
}

const ICON = '/icons/icon-192.png';
const NOTIFICATIONS_PAGE = '/notifications';
/** A push must be shown soon (browsers allow a few seconds): the app is given this long to answer. */
const ASK_MS = 4_000;
/** Shown for a push whose kind this worker does not know (a newer server). */
const ANY_KIND = 'You have a new notification';

function kindOf(data: PushMessageData | null): NotificationKind | null {
  try {
    const kind = (data?.json() as Partial<PushPayload> | null)?.kind;
    return NOTIFICATION_KINDS.find((known) => known === kind) ?? null;
  } catch {
    return null;
  }
}

async function askApp<T>(path: string, signal: AbortSignal): Promise<T | null> {
  const answer = await fetch(path, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal,
  });
  return answer.ok ? ((await answer.json()) as T) : null;
}

/** The newest unread notification of the kind, in words and with its page, or null. */
async function latestOf(kind: NotificationKind): Promise<{ body: string; data: PushData } | null> {
  const signal = AbortSignal.timeout(ASK_MS);
  const [page, session] = await Promise.all([
    askApp<NotificationPage>('/api/notifications', signal),
    askApp<{ profile: { username: string } | null }>('/api/session', signal),
  ]);
  const latest = page?.notifications.find(
    (notification: AppNotification) => notification.kind === kind && !notification.read,
  );
  if (!latest) return null;
  const text = describeNotification(latest, session?.profile?.username ?? '');
  return { body: text.sentence, data: { url: text.href ?? NOTIFICATIONS_PAGE, notificationId: latest.id } };
}

export async function showPush(data: PushMessageData | null): Promise<void> {
  const kind = kindOf(data);
  const shown = kind ? await latestOf(kind).catch(() => null) : null;
  const options: NotificationOptions & { renotify?: boolean } = {
    body: shown?.body ?? (kind ? PUSH_TEXT[kind] : ANY_KIND),
    icon: ICON,
    tag: kind ? pushTag(kind) : 'yearbook',
    renotify: true,
    data: shown?.data ?? ({ url: NOTIFICATIONS_PAGE, notificationId: null } satisfies PushData),
  };
  await self.registration.showNotification(PUSH_TITLE, options);
}

/** Opens the notification's page: in a window of the app already open (brought forward), or a new one. */
export async function openPush(notification: Notification): Promise<void> {
  notification.close();
  const data = (notification.data ?? {}) as Partial<PushData>;
  // Only a page of this app: data is ours, but an address is checked before it is opened.
  const target = new URL(data.url ?? NOTIFICATIONS_PAGE, self.location.origin);
  const url =
    target.origin === self.location.origin
      ? target.href
      : new URL(NOTIFICATIONS_PAGE, self.location.origin).href;
  const read = data.notificationId
    ? fetch(`/api/notifications/${encodeURIComponent(data.notificationId)}/read`, {
        method: 'PUT',
        credentials: 'same-origin',
      }).catch(() => undefined)
    : Promise.resolve();
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open =
    windows.find((client) => client.url === url) ??
    windows.find((client) => client.url.startsWith(self.location.origin));
  let opened: WindowClient | null = null;
  if (open) {
    opened = await open.focus().catch(() => open);
    // navigate() works on a window this worker controls; another is left for a new one.
    if (opened.url !== url) opened = await opened.navigate(url).catch(() => null);
  }
  if (!opened) await self.clients.openWindow(url);
  await read;
}

/**
 * The push service replaced this browser's subscription (it expired, or keys were renewed): the new
 * one is saved for the account signed in here, as the settings' switch would.
 */
export async function renewSubscription(
  event: ExtendableEvent & {
    oldSubscription?: PushSubscription | null;
    newSubscription?: PushSubscription | null;
  },
): Promise<void> {
  const old = event.oldSubscription ?? null;
  const renewed =
    event.newSubscription ??
    (old ? await self.registration.pushManager.subscribe(old.options).catch(() => null) : null);
  if (!renewed) return;
  const saved = await fetch('/api/push/subscription', {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(renewed.toJSON()),
  }).catch(() => null);
  // Signed out here: a subscription nobody's account has is no use, and would only be pushed to nothing.
  if (!saved?.ok) await renewed.unsubscribe().catch(() => undefined);
}

export function listenForPushes(): void {
  self.addEventListener('push', (event) => event.waitUntil(showPush(event.data)));
  self.addEventListener('notificationclick', (event) => event.waitUntil(openPush(event.notification)));
  self.addEventListener('pushsubscriptionchange', (event) =>
    (event as ExtendableEvent).waitUntil(renewSubscription(event as Parameters<typeof renewSubscription>[0])),
  );
}
