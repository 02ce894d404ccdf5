// The kept copy of the query cache in localStorage (lib/query-client.ts says what is kept and when it
// counts). Its own chunk: the page is drawn and taken over without it, and it arrives just after.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { type DehydratedState, onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import {
  type PersistQueryClientOptions,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { storageKeys } from '../config/storage-keys';

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

/** The kept answers, if they are under a day old and of today's shape; an older copy is removed. */
export async function readKeptCopy(): Promise<DehydratedState | null> {
  const kept = await persister.restoreClient();
  if (!kept) return null;
  if (!kept.timestamp || Date.now() - kept.timestamp > DAY || kept.buster !== BUSTER) {
    await persister.removeClient();
    return null;
  }
  return kept.clientState;
}

export async function removeKeptCopy(): Promise<void> {
  await persister.removeClient();
}

/** Keeps `queryClient`'s opted-in answers from now on; `saveNow` writes what it holds at once. */
export function keepFrom(queryClient: QueryClient, saveNow: boolean): void {
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

// The app's service worker comes with the kept copy: both are the app's offline side, and neither is
// needed before the page is on screen (lib/offline-app.tsx). `npm run dev` builds no worker.
if (!import.meta.env.DEV) void import('./offline-app').then(({ startOfflineApp }) => startOfflineApp());
