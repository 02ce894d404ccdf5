// Web push on a phone (issue #51). The browser's push service is stood in for by one of the spec's own
// (tests/support/push-endpoint.ts): PushManager's subscribe and getSubscription are stubbed to give a
// subscription at its address, with real keys, so the server encrypts for it as for any browser. A
// member turns push on in the notification settings, another member replies to her anonymous post, the
// push service receives the push, and it is delivered to the app's service worker as Chromium's push
// service would (DevTools Protocol): the worker shows it with the reply's sentence, and opening it
// leads to the post's replies. After signing out, the device is gone on the server: a new reply sends
// nothing. Only this spec and offline.spec.ts let the service worker run (playwright.config.ts).
//
// It runs in the full Chromium, not the headless shell the other specs use (decision 037): the shell
// refuses notifications to every site, whatever it is granted, so no worker could show one there.
import fs from 'node:fs';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { makePushDevice, type PushEndpoint, startPushEndpoint } from '../support/push-endpoint';
import {
  createE2eAccount,
  expect,
  expectNoSeriousA11yViolations,
  PHONE_ONLY,
  signedInAccount,
  test,
} from './fixtures';

/** The full Chromium (scripts/test.mjs finds or installs it); the shell's flags (playwright.config.ts). */
const FULL_CHROMIUM = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';
test.use({
  serviceWorkers: 'allow',
  launchOptions: {
    executablePath: FULL_CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
});

let endpoint: PushEndpoint;
test.beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
test.afterAll(async () => {
  await endpoint?.close();
});

/**
 * PushManager as the page sees it: a subscription at `endpoint` with the device's keys, kept in
 * localStorage (so it outlives a reload, as a real one does); unsubscribing is counted.
 */
async function stubPushManager(
  page: Page,
  device: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  await page.addInitScript((given) => {
    const KEPT = 'e2e-push-subscription';
    const fromBase64url = (text: string) => {
      const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
      return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) =>
        c.charCodeAt(0),
      );
    };
    const subscription = (serverKey: string) => ({
      endpoint: given.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromBase64url(serverKey).buffer },
      getKey: () => null,
      toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEPT);
        localStorage.setItem(
          'e2e-push-unsubscribed',
          String(Number(localStorage.getItem('e2e-push-unsubscribed') ?? 0) + 1),
        );
        return true;
      },
    });
    const toBase64url = (key: BufferSource) =>
      btoa(String.fromCharCode(...new Uint8Array(key instanceof ArrayBuffer ? key : key.buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const serverKey = typeof key === 'string' ? key : toBase64url(key as BufferSource);
      localStorage.setItem(KEPT, serverKey);
      return subscription(serverKey) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const serverKey = localStorage.getItem(KEPT);
      return serverKey ? (subscription(serverKey) as unknown as PushSubscription) : null;
    };
  }, device);
}

/** The app's service worker registration as the DevTools Protocol names it, once it is running. */
async function workerRegistrationId(cdp: CDPSession): Promise<string> {
  const registrations: { registrationId: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) =>
    registrations.push(...updated),
  );
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.filter((registration) => !registration.isDeleted).length)
    .toBeGreaterThan(0);
  return registrations.find((registration) => !registration.isDeleted)?.registrationId ?? '';
}

