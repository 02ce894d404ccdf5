// The kept copy of the query cache in localStorage (lib/query-client.ts says what is kept and when it
// counts). Its own chunk: the page is drawn and taken over without it, and it arrives just after.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type DehydratedState,
  hydrate,
  onlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import {
  type PersistQueryClientOptions,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { storageKeys } from '../config/storage-keys';
import type { KeptCopyGuard } from './kept-copy-guard';
import { queryKeys } from './query-keys';

const DAY = 24 * 60 * 60 * 1000;

// TanStack Query hears the browser go offline and back, but not how a page started. A page opened
// offline (the service worker's shell, issue #29) says so here, before the restore lets any query
// run (lib/query-client.ts): its queries then show their kept copies and wait for the network.
if (!navigator.onLine) onlineManager.setOnline(false);
// Raised when a kept answer's shape changes, so older copies are dropped: 2, the queryKeys layout;
// 3, sessions with permissions and posts with the viewer's full abilities.
const BUSTER = '3';

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

const isSession = (query: Pick<Query, 'queryKey'>) => query.queryKey[0] === queryKeys.session[0];

/**
 * The kept answers, if they are under a day old, of today's shape, and kept by whoever the page's
 * session (in `queryClient`, from the server) says is here; any other copy is removed unread.
 */
async function readKeptCopy(queryClient: QueryClient, guard: KeptCopyGuard): Promise<DehydratedState | null> {
  const kept = await persister.restoreClient();
  if (!kept) return null;
  if (!kept.timestamp || Date.now() - kept.timestamp > DAY || kept.buster !== BUSTER) {
    await persister.removeClient();
    return null;
  }
  const verdict = guard.judgeKeptCopy(kept.clientState, queryClient.getQueryData(queryKeys.session));
  if (verdict === 'keep') return kept.clientState;
  // The account that kept it was signed out since (issue #43), or another one is signed in: never shown.
  await persister.removeClient();
  if (verdict === 'signed-out') guard.signedOutBeforeThisPage();
  return null;
}

/**
 * Keeps `queryClient`'s opted-in answers from now on; `saveNow` writes what it holds at once. Kept
 * for as long as the session lasts: one found to have ended takes every kept answer with it.
 */
function keepFrom(queryClient: QueryClient, guard: KeptCopyGuard, saveNow: boolean): void {
  guard.watchForSignOut(queryClient);
  const options: PersistQueryClientOptions = {
    queryClient,
    persister,
    maxAge: DAY,
    buster: BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
  };
  persistQueryClientSubscribe(options);
  if (saveNow) void persistQueryClientSave(options).catch(() => {});
}

/**
 * Restores the kept answers into `queryClient` as a page starts (lib/query-client.ts waits for it),
 * except those the page brought fresher from the server (`fromServer`, their hashes), then keeps the
 * client's answers from then on; all of it as `guarding` allows (lib/kept-copy-guard.ts: without a
 * guard nothing is restored or kept).
 */
export async function restoreKeptCopy(
  queryClient: QueryClient,
  fromServer: ReadonlySet<string>,
  guarding: Promise<KeptCopyGuard | null> | null | undefined,
): Promise<void> {
  const guard = await guarding;
  try {
    const state = guard ? await readKeptCopy(queryClient, guard) : null;
    if (state) {
      hydrate(queryClient, { ...state, queries: state.queries.filter((q) => !fromServer.has(q.queryHash)) });
    }
  } catch {
    // Unreadable storage: start empty.
    try {
      await persister.removeClient();
    } catch {
      // storage disabled: nothing was kept
    }
  }
  // Never taken for the server's word: shown at once, and asked again (the session keeps its five
  // minutes, SPEC §4).
  void queryClient.invalidateQueries({
    predicate: (query) => !isSession(query) && !fromServer.has(query.queryHash),
    refetchType: 'none',
  });
  // The page's own answers came before anything listened: kept now, so the cached fallbacks
  // (SPEC §3, §9) have what this page showed.
  if (guard) keepFrom(queryClient, guard, fromServer.size > 0);
}

// The app's service worker comes with the kept copy: both are the app's offline side, and neither is
// needed before the page is on screen (lib/offline-app.tsx). `npm run dev` builds no worker.
if (!import.meta.env.DEV) void import('./offline-app').then(({ startOfflineApp }) => startOfflineApp());
