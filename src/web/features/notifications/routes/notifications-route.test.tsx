// The notifications page with the server stubbed (issue #28): marking one read, or all, changes the
// list and the bell together from the server's answer; an empty list and a failed one say so.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationPage } from '../../../../shared/notifications';
import { NO_PERMISSIONS } from '../../../../shared/values/auth';
import { Announcer } from '../../../components/ui/announcer';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { MemoryRouter } from '../../../lib/router';
import { NotificationBell } from '../components/notification-bell';
import { NOTIFICATIONS_EMPTY, NotificationsRoute } from './notifications-route';

const notification = (id: string, outcome: 'resolved' | 'removed'): Notification => ({
  id,
  kind: 'report_outcome',
  read: false,
  at: new Date().toISOString(),
  post: null,
  askline: null,
  answers: null,
  outcome,
  reason: null,
  statement: null,
  notice: null,
  likes: null,
});

/** A stubbed server: the answer for each "METHOD path", and every request it was sent. */
function stubServer(answers: Record<string, () => Response>) {
  const fetchStub = vi.fn(async (path: string, init?: RequestInit) => {
    const answer = answers[`${init?.method ?? 'GET'} ${path}`];
    return answer
      ? answer()
      : Response.json({ error: { code: 'not_found', message: 'No' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function renderPage() {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/notifications']}>
        <NotificationBell />
        <NotificationsRoute />
        <Announcer />
      </MemoryRouter>
    </QueryProvider>,
  );
}

const bellName = () => screen.getByRole('link', { name: /^Notifications/ }).getAttribute('aria-label');
const list = () => screen.getByRole('region', { name: 'Your notifications' });

beforeEach(() => {
  vi.stubGlobal('EventSource', undefined);
  queryClient.setQueryData(queryKeys.session, {
    user: { id: 'u1', email: 'asha@example.com', emailVerified: true },
    profile: { username: 'asha_r', fullName: 'Asha', userType: 'ordinary', permissions: NO_PERMISSIONS },
    needsProfileSetup: false,
  });
});

afterEach(() => {
  queryClient.clear();
});

describe('the notifications page', () => {
  it('marks one read, then all, and the bell follows the server', async () => {
    const page: NotificationPage = {
      notifications: [notification('n1', 'removed'), notification('n2', 'resolved')],
      nextCursor: null,
    };
    const server = stubServer({
      'GET /api/notifications': () => Response.json(page),
      'GET /api/notifications/unread': () => Response.json({ unread: 2 }),
      'PUT /api/notifications/n1/read': () => Response.json({ unread: 1 }),
      'PUT /api/notifications/read': () => Response.json({ unread: 0 }),
    });
    renderPage();
    await waitFor(() => expect(bellName()).toBe('Notifications, 2 unread'));
    await waitFor(() => expect(within(list()).getAllByText('Unread:')).toHaveLength(2));

    const first = within(list()).getAllByRole('listitem')[0] as HTMLElement;
    await act(async () => within(first).getByRole('button', { name: 'Mark as read' }).click());
    expect(server).toHaveBeenCalledWith(
      '/api/notifications/n1/read',
      expect.objectContaining({ method: 'PUT' }),
    );
    await waitFor(() => expect(bellName()).toBe('Notifications, 1 unread'));
    expect(within(first).queryByText('Unread:')).toBeNull();
    expect(within(list()).getAllByText('Unread:')).toHaveLength(1);

    await act(async () => screen.getByRole('button', { name: 'Mark all as read' }).click());
    await waitFor(() => expect(bellName()).toBe('Notifications'));
    expect(within(list()).queryByText('Unread:')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
  });

  it('puts a notification back, and says so, when marking it read fails', async () => {
    stubServer({
      'GET /api/notifications': () =>
        Response.json({ notifications: [notification('n1', 'removed')], nextCursor: null }),
      'GET /api/notifications/unread': () => Response.json({ unread: 1 }),
      'PUT /api/notifications/n1/read': () =>
        Response.json(
          { error: { code: 'not_found', message: 'That notification does not exist.' } },
          { status: 404 },
        ),
    });
    renderPage();
    const button = await screen.findByRole('button', { name: 'Mark as read' });
    await act(async () => button.click());
    await waitFor(() =>
      expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe(
        'Failed to mark it as read. Please try again.',
      ),
    );
    await waitFor(() => expect(within(list()).getAllByText('Unread:')).toHaveLength(1));
  });

  it('loads the next page from where the last one ended', async () => {
    stubServer({
      'GET /api/notifications': () =>
        Response.json({ notifications: [notification('n1', 'removed')], nextCursor: 'after n1' }),
      'GET /api/notifications?cursor=after%20n1': () =>
        Response.json({ notifications: [notification('n2', 'resolved')], nextCursor: null }),
      'GET /api/notifications/unread': () => Response.json({ unread: 2 }),
    });
    renderPage();
    await act(async () => (await screen.findByRole('button', { name: 'Load more' })).click());
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list()).getByText('Staff reviewed a post you reported.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    stubServer({
      'GET /api/notifications': () => Response.json({ notifications: [], nextCursor: null }),
      'GET /api/notifications/unread': () => Response.json({ unread: 0 }),
    });
    renderPage();
    expect(await screen.findByText(NOTIFICATIONS_EMPTY)).toBeTruthy();
  });

  // Not a 401: that one says the session ended elsewhere, and the page goes (signed-out-elsewhere.ts).
  it("says the server's words when the list cannot be read, and tries again", async () => {
    const server = stubServer({
      'GET /api/notifications': () =>
        Response.json(
          { error: { code: 'rate_limited', message: 'Too many requests. Try again in a minute.' } },
          { status: 429 },
        ),
      'GET /api/notifications/unread': () => Response.json({ unread: 0 }),
    });
    renderPage();
    const alert = await within(list()).findByRole('alert');
    expect(alert.textContent).toContain('Too many requests. Try again in a minute.');
    await act(async () => within(alert).getByRole('button', { name: 'Try Again' }).click());
    await waitFor(() =>
      expect(server.mock.calls.filter(([path]) => path === '/api/notifications')).toHaveLength(2),
    );
  });
});
