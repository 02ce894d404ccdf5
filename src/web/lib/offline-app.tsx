// Registers the app's service worker (src/web/sw/sw.ts, docs/decisions/018) and offers a new build
// when one has been deployed: "Update available — Reload". Its own chunk, loaded with the kept copy of
// the query cache (lib/query-persistence.ts) once the page has been taken over: nothing here is needed
// before then, and no page's first download carries it.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { Icon } from '../components/icons/icon';
import { composeButtonClasses } from '../components/ui/control-classes';

/** How often an open tab, when looked at, asks whether a new build has been deployed. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

let started = false;

export function startOfflineApp(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  const worker = new Workbox('/sw.js', { scope: '/' });
  let reloading = false;
  const reload = async () => {
    reloading = true;
    // Waiting: it takes over, and this page reloads when it has ('controlling'). Not waiting any
    // more (another tab's Reload made it take over): this page reloads now.
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration?.waiting) worker.messageSkipWaiting();
    else window.location.reload();
  };
  // A new build installed and waiting (found now or on a later check): the person chooses when to
  // reload into it. Taking over at once would leave this page's code asking for files the new build
  // no longer has.
  worker.addEventListener('waiting', () => showUpdatePrompt(reload));
  // The new build took over (this tab's Reload, or another tab's): this page reloads if asked to;
  // otherwise it still runs the old build, and says so.
  worker.addEventListener('controlling', (event) => {
    if (reloading) window.location.reload();
    else if (event.isUpdate) showUpdatePrompt(reload);
  });
  void worker.register().catch((error: unknown) => console.warn('The offline app could not start:', error));

  // The browser asks on every page load; a tab left open asks when it is looked at again.
  let checkedAt = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checkedAt < CHECK_EVERY_MS) return;
    checkedAt = Date.now();
    void worker.update().catch(() => {}); // offline: the next look asks again
  });
}

let shown = false;

function showUpdatePrompt(reload: () => Promise<void>): void {
  if (shown) return;
  shown = true;
  const element = document.createElement('div');
  document.body.append(element);
  const root = createRoot(element);
  root.render(
    <UpdatePrompt
      onReload={reload}
      onDismiss={() => {
        root.unmount();
        element.remove();
      }}
    />,
  );
}

export function UpdatePrompt({
  onReload,
  onDismiss,
}: {
  onReload: () => Promise<void>;
  onDismiss: () => void;
}) {
  const [reloading, setReloading] = useState(false);
  return (
    <div className="fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <section
        aria-label="Update"
        className="flex w-full max-w-md items-center gap-3 rounded-xl bg-slate-900 py-2 pr-2 pl-4 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
      >
        <p role="status" className="flex-1 font-medium">
          Update available
        </p>
        <button
          type="button"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            void onReload();
          }}
          className={composeButtonClasses({ size: 'sm' })}
        >
          {reloading ? 'Reloading...' : 'Reload'}
        </button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Not now"
          className="rounded-lg p-2 hover:bg-white/15 dark:hover:bg-slate-900/10"
        >
          <Icon name="x" className="size-4" />
        </button>
      </section>
    </div>
  );
}
