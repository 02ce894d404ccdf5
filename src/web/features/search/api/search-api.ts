import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PostSearchPage, UserSearchPage } from '../../../../shared/search';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { screenKeys } from '../../../lib/screen-keys';

function searchPath(kind: 'users' | 'posts', query: string, cursor: string | null): string {
  const params = new URLSearchParams({ q: query });
  if (cursor) params.set('cursor', cursor);
  return `/api/search/${kind}?${params}`;
}

/** People whose username or name contains the text (SPEC §7), paged by username. */
export const userSearchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: screenKeys.userSearch(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<UserSearchPage>(searchPath('users', query, pageParam), { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * Posts containing the text, newest first. A list of posts like any other (queryKeys.postLists), so a like
 * or a delete on a result updates it.
 */
export const postSearchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.postLists.search(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PostSearchPage>(searchPath('posts', query, pageParam), { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
