// Held posts (issue #47) on the client: the author's own waiting posts (their profile), staff's Held
// tab, and staff's two decisions. A decision changes the queue, and an approval every list of posts.
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type { RemovalRequest } from '../../../../shared/appeals';
import type { HeldDecision, OwnHeldPosts, StaffHeldPage } from '../../../../shared/safety';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { screenKeys } from '../../../lib/screen-keys';

export const ownHeldPostsQueryOptions = () =>
  queryOptions({
    queryKey: screenKeys.heldPosts('mine'),
    queryFn: ({ signal }) => apiRequest<OwnHeldPosts>('/api/held-posts/mine', { signal }),
  });

export const heldQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: screenKeys.heldPosts('queue'),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<StaffHeldPage>(
        `/api/held-posts${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

function afterDecision(outcome: HeldDecision['outcome']) {
  void queryClient.invalidateQueries({ queryKey: screenKeys.heldPosts('queue') });
  void queryClient.invalidateQueries({ queryKey: screenKeys.heldPosts('mine') });
  if (outcome === 'approved') void queryClient.invalidateQueries({ queryKey: queryKeys.postLists.all });
}

export function useApproveHeld() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<HeldDecision>(`/api/held-posts/${encodeURIComponent(id)}/approval`, { method: 'POST' }),
    onSuccess: () => afterDecision('approved'),
  });
}

export function useRemoveHeld() {
  return useMutation({
    mutationFn: ({ id, ...statement }: RemovalRequest & { id: string }) =>
      apiRequest<HeldDecision>(`/api/held-posts/${encodeURIComponent(id)}/removal`, {
        method: 'POST',
        body: statement,
      }),
    onSuccess: () => afterDecision('removed'),
  });
}
