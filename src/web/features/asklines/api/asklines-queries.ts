// Asklines on the client, as read: the verified list (with the viewer's own waiting ones), one askline,
// and staff's queue. Searches and changes are in asklines-api.ts.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Askline, AsklineList, PendingAsklinePage } from '../../../../shared/asklines';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Up to 100 verified asklines, and the viewer's own unpublished ones (SPEC §7). */
export const asklineListQueryOptions = queryOptions({
  queryKey: queryKeys.asklines.list,
  queryFn: ({ signal }) => apiRequest<AsklineList>('/api/asklines', { signal }),
});

export const asklineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.asklines.one(id),
    queryFn: ({ signal }) => apiRequest<Askline>(`/api/asklines/${encodeURIComponent(id)}`, { signal }),
  });

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
