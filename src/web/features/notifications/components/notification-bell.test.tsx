// The navbar's bell (issue #28) with the server stubbed: its name says the count in words, its badge in
// figures (none at 0, "99+" past 99), the stream's count replaces it live, and the stream is held only
// while the page is visible.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { MemoryRouter } from '../../../lib/router';
import { swappingSession } from '../../../lib/session-swap';
import { readUnreadEvent } from '../api/unread-count';
import { badgeText, bellLabel, NotificationBell } from './notification-bell';

/** EventSource as the bell uses it: opened, listened to, closed. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (event: MessageEvent) => void>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(type: string, data: string) {
    this.listeners.get(type)?.({ data } as MessageEvent);
  }
}

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

function stubUnread(unread: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ unread })),
  );
}

function renderBell() {
  render(
    <QueryProvider>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </QueryProvider>,
  );
}

const bell = () => screen.getByRole('link', { name: /^Notifications/ });

beforeEach(() => {
  FakeEventSource.opened = [];
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  queryClient.clear();
});

describe('the bell', () => {
  it('names the unread count and shows it as a badge, linking to /notifications', async () => {
    stubUnread(3);
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    expect(bell().getAttribute('href')).toBe('/notifications');
    expect(bell().textContent).toBe('3');
    expect(fetch).toHaveBeenCalledWith('/api/notifications/unread', expect.anything());
  });

  it('shows no badge at 0', async () => {
    stubUnread(0);
    renderBell();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await act(async () => {});
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(bell().textContent).toBe('');
  });

  it('caps the badge at 99+, and says the whole count in words', async () => {
    stubUnread(150);
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 150 unread'));
    expect(bell().textContent).toBe('99+');
  });

  it("takes the stream's count without asking again", async () => {
    stubUnread(1);
    renderBell();
    await waitFor(() => expect(bell().textContent).toBe('1'));
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/notifications/stream']);
    act(() => FakeEventSource.opened[0]?.send('unread', '{"unread":4}'));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 4 unread'));
    await act(async () => FakeEventSource.opened[0]?.send('unread', 'not json'));
    expect(bell().textContent).toBe('4');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('holds the stream only while the page is visible', async () => {
    stubUnread(0);
    renderBell();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => setVisibility('hidden'));
    expect(FakeEventSource.opened[0]?.readyState).toBe(FakeEventSource.CLOSED);
    act(() => setVisibility('visible'));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]?.readyState).toBe(0);
  });

  it('lets go of the stream while the session is being replaced, and opens it on the new one', async () => {
    stubUnread(0);
    renderBell();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    let answer: () => void = () => {};
    let swap: Promise<void> = Promise.resolve();
    act(() => {
      swap = swappingSession(() => new Promise<void>((resolve) => (answer = resolve)));
    });
    expect(FakeEventSource.opened[0]?.readyState).toBe(FakeEventSource.CLOSED);
    // Shown again meanwhile: still no stream on the old session.
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    expect(FakeEventSource.opened).toHaveLength(1);
    await act(async () => {
      answer();
      await swap;
    });
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]?.readyState).toBe(0);
  });

  it('opens the stream again when the request that replaces the session fails', async () => {
    stubUnread(0);
    renderBell();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    await act(async () => {
      await expect(swappingSession(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    });
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]?.readyState).toBe(0);
  });
});

describe("the bell's words and figures", () => {
  it.each([
    [undefined, 'Notifications', null],
    [0, 'Notifications', null],
    [1, 'Notifications, 1 unread', '1'],
    [99, 'Notifications, 99 unread', '99'],
    [100, 'Notifications, 100 unread', '99+'],
  ])('%s unread: "%s", badge %s', (unread, label, badge) => {
    expect(bellLabel(unread)).toBe(label);
    expect(badgeText(unread)).toBe(badge);
  });

  it('reads only a well-formed count from the stream', () => {
    expect(readUnreadEvent('{"unread":7}')).toBe(7);
    expect(readUnreadEvent('{"unread":-1}')).toBeNull();
    expect(readUnreadEvent('{"count":7}')).toBeNull();
    expect(readUnreadEvent('nonsense')).toBeNull();
  });
});
