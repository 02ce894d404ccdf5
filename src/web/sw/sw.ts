// The app's service worker (issue #29), built by vite-plugin-pwa (vite.config.ts) with Workbox, which
// writes the build's file list into `self.__WB_MANIFEST`. What it keeps and why (docs/decisions/018):
// - the build's own files (scripts, styles, fonts, icons, the manifest) and `app-shell.html`, the page
//   with nothing drawn in it (scripts/pwa-assets.ts), precached when it installs and then served from
//   the cache: they are named by their hash, and a new build brings a new list;
// - nothing anyone's session answered: no page (each is drawn for its visitor) and no API answer. The
//   app's offline copy of posts is its query cache (lib/query-persistence.ts), kept per person and
//   removed at sign-out; a second copy here would outlive it.
// Pages come from the network (with navigation preload, so starting the worker adds no wait); when
// there is none, an app page opens as the shell, and the app draws it from that copy.
// It also shows web pushes and opens their pages (push-events.ts, issue #51).
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { listenForPushes } from './push-events';

/** The app's page with nothing drawn in it (scripts/pwa-assets.ts writes it beside index.html). */
const APP_SHELL = '/app-shell.html';
/**
 * Addresses a browser opens that are not the app's pages: the API, pictures, the embeddable and
 * preview pages, the developer pages, the worker and robots.txt. Offline, they fail as they would
 * without the worker.
 */
const NOT_APP_PAGES = [/^\/(?:api|uploads|embed|og|dev)(?:\/|$)/, /^\/(?:sw\.js|robots\.txt)$/];

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// Installing fetches the list; activating drops what an older build listed and this one does not.
precacheAndRoute(self.__WB_MANIFEST);
// Caches an older version of Workbox's precaching left behind.
cleanupOutdatedCaches();
enableNavigationPreload();

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch (error) {
        // No network (or the server did not answer): the app's shell, which draws the page from the
        // app's own offline copy. A server that answered, whatever it said, is shown as it answered.
        const shell = await matchPrecache(APP_SHELL);
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: NOT_APP_PAGES },
  ),
);

// Every other navigation (the API's mail links and Google's return, pictures, embeds): the network's
// answer, which navigation preload has already asked for. Left unanswered, the browser would throw
// the preloaded answer away and ask again, and a one-time link (a confirmation, Google's code) would
// reach the server twice: the second time, already used.
registerRoute(({ request }) => request.mode === 'navigate', network);

// A new build waits until the person chooses to reload ("Update available — Reload"): taking over
// the open tabs at once would run old pages against new files.
self.addEventListener('message', (event) => {
  // What workbox-window's messageSkipWaiting() sends (lib/offline-app.tsx).
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

listenForPushes();