async function replyAs(
  context: BrowserContext,
  cookie: { name: string; value: string },
  postId: string,
  content: string,
) {
  const res = await context.request.post(`/api/posts/${postId}/replies`, {
    data: { content, isAnonymous: false },
    headers: { cookie: `${cookie.name}=${cookie.value}`, connection: 'close' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test(
  'a reply is pushed to the phone, shown by the service worker and opened at the post; after sign-out nothing comes',
  PHONE_ONLY,
  async ({ page, context, baseURL }) => {
    expect(
      fs.existsSync(FULL_CHROMIUM),
      `web push needs the full Chromium at ${FULL_CHROMIUM} (apt-get install chromium, or FULL_CHROMIUM_PATH)`,
    ).toBe(true);
    const origin = new URL(baseURL ?? '').origin;
    const device = { ...makePushDevice(), endpoint: `${endpoint.origin}/device/phone-${Date.now()}` };
    const path = new URL(device.endpoint).pathname;
    await context.grantPermissions(['notifications'], { origin });
    await stubPushManager(page, device);
    await signedInAccount(page, { fullName: 'Nila Pushkin' });
    const made = await page.request.post('/api/posts', {
      data: { content: 'An anonymous note about the 2 am canteen', isAnonymous: true },
    });
    expect(made.status()).toBe(201);
    const { id: postId } = (await made.json()) as { id: string };

    // The app's worker installs on the first visit and controls the page from the next.
    await page.goto('/notifications');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // Push on, in the settings.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('region', { name: 'Notification settings' });
    const pushSwitch = settings.getByRole('switch', { name: 'Push notifications on this device' });
    await expect(pushSwitch).toBeEnabled();
    await expect(pushSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(
      settings.getByRole('group', { name: 'Replies to your posts' }).getByLabel('Push'),
    ).toBeChecked();
    await expect(
      settings.getByRole('group', { name: 'Your reports were received' }).getByLabel('Push'),
    ).not.toBeChecked();
    await pushSwitch.click();
    await expect(pushSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(
      settings.getByRole('status').filter({ hasText: 'Push notifications are on for this device.' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Another member replies: the push service gets the kind alone, encrypted for the device.
    const { cookie: replier } = await createE2eAccount(page, { fullName: 'Ravi Kumar' });
    await replyAs(context, replier, postId, 'The canteen samosas are worth it');
    await expect.poll(() => endpoint.to(path).length, { timeout: 15_000 }).toBe(1);
    const [push] = endpoint.to(path);
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    const data = device.decrypt(push?.body ?? Buffer.alloc(0));
    expect(JSON.parse(data)).toEqual({ kind: 'post_replied' });

    // Delivered to the worker as the browser's push service would: it shows the reply's sentence.
    const cdp = await context.newCDPSession(page);
    const registrationId = await workerRegistrationId(cdp);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          url: (notification.data as { url?: string } | null)?.url,
        })),
      );
    await expect.poll(shown).toEqual([
      {
        title: 'Campus Yearbook',
        body: 'Ravi Kumar replied to your post',
        tag: 'yearbook-post_replied',
        url: `/post/${postId}#replies`,
      },
    ]);

    // Opened: the app's open window goes to the post's replies.
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('no service worker');
    // As the browser does when it is tapped: a notificationclick event with the notification shown.
    await worker.evaluate(async () => {
      // The worker's own types (WebWorker) are not this file's: what the evaluation uses, named here.
      type Shown = { title: string };
      const scope = self as unknown as {
        registration: { getNotifications(): Promise<Shown[]> };
        dispatchEvent(event: Event): boolean;
      };
      const NotificationEventOf = (
        self as unknown as { NotificationEvent: new (type: string, init: { notification: Shown }) => Event }
      ).NotificationEvent;
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('nothing shown');
      scope.dispatchEvent(new NotificationEventOf('notificationclick', { notification }));
    });
    await expect(page).toHaveURL(new RegExp(`/post/${postId}#replies$`));
    await expect(page.getByText('The canteen samosas are worth it')).toBeVisible();

    // Signed out: the browser's subscription ends, and the server has let go of the device.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${origin}/`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('e2e-push-unsubscribed'))).toBe('1');
    // Another member with push on is pushed for the same writer's next reply; this device is not.
    const other = { ...makePushDevice(), endpoint: `${endpoint.origin}/device/other-${Date.now()}` };
    const { cookie: otherCookie } = await createE2eAccount(page, { fullName: 'Other Reader' });
    const otherHeaders = { cookie: `${otherCookie.name}=${otherCookie.value}`, connection: 'close' };
    const saved = await context.request.put('/api/push/subscription', {
      data: { endpoint: other.endpoint, keys: other.keys },
      headers: otherHeaders,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const otherPost = await context.request.post('/api/posts', {
      data: { content: 'Someone else who takes pushes' },
      headers: otherHeaders,
    });
    await replyAs(context, replier, postId, 'Are you still there?');
    await replyAs(context, replier, ((await otherPost.json()) as { id: string }).id, 'Hello there');
    await expect
      .poll(() => endpoint.to(new URL(other.endpoint).pathname).length, { timeout: 15_000 })
      .toBe(1);
    await page.waitForTimeout(1_000);
    expect(endpoint.to(path)).toHaveLength(1);
  },
);
