// The moderation log and the suspensions sealed through anonymous posts (admins), on one page.
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationLogPage, SealedSuspensionPage } from '../../../../shared/reports';
import { apiRequest } from '../../../lib/api-client';
import { screenKeys } from '../../../lib/screen-keys';

export const moderationLogQueryOptions = infiniteQueryOptions({
  queryKey: screenKeys.moderationLog,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) => {
    const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
    return apiRequest<ModerationLogPage>(`/api/admin/moderation-log${query}`, { signal });
  },
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

export const sealedSuspensionsQueryOptions = infiniteQueryOptions({
  queryKey: screenKeys.sealedSuspensions,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) => {
    const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
    return apiRequest<SealedSuspensionPage>(`/api/admin/sealed-suspensions${query}`, {
      signal,
    });
  },
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

/** Lifts the suspension made through an anonymous post; the log and the list then show it lifted. */
export function useLiftSealedSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      apiRequest(`/api/posts/${encodeURIComponent(postId)}/author-suspension`, { method: 'DELETE' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: screenKeys.moderationLog }),
        queryClient.invalidateQueries({ queryKey: screenKeys.sealedSuspensions }),
      ]),
  });
}
