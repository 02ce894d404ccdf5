// Staff's queue of asklines waiting for a decision. Not with the other read queries
// (asklines-queries.ts): those are in the data file every data page loads (scripts/chunk-groups.ts),
// and only the review screen needs this one.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PendingAsklinePage } from '../../../../shared/asklines';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Staff: the asklines waiting for a decision, oldest first. */
export const pendingAsklinesQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.asklines.pending,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) => {
    const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
    return apiRequest<PendingAsklinePage>(`/api/asklines/pending${query}`, { signal });
  },
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});
