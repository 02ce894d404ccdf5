// "Install app" (issue #29): where the browser offers to install the app (Chromium's
// `beforeinstallprompt`), its offer is kept here instead of shown as the browser's own bar, and the
// profile menu shows a discreet entry that makes it. Browsers without the event (Safari, Firefox)
// show no entry: there, "Add to Home Screen" is the browser's own.
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(next: InstallPromptEvent | null) {
  offer = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => set(null));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Installs the app through the browser's own dialog, or null where the browser offers no install. */
export function useInstallApp(): (() => Promise<void>) | null {
  const current = useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
  if (!current) return null;
  return async () => {
    // An offer can be made once: after it, the browser sends a new event if it may ask again.
    set(null);
    await current.prompt();
  };
}
