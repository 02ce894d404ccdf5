// Admins' words in the text check (issue #47) on the client: the added words, newest first, and adding
// or removing one. A change asks for the list again.
import { infiniteQueryOptions, useMutation } from '@tanstack/react-query';
import type { AddWordRequest, WordListEntry, WordListPage } from '../../../../shared/safety';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { screenKeys } from '../../../lib/screen-keys';

export const wordListsQueryOptions = infiniteQueryOptions({
  queryKey: screenKeys.wordLists,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    apiRequest<WordListPage>(
      `/api/admin/word-lists${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      { signal },
    ),
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

const askAgain = () => void queryClient.invalidateQueries({ queryKey: screenKeys.wordLists });

export function useAddWord() {
  return useMutation({
    mutationFn: (word: AddWordRequest) =>
      apiRequest<WordListEntry>('/api/admin/word-lists', { method: 'POST', body: word }),
    onSuccess: askAgain,
  });
}

export function useRemoveWord() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/word-lists/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: askAgain,
  });
}
