// The auth gate's SPEC §2/§4 timings and decisions, with a fake clock and a server that does not
// answer (fetch stubbed): loading, 'continue anyway' after 3 s, Connection Issue after 10 s; a kept
// session decides at once.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PERMISSIONS } from '../../../../shared/values/auth';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { Matched, MemoryRouter, useLocation } from '../../../lib/router';
import type { Session } from '../api/session-api';
import { AuthGate } from './auth-gate';

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
});
