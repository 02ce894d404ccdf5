import { infiniteQueryOptions } from '@tanstack/react-query';
import { moderationLogPageSchema } from '../../../../shared/reports';
import { apiRequest } from '../../../lib/api-client';

export const moderationLogQueryOptions = infiniteQueryOptions({
  queryKey: ['moderation-log'],
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam, signal }) => {
    const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
    return moderationLogPageSchema.parse(await apiRequest(`/api/admin/moderation-log${query}`, { signal }));
  },
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});
