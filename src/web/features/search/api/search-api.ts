import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  type PostSearchPage,
  postSearchPageSchema,
  type UserSearchPage,
  userSearchPageSchema,
} from '../../../../shared/search';
import { apiRequest } from '../../../lib/api-client';

function searchPath(kind: 'users' | 'posts', query: string, cursor: string | null): string {
  const params = new URLSearchParams({ q: query });
  if (cursor) params.set('cursor', cursor);
  return `/api/search/${kind}?${params}`;
}

/** People whose username or name contains the text (SPEC §7), paged by username. */
export const userSearchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['search', 'users', query],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      userSearchPageSchema.parse(
        await apiRequest<UserSearchPage>(searchPath('users', query, pageParam), { signal }),
      ),
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * Posts containing the text, newest first. Kept under the post lists' key, so a like or a delete on a
 * result updates it like any other list.
 */
export const postSearchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['post-lists', 'search', query],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      postSearchPageSchema.parse(
        await apiRequest<PostSearchPage>(searchPath('posts', query, pageParam), { signal }),
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
