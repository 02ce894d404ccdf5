// The auth gate's SPEC §2/§4 timings and decisions, with a fake clock and a server that does not
// answer (fetch stubbed): loading, 'continue anyway' after 3 s, Connection Issue after 10 s; a kept
// session decides at once. A server that answers 503 (issue #46 item 5): the service-trouble panel,
// no Sign In and no Return to Login, and the page once the server answers again, with no one clicking.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PERMISSIONS } from '../../../../shared/values/auth';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { Matched, MemoryRouter, useLocation } from '../../../lib/router';
import type { Session } from '../api/session-api';
import { AuthGate } from './auth-gate';
import { SessionHeader } from './session-header';

/** The landing page, and the dashboard behind the gate, as app/router.tsx draws them. */
function Pages() {
  const { pathname } = useLocation();
  const chain =
    pathname === '/'
      ? [<p key="page">Landing page</p>]
      : [<AuthGate key="gate" rule="profile" />, <p key="page">Dashboard page</p>];
  return <Matched params={{}} chain={chain} />;
}

function renderGate() {
  return render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Pages />
      </MemoryRouter>
    </QueryProvider>,
  );
}

const SIGNED_IN: Session = {
  user: { id: 'u1', email: 'asha@example.com', emailVerified: true },
  profile: { username: 'asha', fullName: 'Asha', userType: 'ordinary', permissions: NO_PERMISSIONS },
  needsProfileSetup: false,
};

beforeEach(() => {
  vi.useFakeTimers();
  // A server that never answers.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => {
  queryClient.clear();
});

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('AuthGate', () => {
  it('says it is loading, offers to continue after 3 s, and gives up after 10 s', async () => {
    renderGate();
    await wait(0);
    expect(screen.getByRole('status').textContent).toContain('Loading authentication...');
    expect(screen.queryByRole('button', { name: 'Click to continue anyway' })).toBeNull();

    await wait(3_000);
    expect(screen.getByRole('button', { name: 'Click to continue anyway' })).toBeTruthy();

    await wait(7_000);
    expect(screen.getByRole('heading', { name: 'Connection Issue' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Login' }).getAttribute('href')).toBe('/');
  });

  it('lets someone continue anyway', async () => {
    renderGate();
    await wait(3_000);
    await act(async () => screen.getByRole('button', { name: 'Click to continue anyway' }).click());
    expect(screen.getByText('Dashboard page')).toBeTruthy();
  });

  it('decides at once from a kept session', async () => {
    queryClient.setQueryData(queryKeys.session, SIGNED_IN);
    renderGate();
    await wait(0);
    expect(screen.getByText('Dashboard page')).toBeTruthy();
  });

  it('sends a signed-out visitor to the landing page', async () => {
    queryClient.setQueryData(queryKeys.session, { user: null, profile: null, needsProfileSetup: false });
    renderGate();
    await wait(0);
    expect(screen.getByText('Landing page')).toBeTruthy();
  });

  it('says the service is in trouble on a 503, offers no sign-in, and opens the page once it recovers', async () => {
    let recovered = false;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        calls.push(path);
        if (!recovered) {
          return new Response(
            JSON.stringify({
              error: {
                code: 'unavailable',
                message: 'The service is having trouble right now. Please try again in a moment.',
              },
            }),
            { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '5' } },
          );
        }
        return new Response(JSON.stringify(SIGNED_IN), { headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <QueryProvider>
        <MemoryRouter initialEntries={['/dashboard']}>
          <SessionHeader />
          <Pages />
        </MemoryRouter>
      </QueryProvider>,
    );
    // The query's own two retries, a second apart, then the gate's.
    await wait(2_500);
    expect(screen.getByRole('heading', { name: 'Service Trouble' })).toBeTruthy();
    expect(screen.getByText(/The service is having trouble right now/)).toBeTruthy();
    expect(screen.queryByText(/check your internet connection/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Return to Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();

    // It asks again by itself, no sooner than the server's Retry-After (5 s).
    const asked = calls.length;
    await wait(4_000);
    expect(calls.length).toBe(asked);
    await wait(1_500);
    expect(calls.length).toBeGreaterThan(asked);
    // Still the same panel, with no Sign In, while it asks.
    expect(screen.getByRole('heading', { name: 'Service Trouble' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();

    recovered = true;
    await wait(6_000);
    expect(screen.getByText('Dashboard page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Service Trouble' })).toBeNull();
  });
});
