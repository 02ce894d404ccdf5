import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { NOTIFICATION_MESSAGES } from '../../../../shared/values/notifications';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { announce } from '../../../components/ui/announcer';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { failureMessage, refusalMessage } from '../../../lib/api-client';
import { lazyPage } from '../../../lib/lazy-page';
import { useLocation } from '../../../lib/router';
import { useSession } from '../../auth';
import {
  notificationsQueryOptions,
  useMarkAllRead,
  useMarkRead,
  useMarkSeen,
} from '../api/notifications-api';
import { NotificationItem } from '../components/notification-item';

export const NOTIFICATIONS_EMPTY =
  "No notifications yet. When someone likes your post or answers your askline, you'll see it here.";

// The settings (and their requests) load when first opened, or when the pointer or focus reaches
// their button: most visits only read the list.
const loadSettings = () => import('../components/notification-settings-form');
const NotificationSettingsForm = lazyPage(
  'features/notifications/components/notification-settings-form.tsx',
  () => loadSettings().then((m) => m.NotificationSettingsForm),
  { preload: false },
);

/** /notifications#settings, where the digest emails and the unsubscribe page send people: opens them. */
const SETTINGS_ID = 'settings';

// /notifications (issue #28): what happened to what the signed-in person wrote, newest first, 20 at a
// time. Opening one marks it read; so does its Mark as read, and Mark all as read marks every one.
// New ones come in while the page is open: the bell's live count rising asks for the list again
// (api/unread-count.ts).
/** `whenEmpty`: what the page offers beside "No notifications yet" (the app's askline of the day). */
export function NotificationsRoute({ whenEmpty }: { whenEmpty?: ReactNode }) {
  const { data: session } = useSession();
  const list = useInfiniteQuery(notificationsQueryOptions);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const { hash } = useLocation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  // Unread ones on screen, or perhaps on a page not loaded yet.
  const mayHaveUnread = list.hasNextPage || notifications.some((notification) => !notification.read);

  useEffect(() => {
    if (hash === `#${SETTINGS_ID}`) setSettingsOpen(true);
  }, [hash]);
  useSeenWhileShown(notifications[0]?.at);
  // Opened by the digest's link: the browser looked for the anchor while it was still hidden.
  useEffect(() => {
    if (settingsOpen && hash === `#${SETTINGS_ID}`) document.getElementById(SETTINGS_ID)?.scrollIntoView();
  }, [settingsOpen, hash]);

  function markAllRead() {
    markAll.mutate(undefined, {
      onSuccess: () => announce('All your notifications are marked as read.', 'info'),
      onError: (problem) =>
        announce(refusalMessage(problem, 'Failed to mark them as read. Please try again.')),
    });
  }

  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Notifications" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notifications</h1>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={markAllRead}
            disabled={!mayHaveUnread || markAll.isPending}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Icon name="check-check" className="size-4" />
            {markAll.isPending ? 'Marking...' : 'Mark all as read'}
          </button>
          <button
            type="button"
            onClick={() => setSettingsOpen((open) => !open)}
            onPointerEnter={() => void loadSettings()}
            onFocus={() => void loadSettings()}
            aria-expanded={settingsOpen}
            aria-controls={SETTINGS_ID}
            className={composeButtonClasses({ variant: 'ghost', size: 'sm' })}
          >
            <Icon name="settings" className="size-4" />
            Settings
          </button>
        </div>
      </div>

      <section
        id={SETTINGS_ID}
        hidden={!settingsOpen}
        aria-labelledby="notification-settings-heading"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="notification-settings-heading" className="text-lg font-semibold tracking-tight">
          Notification settings
        </h2>
        {settingsOpen ? (
          <div className="mt-4">
            <Suspense fallback={<LoadingStatus>Loading your settings...</LoadingStatus>}>
              <NotificationSettingsForm />
            </Suspense>
          </div>
        ) : null}
      </section>

      <section aria-label="Your notifications" className="mt-6">
        {list.isPending ? (
          <LoadingStatus>Loading your notifications...</LoadingStatus>
        ) : list.isError ? (
          <LoadError
            message={failureMessage(list.error, NOTIFICATION_MESSAGES.signedOut)}
            onRetry={() => void list.refetch()}
          />
        ) : notifications.length === 0 ? (
          <>
            <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
              {NOTIFICATIONS_EMPTY}
            </p>
            {whenEmpty}
          </>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  viewerUsername={session?.profile?.username ?? ''}
                  onRead={(id) => markRead.mutate(id)}
                />
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton list={list} label="Load more" />
      </section>
    </div>
  );
}

/**
 * The bell clears for what is on screen (issue #51): whenever the page shows a newer first notification
 * (on opening, or when one arrives while it is open), and when the tab is looked at again, the server
 * is told the page has seen up to it. A tab in the background says nothing.
 */
function useSeenWhileShown(newest: string | undefined) {
  const { mutate } = useMarkSeen();
  useEffect(() => {
    if (!newest) return;
    const tell = () => {
      if (document.visibilityState === 'visible') mutate(newest);
    };
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [newest, mutate]);
}
