import { Outlet } from 'react-router';
import { AppProviders } from '../providers';

// Routes that fetch data sit under this layout. It is lazily loaded, so TanStack Query arrives with
// the first such page instead of weighing on the landing page's first load. The QueryClient is a
// module singleton (see providers.tsx), so the cache survives moving between these routes.
export function QueryLayout() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
