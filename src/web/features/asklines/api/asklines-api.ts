// Asklines on the client, the searches and changes (create, review); what pages read is in
// asklines-queries.ts, so a page that only reads loads none of this.
import { useMutation } from '@tanstack/react-query';
import type {
  Askline,
  AsklineDecision,
  AsklineSummary,
  AsklineSummaryList,
} from '../../../../shared/asklines';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

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
