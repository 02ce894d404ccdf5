import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  Askline,
  AsklineDecision,
  AsklineList,
  AsklineSummary,
  AsklineSummaryList,
  PendingAsklinePage,
} from '../../../../shared/asklines';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
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

/** Verified asklines like the text: the create form's similar list and the chooser's search. */
export async function searchAsklines(query: string): Promise<AsklineSummary[]> {
  const answer = await apiRequest<AsklineSummaryList>(`/api/asklines/search?q=${encodeURIComponent(query)}`);
  return answer.asklines;
}

/** A random verified askline other than `exclude`; a 404 means there is none. */
export async function pickRandomAskline(exclude: string | null): Promise<AsklineSummary> {
  const query = exclude ? `?exclude=${encodeURIComponent(exclude)}` : '';
  return apiRequest<AsklineSummary>(`/api/asklines/random${query}`);
}

export function useCreateAskline() {
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<Askline>('/api/asklines', { method: 'POST', body: { content } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.asklines.all }),
  });
}

export function useReviewAskline() {
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: AsklineDecision }) =>
      apiRequest<Askline>(`/api/asklines/${encodeURIComponent(id)}/review`, {
        method: 'PUT',
        body: { decision },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.asklines.all }),
  });
}
