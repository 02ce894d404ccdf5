// The app's one QueryClient, with its cache persisted to localStorage: that is how the cached
// fallbacks of SPEC §4/§9 work (cached session, feed, profile pages) without hand-written storage code.
// A query opts in with `meta: { persist }`; signing out clears memory and storage together.
//
// A kept copy is never taken for the server's word across a reload: it is restored before any query
// runs, marked stale, and shows at once while the query asks again (stale-while-revalidate). SPEC §9's
// five fresh minutes hold only while someone moves between screens in one page load. Coming back to
// the tab asks again too. The session is the exception: SPEC §4 keeps it for five minutes across
// reloads and asks again after a 30-minute absence (features/auth/api/session-query.ts).
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { IsRestoringProvider, type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { createElement, type ReactNode, useSyncExternalStore } from 'react';
import { storageKeys } from '../config/storage-keys';
import { ApiError } from './api-client';
import { queryKeys } from './query-keys';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean | ((data: unknown) => boolean) };
  }
}

const DAY = 24 * 60 * 60 * 1000;
/** SPEC §9: data stays fresh for five minutes while someone moves between screens. */
export const FRESH_MS = 5 * 60 * 1000;

const isSession = (query: Query) => query.queryKey[0] === queryKeys.session[0];

// SPEC §9: fetches retry twice with a one-second pause; data stays fresh for five minutes.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx (not found, not allowed) will not change by asking again; connection trouble and 5xx may.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      retryDelay: 1000,
      staleTime: FRESH_MS,
      gcTime: DAY,
      // Coming back to the tab: what is on screen is asked for again, in the background.
      refetchOnWindowFocus: (query) => (isSession(query) ? false : 'always'),
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

// Written at most once a second: a reload asks the server again anyway, so nothing is lost by waiting.
const persister = createAsyncStoragePersister({
  storage: browserStorage(),
  key: storageKeys.queryCache,
  throttleTime: 1000,
});

function shouldPersist(query: Query): boolean {
  const persist = query.meta?.persist;
  if (query.state.status !== 'success' || !persist) return false;
  return typeof persist === 'function' ? persist(query.state.data) : true;
}

const persistOptions: PersistQueryClientOptions = {
  queryClient,
  persister,
  maxAge: DAY,
  // Raised when a kept answer's shape changes, so older copies are dropped: 2, the queryKeys layout;
  // 3, sessions with permissions and posts with the viewer's full abilities.
  buster: '3',
  dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
};

// Restoring: queries wait for it (IsRestoringProvider), so none asks the server before the kept
// copies are in, and none is answered by a kept copy without asking again.
let restoring = true;
const restoreListeners = new Set<() => void>();

export const cacheRestored: Promise<void> = persistQueryClientRestore(persistOptions)
  .catch(() => {
    // unreadable storage: start empty
  })
  .then(() => {
    void queryClient.invalidateQueries({ predicate: (query) => !isSession(query), refetchType: 'none' });
    persistQueryClientSubscribe(persistOptions);
    restoring = false;
    for (const listener of restoreListeners) listener();
  });

function subscribeToRestore(listener: () => void): () => void {
  restoreListeners.add(listener);
  return () => restoreListeners.delete(listener);
}

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
 * redirect, the Query layout) each render one: they share the cache because they share the client,
 * and the one restore above (TanStack's PersistQueryClientProvider would restore and subscribe once
 * per provider).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const isRestoring = useSyncExternalStore(subscribeToRestore, () => restoring);
  return createElement(
    QueryClientProvider,
    { client: queryClient },
    createElement(IsRestoringProvider, { value: isRestoring }, children),
  );
}
