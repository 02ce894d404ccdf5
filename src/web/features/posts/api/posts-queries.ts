// Posts on the client, as read: the feed and a profile's or an askline's posts as paged (infinite)
// queries, and one post. The changes are in posts-api.ts.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { FeedSort, Post, PostPage } from '../../../../shared/posts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The feed in `sort`'s order; `showMuted`: with the posts the viewer's muted words hide (issue #48),
 * which the page shows when asked ("Show them") and never keeps across reloads.
 */
export const feedQueryOptions = (sort: FeedSort, showMuted = false) =>
  infiniteQueryOptions({
    queryKey: queryKeys.postLists.feed(sort, showMuted),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ sort });
      if (pageParam) params.set('cursor', pageParam);
      if (showMuted) params.set('showMuted', 'true');
      return apiRequest<PostPage>(`/api/posts?${params}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
    // SPEC §3 cached_dashboard_posts: the feed is kept across reloads for the offline fallback.
    meta: { persist: !showMuted },
  });

export const profilePostsQueryOptions = (username: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.postLists.profile(username),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      return apiRequest<PostPage>(`/api/profiles/${encodeURIComponent(username)}/posts${query}`, {
        signal,
      });
    },
    getNextPageParam: (page) => page.nextCursor,
    meta: { persist: true },
  });

/**
 * The posts answering an askline, newest first (SPEC §2 Askline page); open to visitors. `showMuted` as
 * the feed's.
 */
export const asklinePostsQueryOptions = (asklineId: string, showMuted = false) =>
  infiniteQueryOptions({
    queryKey: queryKeys.postLists.askline(asklineId, showMuted),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set('cursor', pageParam);
      if (showMuted) params.set('showMuted', 'true');
      const query = params.size > 0 ? `?${params}` : '';
      return apiRequest<PostPage>(`/api/asklines/${encodeURIComponent(asklineId)}/posts${query}`, {
        signal,
      });
    },
    getNextPageParam: (page) => page.nextCursor,
  });

/** One post; `username` when opened as /{username}/{postId} (an anonymous post then does not exist). */
export const postQueryOptions = (id: string, username: string | null) =>
  queryOptions({
    queryKey: queryKeys.post.one(id, username),
    queryFn: ({ signal }) => {
      const query = username === null ? '' : `?username=${encodeURIComponent(username)}`;
      return apiRequest<Post>(`/api/posts/${encodeURIComponent(id)}${query}`, { signal });
    },
    // Kept across reloads: a post opened once opens again offline (issue #29).
    meta: { persist: true },
  });
