// Creating a post (issue #47's verdicts included) and what the composer says about posting. Only the
// composer imports this, so the pages that read and like posts (an askline's page) load none of it.
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CreatePostRequest, Post } from '../../../../shared/posts';
import type { HeldPostAnswer, PostingAllowance, SafetyReason } from '../../../../shared/safety';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { screenKeys } from '../../../lib/screen-keys';

/** What the composer says about posting: a new account's allowance of anonymous posts (the server's rule). */
export const postingAllowanceQueryOptions = () =>
  queryOptions({
    queryKey: screenKeys.postingAllowance,
    queryFn: ({ signal }) => apiRequest<PostingAllowance>('/api/posts/allowance', { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * A `rethink` refusal's findings (what the text check found, for "Post anyway?"); null for any other
 * failure. The API client keeps an error's extra fields as they came (`detail`); only this reads them.
 */
export function rethinkReasons(problem: unknown): readonly SafetyReason[] | null {
  if (!(problem instanceof ApiError) || problem.code !== 'rethink') return null;
  const reasons = problem.detail?.reasons;
  return Array.isArray(reasons) ? (reasons as SafetyReason[]) : [];
}

export function useCreatePost() {
  return useMutation({
    mutationFn: async (input: CreatePostRequest) =>
      apiRequest<Post | HeldPostAnswer>('/api/posts', { method: 'POST', body: input }),
    // Every list may now start with it, in whichever order: ask again. An answer changes its
    // askline's post count too. A held post (issue #47) is in no list but its author's waiting ones.
    onSuccess: (post) => {
      void queryClient.invalidateQueries({ queryKey: screenKeys.postingAllowance });
      if ('held' in post) {
        void queryClient.invalidateQueries({ queryKey: screenKeys.heldPosts('mine') });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.postLists.all });
      if (post.askline) void queryClient.invalidateQueries({ queryKey: queryKeys.asklines.all });
    },
  });
}
