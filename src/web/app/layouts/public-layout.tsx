import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteHeader } from '../../components/layout/site-header';
import { SiteShell } from '../../components/layout/site-shell';
import { matchPostPage } from '../../config/paths';
import { RouteErrorBoundary } from '../route-error-boundary';

// The navbar that knows the session needs TanStack Query, which is not on the first load: until its
// chunk arrives the signed-out navbar stands in (decision 002).
const SessionHeader = lazy(() =>
  import('../../features/auth/components/session-header').then((m) => ({ default: m.SessionHeader })),
);
const PostPageActions = lazy(() =>
  import('../post-page-actions').then((m) => ({ default: m.PostPageActions })),
);

// The frame of every page: navbar, page, footer. The shell renders at once; the page chunk fills
// <main> when it arrives. Signed-in screens add the auth gate inside (app/router.tsx).
//
// The page comes first: the navbar that knows the session (TanStack Query, the session call) is
// fetched once the first page has rendered, so on a slow connection it does not share the bandwidth
// with the page's own chunk. Until then, and while it loads, the signed-out navbar stands in.
export function PublicLayout() {
  const { pathname } = useLocation();
  const postPage = matchPostPage(pathname);
  const [pageShown, setPageShown] = useState(false);
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
                postPage ? (
                  <Suspense fallback={null}>
                    <PostPageActions username={postPage.username} postId={postPage.postId} />
                  </Suspense>
                ) : undefined
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
