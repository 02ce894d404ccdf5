// The moderation log and the suspensions sealed through anonymous posts (admins), on one page.
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationLogPageSchema, sealedSuspensionPageSchema } from '../../../../shared/reports';
import { apiRequest } from '../../../lib/api-client';

const moderationLogKey = ['moderation-log'] as const;
const sealedSuspensionsKey = ['sealed-suspensions'] as const;

export const moderationLogQueryOptions = infiniteQueryOptions({
  queryKey: moderationLogKey,
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam, signal }) => {
    const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
    return moderationLogPageSchema.parse(await apiRequest(`/api/admin/moderation-log${query}`, { signal }));
  },
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

export const sealedSuspensionsQueryOptions = infiniteQueryOptions({
  queryKey: sealedSuspensionsKey,
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam, signal }) => {
    const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
    return sealedSuspensionPageSchema.parse(
      await apiRequest(`/api/admin/sealed-suspensions${query}`, { signal }),
    );
  },
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

/** Lifts the suspension made through an anonymous post; the log and the list then show it lifted. */
export function useLiftSealedSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      apiRequest<unknown>(`/api/posts/${encodeURIComponent(postId)}/author-suspension`, { method: 'DELETE' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationLogKey }),
        queryClient.invalidateQueries({ queryKey: sealedSuspensionsKey }),
      ]),
  });
}
