// What ending the session does in this browser: everything kept of the account goes (SPEC §4), and
// the other open tabs hear it, so none of them keeps showing the account (issue #43). Only the parts
// that sign out load this (the profile menu, the account page, the watch in lib/query-persistence.ts):
// the data layer every data page loads (lib/query-client.ts) stays as small as it was.
import { storageKeys } from '../../config/storage-keys';
import { removeCookie } from '../../lib/cookies';
import { endDemoSession } from '../../lib/demo-flag';
import { unsubscribeDevice } from '../../lib/push-device';
import { queryClient } from '../../lib/query-client';

/**
 * Aborts every request in flight (their queries pass the signal to fetch): before a sign-out, so no
 * request sent with the old session is answered 401 after it ends.
 */
export function stopQueries(): Promise<void> {
  return queryClient.cancelQueries();
}

/** Removes the kept copy of the query cache from storage at once (lib/query-persistence.ts keeps it). */
export function removeKeptCopyNow(): void {
  try {
    // At once, not through the kept copy's code, which may not have arrived: a reload must find nothing.
    window.localStorage.removeItem(storageKeys.queryCache);
  } catch {
    // storage disabled: nothing was kept
  }
}

/**
 * Sign-out: every cached answer (memory and storage), the notice-seen flag and the demo flag go (SPEC
 * §4), and this browser's push subscription ends (issue #51: the server has already dropped it with
 * the session; the push service forgets it too, and the next account here starts without it).
 */
export function forgetEverything(): void {
  void queryClient.cancelQueries();
  queryClient.clear();
  removeKeptCopyNow();
  endDemoSession();
  removeCookie(storageKeys.noticeSeen);
  void unsubscribeDevice();
}

// Tabs tell each other over a BroadcastChannel; where there is none, by writing a key to storage and
// removing it again, which fires a `storage` event in every other tab of this site. The key is a
// signal, never kept (so not in config/storage-keys.ts). Only a sign-out is ever sent: a sign-in
// elsewhere writes the kept copy, which is not this key, and is never taken for one.
const CHANNEL_NAME = 'yearbook-session';
const SIGNED_OUT = 'signed-out';
const SIGNAL_KEY = 'yearbook-signed-out';

// One channel a tab, for sending and hearing: a channel hears every other channel of its name, another
// one in the same tab too, but never itself.
let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  }
  return channel;
}

/** Tells the browser's other tabs that the session has ended. */
export function tellOtherTabsSignedOut(): void {
  const tabs = sessionChannel();
  if (tabs) {
    tabs.postMessage(SIGNED_OUT);
    return;
  }
  try {
    localStorage.setItem(SIGNAL_KEY, String(Date.now()));
    localStorage.removeItem(SIGNAL_KEY);
  } catch {
    // storage disabled: the other tabs learn it from their next request (a 401)
  }
}

/** Calls `onSignedOut` whenever another tab of this browser says the session has ended; answers the way to stop. */
export function listenForSignOutInOtherTabs(onSignedOut: () => void): () => void {
  const tabs = sessionChannel();
  if (tabs) {
    const onMessage = (event: MessageEvent) => {
      if (event.data === SIGNED_OUT) onSignedOut();
    };
    tabs.addEventListener('message', onMessage);
    return () => tabs.removeEventListener('message', onMessage);
  }
  const onStorage = (event: StorageEvent) => {
    // The removal that follows each signal (newValue null) is not a second one.
    if (event.key === SIGNAL_KEY && event.newValue !== null) onSignedOut();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
