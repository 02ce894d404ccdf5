// The kept cache across a reload: restored before any query runs, and never taken for the server's
// word (every kept query but the session is asked for again); coming back to the tab asks again.
import { dehydrate, focusManager, QueryClient, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../config/storage-keys';
import { queryKeys } from './query-keys';

const FEED = queryKeys.postLists.feed('newest');
const KEPT_FEED = { pages: [{ posts: [], nextCursor: null }], pageParams: [null] };
const KEPT_SESSION = { user: { id: 'u1' }, profile: null, needsProfileSetup: false };

/** What a page load one minute ago left in storage: the feed and the session, both under 5 minutes old. */
function keepInStorage() {
  const earlier = new QueryClient();
  earlier.setQueryData(FEED, KEPT_FEED, { updatedAt: Date.now() - 60_000 });
  earlier.setQueryData(queryKeys.session, KEPT_SESSION, { updatedAt: Date.now() - 60_000 });
  localStorage.setItem(
    storageKeys.queryCache,
    JSON.stringify({ buster: '3', timestamp: Date.now() - 60_000, clientState: dehydrate(earlier) }),
  );
}

/** lib/query-client.ts as a new page load runs it, after main.tsx has given it the kept copy's guard. */
async function loadPage() {
  vi.resetModules();
  await import('../app/kept-copy-guard');
  return import('./query-client');
}

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('the kept cache', () => {
  it('is restored before queries run, and each kept query but the session is stale', async () => {
    keepInStorage();
    const { queryClient, cacheRestored } = await loadPage();
    await cacheRestored;
    expect(queryClient.getQueryData(FEED)).toEqual(KEPT_FEED);
    expect(queryClient.getQueryState(FEED)?.isInvalidated).toBe(true);
    // SPEC §4: the session keeps its five minutes across a reload.
    expect(queryClient.getQueryData(queryKeys.session)).toEqual(KEPT_SESSION);
    expect(queryClient.getQueryState(queryKeys.session)?.isInvalidated).toBe(false);
  });

  it('is not restored where no guard says whose it is (lib imports no feature: the app gives one)', async () => {
    keepInStorage();
    vi.resetModules();
    const { queryClient, cacheRestored } = await import('./query-client');
    await cacheRestored;
    expect(queryClient.getQueryData(FEED)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.session)).toBeUndefined();
  });

  it('shows a kept list at once and asks the server again; coming back to the tab asks again', async () => {
    keepInStorage();
    const { queryClient, cacheRestored, QueryProvider } = await loadPage();
    await cacheRestored;
    const answers = [
      { pages: [{ posts: [], nextCursor: 'after-reload' }], pageParams: [null] },
      { pages: [{ posts: [], nextCursor: 'after-return' }], pageParams: [null] },
    ];
    const queryFn = vi.fn(async () => answers[Math.min(queryFn.mock.calls.length - 1, 1)]);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryProvider>{children}</QueryProvider>;
    const { result } = renderHook(() => useQuery({ queryKey: FEED, queryFn }), { wrapper });

    expect(result.current.data).toEqual(KEPT_FEED);
    await waitFor(() => expect(result.current.data).toEqual(answers[0]));
    expect(queryFn).toHaveBeenCalledTimes(1);

    // Away and back, well within five minutes.
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(result.current.data).toEqual(answers[1]));
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryState(FEED)?.isInvalidated).toBe(false);
  });

  it('is gone at once on sign-out, even before the code that keeps it has arrived', async () => {
    keepInStorage();
    vi.resetModules();
    // Loaded with the page, as the profile menu is: the sign-out's code is not the kept copy's.
    const [{ queryClient, cacheRestored }, { forgetEverything }] = await Promise.all([
      import('./query-client'),
      import('../features/auth/sign-out'),
    ]);
    forgetEverything(); // the kept copy's code (lib/query-persistence.ts) is still on its way
    expect(localStorage.getItem(storageKeys.queryCache)).toBeNull();
    await cacheRestored;
    expect(queryClient.getQueryData(FEED)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.session)).toBeUndefined();
  });
});
