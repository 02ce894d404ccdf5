// A post's thread on the client, as read (issue #49): a page of top-level replies in an order, each
// with its branch's first replies, and the rest of a branch. The changes are in replies-api.ts, so a
// visitor reading a thread loads none of them.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { BranchPage, ThreadOrder, ThreadPage } from '../../../../shared/replies';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const repliesPath = (postId: string, params: Record<string, string | null>) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  return `/api/posts/${encodeURIComponent(postId)}/replies${query.size > 0 ? `?${query}` : ''}`;
};

/** `showMuted`: with the replies the viewer's muted words hide (issue #48). */
const showMutedParam = (showMuted: boolean) => (showMuted ? 'true' : null);

export const threadQueryOptions = (postId: string, order: ThreadOrder, showMuted = false) =>
  infiniteQueryOptions({
    queryKey: queryKeys.threads.page(postId, order, showMuted),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ThreadPage>(
        repliesPath(postId, {
          order: order === 'oldest' ? null : order,
          cursor: pageParam,
          showMuted: showMutedParam(showMuted),
        }),
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor,
  });

/** The rest of a branch, from where its first replies end. */
export const branchQueryOptions = (postId: string, branchId: string, from: string, showMuted = false) =>
  infiniteQueryOptions({
    queryKey: queryKeys.threads.branch(postId, branchId, showMuted),
    initialPageParam: from,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<BranchPage>(
        repliesPath(postId, { branch: branchId, cursor: pageParam, showMuted: showMutedParam(showMuted) }),
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
