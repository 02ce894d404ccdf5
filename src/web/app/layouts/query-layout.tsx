import { Outlet } from 'react-router';
import { QueryProvider } from '../../lib/query-client';

// Routes that fetch data sit under this layout. It is lazily loaded, so TanStack Query arrives with
// the first such page instead of weighing on the landing page's first load. The QueryClient is a
// module singleton (see lib/query-client.ts), so the cache survives moving between these routes.
export function QueryLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
