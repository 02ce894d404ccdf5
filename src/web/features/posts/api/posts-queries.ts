// Posts on the client, as read: the feed and a profile's or an askline's posts as paged (infinite)
// queries, and one post. The changes are in posts-api.ts.
import { type InfiniteData, infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { FeedSort, FeedTab, Post, PostPage } from '../../../../shared/posts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A list's query string: its sort, the page after `cursor`, and `showMuted` when asked (issue #48). */
function listQuery(parts: {
  sort?: string;
  feed?: string;
  cursor: string | null;
  showMuted?: boolean;
}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(parts)) if (value) params.set(name, String(value));
  return params.size > 0 ? `?${params}` : '';
}

/**
 * The feed in `sort`'s order, of one tab (issue #51: Everyone, a campus, my class); `showMuted`: with
 * the posts the viewer's muted words hide (issue #48), which the page shows when asked ("Show them")
 * and never keeps across reloads.
 */
export const feedQueryOptions = (sort: FeedSort, tab: FeedTab = 'everyone', showMuted = false) =>
  infiniteQueryOptions({
    queryKey: queryKeys.postLists.feed(sort, tab, showMuted),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PostPage>(
        `/api/posts${listQuery({ sort, feed: tab === 'everyone' ? undefined : tab, cursor: pageParam, showMuted })}`,
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor,
    // SPEC §3 cached_dashboard_posts: the feed is kept across reloads for the offline fallback.
    meta: { persist: !showMuted },
  });

export const profilePostsQueryOptions = (username: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.postLists.profile(username),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PostPage>(
        `/api/profiles/${encodeURIComponent(username)}/posts${listQuery({ cursor: pageParam })}`,
        { signal },
      ),
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
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PostPage>(
        `/api/asklines/${encodeURIComponent(asklineId)}/posts${listQuery({ cursor: pageParam, showMuted })}`,
        { signal },
      ),
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

/** How many posts of the pages read so far the viewer's muted words hid (issue #48). */
export const hiddenByMutedWords = (data: InfiniteData<PostPage> | undefined): number =>
  data?.pages.reduce((sum, page) => sum + (page.hiddenByMutedWords ?? 0), 0) ?? 0;
