// Posts on the client: the feed and a profile's posts as paged (infinite) queries, one post, and the
// changes (create, delete, like). A change updates every cached list holding that post, so the feed,
// the profile page and the post page agree without asking the server again.
import { type InfiniteData, infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import {
  type CreatePostRequest,
  type FeedSort,
  type LikeState,
  likeStateSchema,
  type Post,
  type PostPage,
  postPageSchema,
  postSchema,
} from '../../../../shared/posts';
import type { ReportPostRequest } from '../../../../shared/reports';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

const postListsKey = ['post-lists'] as const;

export const feedQueryOptions = (sort: FeedSort) =>
  infiniteQueryOptions({
    queryKey: [...postListsKey, 'feed', sort],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ sort });
      if (pageParam) params.set('cursor', pageParam);
      return postPageSchema.parse(await apiRequest<PostPage>(`/api/posts?${params}`, { signal }));
    },
    getNextPageParam: (page) => page.nextCursor,
    // SPEC §3 cached_dashboard_posts: the feed is kept across reloads for the offline fallback.
    meta: { persist: true },
  });

export const profilePostsQueryOptions = (username: string) =>
  infiniteQueryOptions({
    queryKey: [...postListsKey, 'profile', username.toLowerCase()],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      return postPageSchema.parse(
        await apiRequest<PostPage>(`/api/profiles/${encodeURIComponent(username)}/posts${query}`, {
          signal,
        }),
      );
    },
    getNextPageParam: (page) => page.nextCursor,
    meta: { persist: true },
  });

/** The posts answering an askline, newest first (SPEC §2 Askline page); open to visitors. */
export const asklinePostsQueryOptions = (asklineId: string) =>
  infiniteQueryOptions({
    queryKey: [...postListsKey, 'askline', asklineId],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      return postPageSchema.parse(
        await apiRequest<PostPage>(`/api/asklines/${encodeURIComponent(asklineId)}/posts${query}`, {
          signal,
        }),
      );
    },
    getNextPageParam: (page) => page.nextCursor,
  });

/** One post; `username` when opened as /{username}/{postId} (an anonymous post then does not exist). */
export const postQueryOptions = (id: string, username: string | null) =>
  queryOptions({
    queryKey: ['post', id, username?.toLowerCase() ?? null],
    queryFn: async ({ signal }) => {
      const query = username === null ? '' : `?username=${encodeURIComponent(username)}`;
      return postSchema.parse(
        await apiRequest<Post>(`/api/posts/${encodeURIComponent(id)}${query}`, { signal }),
      );
    },
  });

/** Applies a change to one post wherever it is cached; `null` removes it (deleted). */
function updateCachedPost(id: string, change: ((post: Post) => Post) | null): void {
  queryClient.setQueriesData<InfiniteData<PostPage>>({ queryKey: postListsKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: change
              ? page.posts.map((post) => (post.id === id ? change(post) : post))
              : page.posts.filter((post) => post.id !== id),
          })),
        }
      : data,
  );
  queryClient.setQueriesData<Post>({ queryKey: ['post', id] }, (post) =>
    post && change ? change(post) : post,
  );
  if (!change) queryClient.removeQueries({ queryKey: ['post', id] });
}

export function useCreatePost() {
  return useMutation({
    mutationFn: async (input: CreatePostRequest) =>
      postSchema.parse(await apiRequest<Post>('/api/posts', { method: 'POST', body: input })),
    // Every list may now start with it, in whichever order: ask again. An answer changes its
    // askline's post count too.
    onSuccess: (post) => {
      void queryClient.invalidateQueries({ queryKey: postListsKey });
      if (post.askline) void queryClient.invalidateQueries({ queryKey: ['asklines'] });
    },
  });
}

export function useDeletePost() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      updateCachedPost(id, null);
      // The profile header's counts change too, an askline's post count, and the reports page.
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: ['asklines'] });
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}

/** Like or unlike; the UI changes only once the server has answered (SPEC §4: failures change nothing). */
export function useSetLike() {
  return useMutation({
    mutationFn: async ({ id, liked }: { id: string; liked: boolean }) =>
      likeStateSchema.parse(
        await apiRequest<LikeState>(`/api/posts/${encodeURIComponent(id)}/like`, {
          method: liked ? 'PUT' : 'DELETE',
        }),
      ),
    onSuccess: (state, { id }) => updateCachedPost(id, (post) => ({ ...post, ...state })),
  });
}

const reportsKey = ['reports'] as const;

/** Reports a post with a reason (SPEC §2 more-options Report); nothing in the cache changes for the reporter. */
export function useReportPost() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ReportPostRequest) =>
      apiRequest<unknown>(`/api/posts/${encodeURIComponent(id)}/report`, { method: 'POST', body }),
  });
}

/** Staff: resolve or reopen a post's report; the card's badge and the reports page follow. */
export function useSetResolution() {
  return useMutation({
    mutationFn: ({ reportId, resolved }: { reportId: string; resolved: boolean; postId: string }) =>
      apiRequest<unknown>(`/api/reports/${encodeURIComponent(reportId)}/resolution`, {
        method: 'PUT',
        body: { resolved },
      }),
    onSuccess: (_, { postId, resolved }) => {
      updateCachedPost(postId, (post) =>
        post.report ? { ...post, report: { ...post.report, resolved } } : post,
      );
      void queryClient.invalidateQueries({ queryKey: reportsKey });
    },
  });
}

/** Staff: suspend the author of a post, without learning who it is when the post is anonymous. */
export function useSuspendAuthor() {
  return useMutation({
    mutationFn: (postId: string) =>
      apiRequest<unknown>(`/api/posts/${encodeURIComponent(postId)}/author-suspension`, { method: 'POST' }),
  });
}
