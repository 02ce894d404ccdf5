// What the app reads of statements of reasons and appeals (issue #47): the author's removed post with
// its statement and their appeal (asked for by the post page when the post is not found for someone
// signed in: the server answers 404 to anyone but the author), and staff's Appeals tab. The page data
// names both, so they are apart from the changes in appeals-api.ts.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Removal, StaffAppealPage } from '../../../../shared/appeals';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const removalQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.removal(postId),
    queryFn: ({ signal }) =>
      apiRequest<Removal>(`/api/posts/${encodeURIComponent(postId)}/removal`, { signal }),
    // A 404 is the answer for anyone but the author: asking again changes nothing.
    retry: false,
  });

export const appealsQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.appeals,
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
