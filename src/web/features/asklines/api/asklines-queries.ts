// Asklines on the client, as read: the verified list (with the viewer's own waiting ones) and one
// askline. Staff's queue is in review-queue-query.ts; searches and changes are in asklines-api.ts.
import { queryOptions } from '@tanstack/react-query';
import type { Askline, AsklineList } from '../../../../shared/asklines';
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
