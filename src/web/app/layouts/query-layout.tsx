import { Announcer } from '../../components/ui/announcer';
import { ConfirmHost } from '../../components/ui/confirm-dialog';
import { QueryProvider } from '../../lib/query-client';
import { Outlet } from '../../lib/router';

// Routes that fetch data sit under this layout. It is lazily loaded, so TanStack Query arrives with
// the first such page instead of weighing on the landing page's first load. The QueryClient is a
// module singleton (see lib/query-client.ts), so the cache survives moving between these routes.
// The screens here act on the server, so the one announcer (toasts read out by screen readers) and
// the one confirmation dialog live here too.
export function QueryLayout() {
  return (
    <QueryProvider>
      <Outlet />
      <Announcer />
      <ConfirmHost />
    </QueryProvider>
  );
}
