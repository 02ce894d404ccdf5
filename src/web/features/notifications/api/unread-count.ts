// The bell's count of unread notifications (issue #28), kept live: while the page is visible, a
// Server-Sent Events stream tells the count whenever it changes; a tab in the background holds no
// connection, and asks again when it comes back (TanStack Query refetches on focus; the stream also
// sends the count as it opens). EventSource reconnects by itself after the server ends a stream; while
// a request that replaces the session is out (a new password), the stream is closed, and opened again
// on the new session once that is answered (lib/session-swap.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UnreadCount } from '../../../../shared/notifications';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { screenKeys } from '../../../lib/screen-keys';
import { onSessionSwap, sessionSwapping } from '../../../lib/session-swap';

const STREAM_PATH = '/api/notifications/stream';

export const unreadCountQueryOptions = queryOptions({
  queryKey: screenKeys.notifications('unread'),
  queryFn: ({ signal }) => apiRequest<UnreadCount>('/api/notifications/unread', { signal }),
});

/**
 * The stream's new count for the bell. A count that rose means new notifications: the list, if it is
 * on screen, is asked again (marking read lowers it, and the list already shows that).
 */
function showStreamedCount(unread: number): void {
  const before = queryClient.getQueryData(unreadCountQueryOptions.queryKey)?.unread;
  queryClient.setQueryData(unreadCountQueryOptions.queryKey, { unread });
  if (before !== undefined && unread > before) {
    void queryClient.invalidateQueries({ queryKey: screenKeys.notifications('list') });
  }
}

/** An `unread` event's count, or null for anything else. */
export function readUnreadEvent(data: unknown): number | null {
  try {
    const { unread } = JSON.parse(String(data)) as Partial<UnreadCount>;
    return typeof unread === 'number' && unread >= 0 ? unread : null;
  } catch {
    return null;
  }
}

/**
 * How many of the signed-in person's notifications are unread, live while the page is seen; undefined
 * until the first answer. The stream is opened in an effect only: never on the server.
 */
export function useUnreadCount(): number | undefined {
  const { data } = useQuery(unreadCountQueryOptions);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    const onUnread = (event: MessageEvent) => {
      const unread = readUnreadEvent(event.data);
      if (unread !== null) showStreamedCount(unread);
    };
    const close = () => {
      source?.close();
      source = null;
    };
    const open = () => {
      if (source || sessionSwapping() || document.visibilityState !== 'visible') return;
      const opened = new EventSource(STREAM_PATH);
      opened.addEventListener('unread', onUnread);
      // Closed for good (a 401 after signing out elsewhere, a 404): the next visit to the tab tries again.
      opened.onerror = () => {
        if (opened.readyState === EventSource.CLOSED && source === opened) source = null;
      };
      source = opened;
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? open() : close());
    open();
    document.addEventListener('visibilitychange', onVisibility);
    const stopListening = onSessionSwap((swapping) => (swapping ? close() : open()));
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stopListening();
      close();
    };
  }, []);

  return data?.unread;
}
