import { infiniteQueryOptions, useMutation } from '@tanstack/react-query';
import type { Acknowledgement, ReportPage, ReportSort, ReportStatus } from '../../../../shared/reports';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { screenKeys } from '../../../lib/screen-keys';

/** A later page: its cursor, in the order the first page was given. */
interface NextPage {
  cursor: string;
  sort: ReportSort;
}

/**
 * The reports page (staff): one tab, in the order chosen, or (`sort` null) the one the server picks
 * and names in its answer (oldest first while any report is overdue: issue #47), paged. A change to a
 * post reaches its card here through updateCachedPost (features/posts); a resolve, delete or
 * acknowledgement asks again.
 */
export const reportsQueryOptions = (status: ReportStatus, sort: ReportSort | null) =>
  infiniteQueryOptions({
    queryKey: screenKeys.reports.list(status, sort ?? 'default'),
    initialPageParam: null as NextPage | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status });
      const order = pageParam?.sort ?? sort;
      if (order) params.set('sort', order);
      if (pageParam) params.set('cursor', pageParam.cursor);
      return apiRequest<ReportPage>(`/api/reports?${params}`, { signal });
    },
    getNextPageParam: (page): NextPage | null =>
      page.nextCursor ? { cursor: page.nextCursor, sort: page.sort } : null,
    staleTime: 0,
  });

/** Staff acknowledge a report: seen and being worked (its 24-hour clock stops). */
export function useAcknowledgeReport() {
  return useMutation({
    mutationFn: (reportId: string) =>
      apiRequest<Acknowledgement>(`/api/reports/${encodeURIComponent(reportId)}/acknowledgement`, {
        method: 'POST',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: screenKeys.reports.all }),
  });
}
