import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import {
  type Askline,
  type AsklineDecision,
  type AsklineList,
  type AsklineSummary,
  asklineListSchema,
  asklineSchema,
  asklineSummaryListSchema,
  asklineSummarySchema,
  type PendingAsklinePage,
  pendingAsklinePageSchema,
} from '../../../../shared/asklines';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

const asklinesKey = ['asklines'] as const;

/** Up to 100 verified asklines, and the viewer's own unpublished ones (SPEC §7). */
export const asklineListQueryOptions = queryOptions({
  queryKey: [...asklinesKey, 'list'],
  queryFn: async ({ signal }) =>
    asklineListSchema.parse(await apiRequest<AsklineList>('/api/asklines', { signal })),
});

export const asklineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...asklinesKey, 'one', id],
    queryFn: async ({ signal }) =>
      asklineSchema.parse(await apiRequest<Askline>(`/api/asklines/${encodeURIComponent(id)}`, { signal })),
  });

/** Staff: the asklines waiting for a decision, oldest first. */
export const pendingAsklinesQueryOptions = infiniteQueryOptions({
  queryKey: [...asklinesKey, 'pending'],
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam, signal }) => {
    const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
    return pendingAsklinePageSchema.parse(
      await apiRequest<PendingAsklinePage>(`/api/asklines/pending${query}`, { signal }),
    );
  },
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

/** Verified asklines like the text: the create form's similar list and the chooser's search. */
export async function searchAsklines(query: string): Promise<AsklineSummary[]> {
  const answer = await apiRequest(`/api/asklines/search?q=${encodeURIComponent(query)}`);
  return asklineSummaryListSchema.parse(answer).asklines;
}

/** A random verified askline other than `exclude`; a 404 means there is none. */
export async function pickRandomAskline(exclude: string | null): Promise<AsklineSummary> {
  const query = exclude ? `?exclude=${encodeURIComponent(exclude)}` : '';
  return asklineSummarySchema.parse(await apiRequest(`/api/asklines/random${query}`));
}

export function useCreateAskline() {
  return useMutation({
    mutationFn: async (content: string) =>
      asklineSchema.parse(await apiRequest<Askline>('/api/asklines', { method: 'POST', body: { content } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: asklinesKey }),
  });
}

export function useReviewAskline() {
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: AsklineDecision }) =>
      asklineSchema.parse(
        await apiRequest<Askline>(`/api/asklines/${encodeURIComponent(id)}/review`, {
          method: 'PUT',
          body: { decision },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: asklinesKey }),
  });
}
