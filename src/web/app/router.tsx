import { matchRoute } from '../../shared/routes';
import { BrowserRouter, Matched, useLocation } from '../lib/router';
import { PublicLayout } from './layouts/public-layout';
import { AuthGate, NotFoundRoute, PAGE_ROUTES, QueryLayout } from './route-table';
import { ScrollToTopOnNavigate } from './scroll-to-top-on-navigate';

// No data router on purpose: react-router's (createBrowserRouter + route `lazy`) adds ~30 KB gzip to
// the entry, which alone takes React + router to ~99 KB; our own router is ~1.5 KB (decision 013).
// TanStack Query is kept out of the entry the same way: see layouts/query-layout.tsx.

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/**
 * The page at the address, from the one route table (app/route-table.tsx), inside its layouts: the
 * frame of every page, then the query layout for a page that shows answers, then the auth gate for
 * one that has a rule. The browser's router and the server's (entry-server.tsx) both render it, so
 * both draw the same tree (hydration, and the ids useId gives, depend on it). An address no route
 * matches (three or more segments, say) is the not-found page.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const found = matchRoute(pathname);
  const route = found ? PAGE_ROUTES[found.id] : null;
  const Page = route?.page ?? NotFoundRoute;
  const chain = [<PublicLayout key="frame" />];
  if (route?.data) chain.push(<QueryLayout key="query" />);
  if (route?.gate) chain.push(<AuthGate key="gate" rule={route.gate} />);
  chain.push(<Page key="page" />);
  return (
    <>
      <ScrollToTopOnNavigate />
      <Matched params={found?.params ?? {}} chain={chain} />
    </>
  );
}
