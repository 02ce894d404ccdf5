import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  type ReportPage,
  type ReportSort,
  type ReportStatus,
  reportPageSchema,
} from '../../../../shared/reports';
import { apiRequest } from '../../../lib/api-client';

/** The reports page (staff): one tab and sort, paged. Post changes elsewhere invalidate ['reports']. */
export const reportsQueryOptions = (status: ReportStatus, sort: ReportSort) =>
  infiniteQueryOptions({
    queryKey: ['reports', status, sort],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status, sort });
      if (pageParam) params.set('cursor', pageParam);
      return reportPageSchema.parse(await apiRequest<ReportPage>(`/api/reports?${params}`, { signal }));
    },
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
