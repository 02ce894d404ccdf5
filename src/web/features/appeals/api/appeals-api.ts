// Appeals on the client (issue #47), the changes: the author's appeal of a removal, and staff's
// decisions. An appeal updates the author's removal in place; a decision changes the queue, and an
// overturn every list of posts (the post is back).
import { useMutation } from '@tanstack/react-query';
import type { AppealDecision, AppealOutcome, Removal } from '../../../../shared/appeals';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export function useAppealRemoval(postId: string) {
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<Removal>(`/api/posts/${encodeURIComponent(postId)}/appeal`, {
        method: 'POST',
        body: { text },
      }),
    onSuccess: (removal) => queryClient.setQueryData(queryKeys.removal(postId), removal),
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
      void queryClient.invalidateQueries({ queryKey: queryKeys.appeals });
      if (outcome === 'overturned') void queryClient.invalidateQueries({ queryKey: queryKeys.postLists.all });
    },
  });
}
