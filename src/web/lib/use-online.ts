// Whether the browser says it has a network, as TanStack Query knows it (lib/query-persistence.ts tells
// it how the page started): queries wait while it has none and ask again when it comes back.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);

/** False while the browser has no network. A page drawn by the server is drawn as online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
}
