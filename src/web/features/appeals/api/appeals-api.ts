// Statements of reasons and appeals on the client (issue #47): the author's removed post with its
// statement and their appeal (asked for by the post page when the post is not found for someone signed
// in: the server answers 404 to anyone but the author) and their appeal of it; staff's Appeals tab and
// their decisions. An appeal updates the author's removal in place; a decision changes the queue, and an
// overturn every list of posts (the post is back). Reads and changes in one file, as held-posts-api.ts:
// named `-queries.ts`, the reads would join the data chunk every page loads (scripts/chunk-groups.ts).
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type { AppealDecision, AppealOutcome, Removal, StaffAppealPage } from '../../../../shared/appeals';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { screenKeys } from '../../../lib/screen-keys';

export const removalQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: screenKeys.removal(postId),
    queryFn: ({ signal }) =>
      apiRequest<Removal>(`/api/posts/${encodeURIComponent(postId)}/removal`, { signal }),
    // A 404 is the answer for anyone but the author: asking again changes nothing.
    retry: false,
  });

export const appealsQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: screenKeys.appeals,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<StaffAppealPage>(
        `/api/appeals${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        {
          signal,
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAppealRemoval(postId: string) {
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<Removal>(`/api/posts/${encodeURIComponent(postId)}/appeal`, {
        method: 'POST',
        body: { text },
      }),
    onSuccess: (removal) => queryClient.setQueryData(screenKeys.removal(postId), removal),
  });
}

export function useDecideAppeal() {
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: AppealOutcome }) =>
      apiRequest<AppealDecision>(`/api/appeals/${encodeURIComponent(id)}/decision`, {
        method: 'POST',
        body: { outcome },
      }),
    onSuccess: ({ outcome }) => {
      void queryClient.invalidateQueries({ queryKey: screenKeys.appeals });
      if (outcome === 'overturned') void queryClient.invalidateQueries({ queryKey: queryKeys.postLists.all });
    },
  });
}
