// The notifications page's requests (issue #28): the list, newest first a page at a time, and marking
// one or all read. A change marks the list in the cache at once and takes the bell's count from the
// server's answer, so the page and the bell agree without asking again.
import { type InfiniteData, infiniteQueryOptions, useMutation } from '@tanstack/react-query';
import type { NotificationPage, UnreadCount } from '../../../../shared/notifications';
import { announce } from '../../../components/ui/announcer';
import { apiRequest, refusalMessage } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { screenKeys } from '../../../lib/screen-keys';

const MARK_FAILED = 'Failed to mark it as read. Please try again.';

/**
 * The server's count after a change, for the bell (api/unread-count.ts, which the navbar loads; not
 * imported here, so the bell's code stays in the bell's own file).
 */
function setUnreadCount(unread: number): void {
  queryClient.setQueryData<UnreadCount>(screenKeys.notifications('unread'), { unread });
}

export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: screenKeys.notifications('list'),
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) => {
    const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
    return apiRequest<NotificationPage>(`/api/notifications${query}`, { signal });
  },
  getNextPageParam: (page) => page.nextCursor,
  // What is new matters here: asked again on every visit.
  staleTime: 0,
});

/** Marks notification `id` read in the cached list, or every one when `id` is null. */
function markCachedRead(id: string | null): void {
  queryClient.setQueryData<InfiniteData<NotificationPage, string | null>>(
    notificationsQueryOptions.queryKey,
    (list) =>
      list && {
        ...list,
        pages: list.pages.map((page) => ({
          ...page,
          notifications: page.notifications.map((notification) =>
            id === null || notification.id === id ? { ...notification, read: true } : notification,
          ),
        })),
      },
  );
}

/** Asks for the list again: after a failed change, what the server holds is what shows. */
function refreshNotifications(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey });
}

/** Opening one (or its Mark as read): read at once on screen; a refusal puts it back and says so. */
export function useMarkRead() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<UnreadCount>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT' }),
    onMutate: (id) => markCachedRead(id),
    onSuccess: ({ unread }) => setUnreadCount(unread),
    onError: (problem) => {
      announce(refusalMessage(problem, MARK_FAILED));
      void refreshNotifications();
    },
  });
}

export function useMarkAllRead() {
  return useMutation({
    mutationFn: () => apiRequest<UnreadCount>('/api/notifications/read', { method: 'PUT' }),
    onSuccess: ({ unread }) => {
      markCachedRead(null);
      setUnreadCount(unread);
    },
  });
}

/**
 * The page has shown what changed up to `through` (its newest notification's time): the bell stops
 * counting those (issue #51); they stay unread on the page. Said quietly: a failure leaves the count
 * as it was, and the next showing says it again.
 */
export function useMarkSeen() {
  return useMutation({
    mutationFn: (through: string) =>
      apiRequest<UnreadCount>('/api/notifications/seen', { method: 'PUT', body: { through } }),
    onSuccess: ({ unread }) => setUnreadCount(unread),
  });
}
