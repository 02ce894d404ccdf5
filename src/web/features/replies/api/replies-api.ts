// Changes to a thread (issue #49): replying (the text check's verdicts as a post's: "Post anyway?", or
// held for review), turning replies off and on, and deleting, reporting or removing a reply (the
// posts' own routes: a reply is a post in a thread). Each asks the thread again.
import { useMutation } from '@tanstack/react-query';
import type { RemovalRequest } from '../../../../shared/appeals';
import type { CreateReplyRequest, Reply } from '../../../../shared/replies';
import type { ReportPostRequest } from '../../../../shared/reports';
import type { HeldPostAnswer } from '../../../../shared/safety';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

const postPath = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

function askAgain(postId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.threads.all(postId) });
  // The post's own reply count, wherever its card shows.
  void queryClient.invalidateQueries({ queryKey: queryKeys.post.byId(postId) });
}

export function useCreateReply(postId: string) {
  return useMutation({
    mutationFn: (input: CreateReplyRequest) =>
      apiRequest<Reply | HeldPostAnswer>(`${postPath(postId)}/replies`, { method: 'POST', body: input }),
    onSuccess: () => askAgain(postId),
  });
}

export function useToggleReplies(postId: string) {
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest(`${postPath(postId)}/replies-enabled`, { method: 'PUT', body: { enabled } }),
    onSuccess: () => askAgain(postId),
  });
}

export function useDeleteReply(postId: string) {
  return useMutation({
    mutationFn: (replyId: string) => apiRequest(postPath(replyId), { method: 'DELETE' }),
    onSuccess: () => askAgain(postId),
  });
}

export function useRemoveReply(postId: string) {
  return useMutation({
    mutationFn: ({ id, ...statement }: RemovalRequest & { id: string }) =>
      apiRequest(`${postPath(id)}/removal`, { method: 'POST', body: statement }),
    onSuccess: () => askAgain(postId),
  });
}

export function useReportReply() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ReportPostRequest) =>
      apiRequest(`${postPath(id)}/report`, { method: 'POST', body }),
  });
}

/**
 * "Mute this author" on an anonymous reply (decision 032): hides that reply, and those answering it,
 * for the viewer alone; the answer says why an anonymous writer is not muted as a person.
 */
export function useHideReply(postId: string) {
  return useMutation({
    mutationFn: (replyId: string) =>
      apiRequest<{ message: string | null }>('/api/controls/hidden-posts', {
        method: 'POST',
        body: { postId: replyId, reason: 'muted_author' },
      }),
    onSuccess: () => askAgain(postId),
  });
}
