import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteShell } from '../../components/layout/site-shell';
import { RouteErrorBoundary } from '../route-error-boundary';

// Layout for signed-out visitors: signed-out navbar, page, footer. The shell renders at once; the page
// chunk fills <main> when it arrives. Signed-in screens get their own layout (auth gate, signed-in
// navbar) when accounts arrive.
export function PublicLayout() {
  const { pathname } = useLocation();

  return (
    <SiteShell>
      {/* Keyed by path so an error on one page is cleared by navigating to another. */}
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<div className="min-h-[70vh]" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </SiteShell>
  );
}
