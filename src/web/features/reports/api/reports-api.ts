import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ReportPage, ReportSort, ReportStatus } from '../../../../shared/reports';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The reports page (staff): one tab and sort, paged. A change to a post reaches its card here through
 * updateCachedPost (features/posts); a resolve or delete asks again.
 */
export const reportsQueryOptions = (status: ReportStatus, sort: ReportSort) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reports.list(status, sort),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status, sort });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<ReportPage>(`/api/reports?${params}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
