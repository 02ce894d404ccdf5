import { Suspense, useEffect, useState } from 'react';
import { SiteHeader } from '../../components/layout/site-header';
import { SiteShell } from '../../components/layout/site-shell';
import { lazyPage } from '../../lib/lazy-page';
import { ReadyMark } from '../../lib/ready-mark';
import { hydratingServerPage, useServerRender } from '../../lib/render-context';
import { Outlet, useLocation } from '../../lib/router';
import { RouteErrorBoundary } from '../route-error-boundary';
import { pageRouteFor } from '../route-table';

// The navbar that knows the session needs TanStack Query, which is not on the first load: until its
// chunk arrives the signed-out navbar stands in (decision 002). The signed-in navbar marks itself for
// preloading (features/auth/components/session-header.tsx); for a visitor it is the plain one.
export const SESSION_HEADER_MODULE = 'features/auth/components/session-header.tsx';
const SessionHeader = lazyPage(
  SESSION_HEADER_MODULE,
  () => import('../../features/auth/components/session-header').then((m) => m.SessionHeader),
  { preload: false },
);
const PostPageActions = lazyPage(
  'app/post-page-actions.tsx',
  () => import('../post-page-actions').then((m) => m.PostPageActions),
  { preload: false },
);
// Rendered only inside the signed-in navbar, so the server names its chunk for members alone.
const NotificationBell = lazyPage('features/notifications/components/notification-bell.tsx', () =>
  import('../../features/notifications/components/notification-bell').then((m) => m.NotificationBell),
);

// The frame of every page: navbar, page, footer. The shell renders at once; the page chunk fills
// <main> when it arrives. Signed-in screens add the auth gate inside (app/router.tsx).
//
// The page comes first: the navbar that knows the session (TanStack Query, the session call) is
// fetched once the first page has rendered, so on a slow connection it does not share the bandwidth
// with the page's own chunk. Until then, and while it loads, the signed-out navbar stands in.
// A page the server rendered already shows the navbar for the session (the server knew it), and the
// browser's first render draws the same; its chunk then takes over that part of the page.
export function PublicLayout() {
  const { pathname } = useLocation();
  const route = pageRouteFor(pathname);
  useFirstDataOnNavigation(Boolean(route?.data));
  const fromServer = useServerRender() !== null || hydratingServerPage;
  const [pageShown, setPageShown] = useState(fromServer);
  const showPage = () => setPageShown(true);

  return (
    <SiteShell
      header={
        !pageShown ? (
          <SiteHeader />
        ) : (
          <Suspense fallback={<SiteHeader />}>
            <SessionHeader
              pageActions={
                route?.navbar === 'post' ? (
                  <Suspense fallback={null}>
                    <PostPageActions
                      username={route.params.username ?? null}
                      postId={route.params.postId ?? ''}
                    />
                  </Suspense>
                ) : undefined
              }
              bell={
                <Suspense fallback={null}>
                  <NotificationBell />
                </Suspense>
              }
            />
          </Suspense>
        )
      }
    >
      {/* Keyed by path so an error on one page is cleared by navigating to another. */}
      <RouteErrorBoundary key={pathname} onCaught={showPage}>
        <Suspense fallback={<div className="min-h-[70vh]" aria-busy="true" />}>
          <Outlet />
          <ReadyMark part="page" />
          {!pageShown && <OnShown run={showPage} />}
        </Suspense>
      </RouteErrorBoundary>
    </SiteShell>
  );
}

/** Runs `run` once it has been committed: inside a Suspense boundary, once everything in it has loaded. */
function OnShown({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/** The page the server drew came with its first data (entry-server.tsx); every page after it asks. */
const DRAWN_ADDRESS = hydratingServerPage ? `${window.location.pathname}${window.location.search}` : null;
let moved = false;

/**
 * Moving to a page that shows answers asks for its first data at once (app/page-data.ts, as the server
 * does for the page it draws, and behind the same gate), beside the page's code instead of after it:
 * the page then finds its answers in the cache, or on their way.
 */
function useFirstDataOnNavigation(data: boolean) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const address = `${pathname}${search}`;
    if (!moved && address === DRAWN_ADDRESS) return;
    moved = true;
    if (!data) return;
    void import('../page-data')
      .then(({ askForPageData }) => askForPageData(new URL(address, window.location.origin)))
      .catch(() => {}); // the page asks for what it needs itself
  }, [pathname, search, data]);
}
