// The settings' "Push notifications on this device" switch (issue #51), with the browser's Push API and
// the server stubbed: it asks for permission only when turned on, saves the subscription it makes, says
// why it cannot be used (no Push API, blocked, push off on the server), and undoes a subscription the
// server would not save.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushDeviceSwitch } from './push-device-switch';

const KEY = 'BNNDmV4d9GoQcF6qk1Hc6Bc_sDPDUZlNt6C5oYDjRrp9QXg0_8u4rTgly32RTVvChLj3NV4oumhqH70gXKELZbQ';
const ENDPOINT = 'https://push.example.com/device/1';

interface Calls {
  requests: { method: string; path: string; body: unknown }[];
  permissionAsked: number;
  subscribed: PushSubscriptionOptionsInit[];
  unsubscribed: number;
}

let calls: Calls;
let permission: NotificationPermission;
let held: PushSubscription | null;
let answers: Record<string, number>;

function fakeSubscription(key: ArrayBuffer): PushSubscription {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: key, userVisibleOnly: true },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: async () => {
      calls.unsubscribed++;
      held = null;
      return true;
    },
  } as unknown as PushSubscription;
}

function stubBrowser({ pushApi = true }: { pushApi?: boolean } = {}) {
  const pushManager = {
    getSubscription: async () => held,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      calls.subscribed.push(options);
      held = fakeSubscription((options.applicationServerKey as Uint8Array).buffer as ArrayBuffer);
      return held;
    },
  };
  const registration = { active: {}, pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  if (pushApi) vi.stubGlobal('PushManager', class {});
  else Reflect.deleteProperty(window, 'PushManager');
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: async () => {
      calls.permissionAsked++;
      permission = next.permission;
      return permission;
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.requests.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : null });
      const status = answers[`${method} ${path}`] ?? 200;
      if (status >= 400)
        return Response.json({ error: { code: 'x', message: `refused ${status}` } }, { status });
      if (path === '/api/push/key') return Response.json({ publicKey: KEY });
      return Response.json({ subscribed: method === 'PUT' });
    }),
  );
}

/** What the person answers when asked. */
const next = { permission: 'granted' as NotificationPermission };
const theSwitch = () => screen.getByRole('switch', { name: 'Push notifications on this device' });

beforeEach(() => {
  calls = { requests: [], permissionAsked: 0, subscribed: [], unsubscribed: 0 };
  permission = 'default';
  held = null;
  answers = {};
  next.permission = 'granted';
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the push switch', () => {
  it('asks nothing until turned on; on, it subscribes with the server key and saves the subscription', async () => {
    stubBrowser();
    render(<PushDeviceSwitch />);
    await waitFor(() => expect((theSwitch() as HTMLButtonElement).disabled).toBe(false));
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    expect(calls.permissionAsked).toBe(0);
    // A native button: Space and Enter press it as a click does.
    expect(theSwitch().tagName).toBe('BUTTON');
    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(calls.permissionAsked).toBe(1);
    expect(calls.subscribed).toHaveLength(1);
    expect(calls.subscribed[0]?.userVisibleOnly).toBe(true);
    const key = new Uint8Array(calls.subscribed[0]?.applicationServerKey as Uint8Array);
    expect(Buffer.from(key).toString('base64url')).toBe(KEY);
    expect(calls.requests.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/push/subscription',
      body: { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } },
    });
    expect(screen.getByRole('status').textContent).toContain('Push notifications are on for this device.');
  });

  it('turned off, ends the subscription here and on the server', async () => {
    stubBrowser();
    permission = 'granted';
    held = fakeSubscription(Uint8Array.from(Buffer.from(KEY, 'base64url')).buffer);
    render(<PushDeviceSwitch />);
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));
    // Saved again for this session when read.
    expect(calls.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('false'));
    expect(calls.unsubscribed).toBe(1);
    expect(calls.requests.at(-1)).toEqual({
      method: 'DELETE',
      path: '/api/push/subscription',
      body: { endpoint: ENDPOINT },
    });
  });

  it('says why it cannot be used: no Push API, notifications blocked, push off on the server', async () => {
    stubBrowser({ pushApi: false });
    const { unmount } = render(<PushDeviceSwitch />);
    await screen.findByText(/This browser cannot show push notifications/);
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(true);
    unmount();

    stubBrowser();
    permission = 'denied';
    const blocked = render(<PushDeviceSwitch />);
    await screen.findByText(/Your browser blocks notifications from this site/);
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(true);
    blocked.unmount();

    stubBrowser();
    answers['GET /api/push/key'] = 404;
    render(<PushDeviceSwitch />);
    await screen.findByText('Push notifications are not set up on this server.');
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(true);
    expect(calls.permissionAsked).toBe(0);
  });

  it('stays off when the question is dismissed, and undoes a subscription the server refused', async () => {
    stubBrowser();
    next.permission = 'default';
    render(<PushDeviceSwitch />);
    await waitFor(() => expect((theSwitch() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(theSwitch());
    expect((await screen.findByRole('alert')).textContent).toContain('Notifications were not allowed');
    expect(calls.subscribed).toHaveLength(0);

    next.permission = 'granted';
    answers['PUT /api/push/subscription'] = 400;
    fireEvent.click(theSwitch());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('refused 400'));
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    expect(calls.unsubscribed).toBe(1);
    expect(held).toBeNull();
  });
});
