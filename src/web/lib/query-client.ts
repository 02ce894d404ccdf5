// The app's one QueryClient, with its cache persisted to localStorage: that is how the cached
// fallbacks of SPEC §4/§9 work (cached session, feed, profile pages) without hand-written storage code.
// A query opts in with `meta: { persist }`; signing out clears memory and storage together.
import { persistQueryClient } from '@tanstack/query-persist-client-core';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { storageKeys } from '../config/storage-keys';
import { ApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean | ((data: unknown) => boolean) };
  }
}

const DAY = 24 * 60 * 60 * 1000;

// SPEC §9: fetches retry twice with a one-second pause; data stays fresh for five minutes.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx (not found, not allowed) will not change by asking again; connection trouble and 5xx may.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      retryDelay: 1000,
      staleTime: 5 * 60 * 1000,
      gcTime: DAY,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: the app works, without the cached fallbacks
  }
}

// Written as soon as the cache changes (not the default once a second), so a like or a new post is
// already saved when someone reloads at once; the saved part (session, feed, profiles) is small.
const persister = createSyncStoragePersister({
  storage: browserStorage(),
  key: storageKeys.queryCache,
  throttleTime: 0,
});

function shouldPersist(query: Query): boolean {
  const persist = query.meta?.persist;
  if (query.state.status !== 'success' || !persist) return false;
  return typeof persist === 'function' ? persist(query.state.data) : true;
}

persistQueryClient({
  queryClient,
  persister,
  maxAge: DAY,
  buster: '1',
  dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
});

/**
 * Aborts every request in flight (their queries pass the signal to fetch): before a sign-out, so no
 * request sent with the old session is answered 401 after it ends.
 */
export function stopQueries(): Promise<void> {
  return queryClient.cancelQueries();
}

/** Forgets every cached answer, in memory and in storage (sign-out). */
export function clearQueryCache(): void {
  void queryClient.cancelQueries();
  queryClient.clear();
  void persister.removeClient();
}

/**
 * The provider over the one shared client. Lazily loaded parts (the session-aware navbar, the landing
 * redirect, the Query layout) each render one: they share the cache because they share the client.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: queryClient }, children);
}
