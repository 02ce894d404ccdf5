// Changes to posts on the client (delete, like, report, hide, resolve, the class book's switch); what
// is read is in posts-queries.ts, so a page that only reads loads none of this, and creating one is in
// create-post-api.ts (the composer's own, so the pages that only like posts do not load it). A change
// goes through updateCachedPost, which updates every cached view holding that post, so all screens
// agree without asking the server again.
import { type InfiniteData, useMutation } from '@tanstack/react-query';
import type { RemovalAnswer, RemovalRequest } from '../../../../shared/appeals';
import type { ClassBookSwitch } from '../../../../shared/book';
import type { HiddenPostAnswer, HideReason } from '../../../../shared/personal-controls';
import type { LikeState, Post } from '../../../../shared/posts';
import type { ReportPage, ReportPostRequest } from '../../../../shared/reports';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { screenKeys } from '../../../lib/screen-keys';

type PostChange = ((post: Post) => Post) | null;

function changePosts(posts: Post[], id: string, change: PostChange): Post[] {
  return change
    ? posts.map((post) => (post.id === id ? change(post) : post))
    : posts.filter((post) => post.id !== id);
}

/**
 * The one way a change to a post reaches the screen: applied wherever that post is cached (every list
 * of posts: feed, profile, askline answers, search; the post page; the reports page's cards). `null`
 * removes it (deleted).
 */
export function updateCachedPost(id: string, change: PostChange): void {
  queryClient.setQueriesData<InfiniteData<{ posts: Post[] }>>(
    { queryKey: queryKeys.postLists.all },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({ ...page, posts: changePosts(page.posts, id, change) })),
          }
        : data,
  );
  queryClient.setQueriesData<InfiniteData<ReportPage>>({ queryKey: screenKeys.reports.all }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            reports: change
              ? page.reports.map((report) =>
                  report.post.id === id ? { ...report, post: change(report.post) } : report,
                )
              : page.reports.filter((report) => report.post.id !== id),
          })),
        }
      : data,
  );
  if (change) {
    queryClient.setQueriesData<Post>({ queryKey: queryKeys.post.byId(id) }, (post) =>
      post ? change(post) : post,
    );
  } else {
    queryClient.removeQueries({ queryKey: queryKeys.post.byId(id) });
  }
}

/** A post gone from every screen: its lists, the profile header's counts, an askline's, the reports page. */
function afterPostGone(id: string) {
  updateCachedPost(id, null);
  void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.asklines.all });
  void queryClient.invalidateQueries({ queryKey: screenKeys.reports.all });
}

export function useDeletePost() {
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) => afterPostGone(id),
  });
}

/** Staff removing someone else's post, with the statement of reasons its author is sent (issue #47). */
export function useRemovePost() {
  return useMutation({
    mutationFn: ({ id, ...statement }: RemovalRequest & { id: string }) =>
      apiRequest<RemovalAnswer>(`/api/posts/${encodeURIComponent(id)}/removal`, {
        method: 'POST',
        body: statement,
      }),
    onSuccess: (_, { id }) => afterPostGone(id),
  });
}

/** The post as a like (`liked`) or an unlike changes it, before the server has answered. */
function withLike(liked: boolean) {
  return (post: Post): Post =>
    post.likedByMe === liked
      ? post
      : { ...post, likedByMe: liked, likeCount: post.likeCount + (liked ? 1 : -1) };
}

/**
 * Like or unlike, optimistically: the count and the pressed state change at once everywhere the post
 * shows; the server's answer then sets both, and a failure puts them back (SPEC §4: a failed like
 * changes nothing) for the caller to say so.
 */
export function useSetLike() {
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) =>
      apiRequest<LikeState>(`/api/posts/${encodeURIComponent(id)}/like`, {
        method: liked ? 'PUT' : 'DELETE',
      }),
    onMutate: ({ id, liked }) => updateCachedPost(id, withLike(liked)),
    onError: (_, { id, liked }) => updateCachedPost(id, withLike(!liked)),
    onSuccess: (state, { id }) => updateCachedPost(id, (post) => ({ ...post, ...state })),
  });
}

/** Reports a post with a reason (SPEC §2 more-options Report); nothing in the cache changes for the reporter. */
export function useReportPost() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ReportPostRequest) =>
      apiRequest(`/api/posts/${encodeURIComponent(id)}/report`, { method: 'POST', body }),
  });
}

/**
 * Hide a post from one's lists (issue #48): "Not for me" (Dislike), or "Mute this author" on an anonymous
 * post, which hides that post alone. The screens follow when the caller calls `afterPostHidden`
 * (lib/personal-controls.ts): the card first shows Dislike's second (SPEC §2).
 */
export function useHidePost() {
  return useMutation({
    mutationFn: ({ postId, reason }: { postId: string; reason: HideReason }) =>
      apiRequest<HiddenPostAnswer>('/api/controls/hidden-posts', {
        method: 'POST',
        body: { postId, reason },
      }),
  });
}

/** Staff: resolve or reopen a post's report; the card's badge and the reports page follow. */
export function useSetResolution() {
  return useMutation({
    mutationFn: ({ reportId, resolved }: { reportId: string; resolved: boolean; postId: string }) =>
      apiRequest(`/api/reports/${encodeURIComponent(reportId)}/resolution`, {
        method: 'PUT',
        body: { resolved },
      }),
    onSuccess: (_, { postId, resolved }) => {
      updateCachedPost(postId, (post) =>
        post.report ? { ...post, report: { ...post.report, resolved } } : post,
      );
      void queryClient.invalidateQueries({ queryKey: screenKeys.reports.all });
    },
  });
}

/** Staff: suspend the author of a post, without learning who it is when the post is anonymous. */
export function useSuspendAuthor() {
  return useMutation({
    mutationFn: (postId: string) =>
      apiRequest(`/api/posts/${encodeURIComponent(postId)}/author-suspension`, { method: 'POST' }),
  });
}

/**
 * The author of an anonymous askline answer: print it, unnamed, in their class's book or not (issue
 * #52). The server's answer is the switch as it now is, on every screen the post shows.
 */
export function useSetInClassBook() {
  return useMutation({
    mutationFn: ({ postId, include }: { postId: string; include: boolean }) =>
      apiRequest<ClassBookSwitch>(`/api/posts/${encodeURIComponent(postId)}/class-book`, {
        method: 'PUT',
        body: { include },
      }),
    onSuccess: ({ includeInClassBook }, { postId }) =>
      updateCachedPost(postId, (post) => ({
        ...post,
        viewer: { ...post.viewer, inClassBook: includeInClassBook },
      })),
  });
}
