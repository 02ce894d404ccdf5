// The kept copy of the query cache in localStorage (lib/query-client.ts says what is kept and when it
// counts). Its own chunk: the page is drawn and taken over without it, and it arrives just after.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import {
  type PersistQueryClientOptions,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { storageKeys } from '../config/storage-keys';

const DAY = 24 * 60 * 60 * 1000;

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: the app works, without the cached fallbacks
  }
}

// Written at most once a second: a reload asks the server again anyway, so nothing is lost by waiting.
export const persister = createAsyncStoragePersister({
  storage: browserStorage(),
  key: storageKeys.queryCache,
  throttleTime: 1000,
});

function shouldPersist(query: Query): boolean {
  const persist = query.meta?.persist;
  if (query.state.status !== 'success' || !persist) return false;
  return typeof persist === 'function' ? persist(query.state.data) : true;
}

export function persistOptions(queryClient: QueryClient): PersistQueryClientOptions {
  return {
    queryClient,
    persister,
    maxAge: DAY,
    // Raised when a kept answer's shape changes, so older copies are dropped: 2, the queryKeys layout;
    // 3, sessions with permissions and posts with the viewer's full abilities.
    buster: '3',
    dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
  };
}

export { persistQueryClientSave, persistQueryClientSubscribe };
