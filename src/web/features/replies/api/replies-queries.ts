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

export const threadQueryOptions = (postId: string, order: ThreadOrder) =>
  infiniteQueryOptions({
    queryKey: queryKeys.threads.page(postId, order),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ThreadPage>(
        repliesPath(postId, { order: order === 'oldest' ? null : order, cursor: pageParam }),
        {
          signal,
        },
      ),
    getNextPageParam: (page) => page.nextCursor,
  });

/** The rest of a branch, from where its first replies end. */
export const branchQueryOptions = (postId: string, branchId: string, from: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.threads.branch(postId, branchId),
    initialPageParam: from,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<BranchPage>(repliesPath(postId, { branch: branchId, cursor: pageParam }), { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
