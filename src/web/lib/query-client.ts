// The app's one QueryClient, with its cache persisted to localStorage: that is how the cached
// fallbacks of SPEC §4/§9 work (cached session, feed, profile pages) without hand-written storage code.
// A query opts in with `meta: { persist }`; signing out clears memory and storage together
// (features/auth/sign-out.ts), and so does a session found to have ended elsewhere: the kept copy's
// guard watches for that (lib/kept-copy-guard.ts, which the app gives auth's watch).
//
// A kept copy is never taken for the server's word across a reload: it is restored before any query
// runs, marked stale, and shows at once while the query asks again (stale-while-revalidate). SPEC §9's
// five fresh minutes hold only while someone moves between screens in one page load. Coming back to
// the tab asks again too. The session is the exception: SPEC §4 keeps it for five minutes across
// reloads and asks again after a 30-minute absence (features/auth/api/session-query.ts).
//
// A page the server rendered carries the answers it was rendered with (entry-server.tsx): they go into
// the cache before anything renders, so the browser draws the same page without asking again. They
// are the server's word of this moment, so a kept copy never replaces them.
import {
  type DehydratedState,
  hydrate,
  IsRestoringProvider,
  type Query,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { createElement, type ReactNode, startTransition, useEffect, useState } from 'react';
import { ApiError } from './api-client';
import { isDemoSession } from './demo-flag';
import { keptCopyGuard } from './kept-copy-guard';
import { readPageState } from './page-state';
import { queryKeys } from './query-keys';
import { useServerRender } from './render-context';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean | ((data: unknown) => boolean) };
  }
}

const DAY = 24 * 60 * 60 * 1000;
/** SPEC §9: data stays fresh for five minutes while someone moves between screens. */
export const FRESH_MS = 5 * 60 * 1000;

const isSession = (query: Pick<Query, 'queryKey'>) => query.queryKey[0] === queryKeys.session[0];

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
    // A change made offline fails at once ("check your internet connection"), instead of waiting
    // unseen for the network to return (issue #29).
    mutations: { retry: false, networkMode: 'always' },
  },
});

// The kept copy's code (lib/query-persistence.ts) is its own chunk, fetched as the page is taken over.
type Persistence = typeof import('./query-persistence');
const persistence: Promise<Persistence> | null =
  typeof window === 'undefined' ? null : import('./query-persistence');
// Whose kept copy it is (lib/kept-copy-guard.ts): asked for beside the code, not after it.
const guard = persistence && keptCopyGuard.load?.().catch(() => null);

/** The queries whose answers came with the page from the server (their hashes). */
const fromServer = new Set<string>();

function hydrateFromServer(state: DehydratedState): void {
  // The page's answers are as fresh as the page: timed by this browser's clock, not the server's.
  const now = Date.now();
  // The demo user is a session only this tab knows (lib/demo-flag.ts): the server drew the
  // page for a visitor, and the session query finds the demo session once the page is taken over.
  if (isDemoSession()) {
    state.queries = state.queries.filter((query) => !isSession(query));
  }
  for (const query of state.queries) {
    fromServer.add(query.queryHash);
    if (query.state.status === 'success') query.state.dataUpdatedAt = now;
    if (query.state.status === 'error') {
      query.state.errorUpdatedAt = now;
      // The server's answer (not found, not allowed) is what the page shows: not asked again on mount.
      queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
  }
  hydrate(queryClient, state);
}

if (typeof document !== 'undefined') {
  const pageState = readPageState(document);
  if (pageState) hydrateFromServer(pageState);
}

// Restoring (lib/query-persistence.ts: every kept answer but the session is marked stale as it comes
// in): queries wait for it (IsRestoringProvider), so none asks the server before the kept copies are
// in, and none is answered by a kept copy without asking again.
let restoring = persistence !== null;

async function restore(): Promise<void> {
  // Without the kept copy's code (it failed to load), the app works without the cached fallbacks.
  const kept = await persistence?.catch(() => null);
  await kept?.restoreKeptCopy(queryClient, fromServer, guard).catch(() => {});
  restoring = false;
}

export const cacheRestored: Promise<void> = persistence === null ? Promise.resolve() : restore();

/**
 * The provider over the one shared client. Lazily loaded parts (the session-aware navbar, the landing
 * redirect, the Query layout) each render one: they share the cache because they share the client,
 * and the one restore above (TanStack's PersistQueryClientProvider would restore and subscribe once
 * per provider).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  // Rendering on the server: that request's own client (lib/render-context.ts), never this module's.
  const server = useServerRender();
  if (server) return createElement(QueryClientProvider, { client: server.queryClient }, children);
  return createElement(BrowserQueryProvider, null, children);
}

function BrowserQueryProvider({ children }: { children: ReactNode }) {
  // Taken over with the value it has now (restoring, unless the kept copy is in already). The server
  // drew no IsRestoringProvider, but the page's answers came with it and are fresh, so neither side
  // fetches them and the HTML matches (the hydration test takes over every route of the table). The
  // end of the restore comes as a transition: React then hydrates the parts still arriving (the post
  // cards' lazy actions) instead of drawing them again from scratch, as the synchronous update of a
  // store did (useSyncExternalStore: twice, at the takeover and at the restore's end;
  // docs/performance.md).
  const [isRestoring, setRestoring] = useState(restoring);
  useEffect(() => {
    void cacheRestored.then(() => startTransition(() => setRestoring(false)));
  }, []);
  return createElement(
    QueryClientProvider,
    { client: queryClient },
    createElement(IsRestoringProvider, { value: isRestoring }, children),
  );
}
