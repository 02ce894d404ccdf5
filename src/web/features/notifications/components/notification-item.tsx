import { useId } from 'react';
import type { Notification } from '../../../../shared/notifications';
import { Icon } from '../../../components/icons/icon';
import { LinkifiedText } from '../../../components/linkified-text';
import { useLocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';
import { describeNotification } from '../describe-notification';

// One notification in the list: its sentence (a link to what it is about, when that can be opened;
// the whole row answers a tap), the words it is about, and how long ago. An unread one is tinted and
// dotted, and says "Unread" to screen readers; opening it, or its Mark as read, marks it read.
export function NotificationItem({
  notification,
  viewerUsername,
  onRead,
}: {
  notification: Notification;
  viewerUsername: string;
  onRead: (id: string) => void;
}) {
  const sentenceId = useId();
  const text = describeNotification(notification, viewerUsername);
  const unread = !notification.read;
  const time = useLocalDate(notification.at, 'timeAgo');
  const date = useLocalDate(notification.at, 'exact');
  const markRead = () => {
    if (unread) onRead(notification.id);
  };

  const sentence = (
    <>
      {unread ? <span className="sr-only">Unread: </span> : null}
      {text.actor ? (
        <>
          <strong className="font-semibold">{text.actor}</strong>
          {text.sentence.slice(text.actor.length)}
        </>
      ) : (
        text.sentence
      )}
    </>
  );

  return (
    <div
      className={`relative flex gap-3 px-4 py-4 sm:px-5 ${unread ? 'bg-brand-50/70 dark:bg-brand-950/30' : ''}`}
    >
      <span
        aria-hidden="true"
        className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600 dark:bg-brand-400' : ''}`}
      />
      <div className="min-w-0 flex-1">
        <p
          id={sentenceId}
          className={`break-words text-slate-900 dark:text-white ${unread ? 'font-medium' : ''}`}
        >
          {text.href ? (
            // The link covers the row (after:), so a tap anywhere on it opens what it is about.
            <Link
              to={text.href}
              onClick={markRead}
              className="rounded after:absolute after:inset-0 hover:underline"
            >
              {sentence}
            </Link>
          ) : (
            sentence
          )}
        </p>
        {text.quote ? (
          <blockquote className="mt-1 line-clamp-2 break-words text-sm text-slate-600 dark:text-slate-300">
            “{text.quote}”
          </blockquote>
        ) : null}
        {text.detail ? (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{text.detail}</p>
        ) : null}
        {text.statement ? (
          <ul
            aria-label="Statement of reasons"
            className="mt-1 space-y-0.5 text-sm text-slate-700 dark:text-slate-200"
          >
            {text.statement.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        {text.notice ? (
          <LinkifiedText
            text={text.notice}
            className="relative mt-1 block text-sm text-slate-700 dark:text-slate-200"
          />
        ) : null}
        <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={notification.at} title={date}>
            {time}
          </time>
        </p>
      </div>
      {unread ? (
        // On phones a check mark alone, so the sentence keeps the width.
        <button
          type="button"
          onClick={markRead}
          aria-describedby={sentenceId}
          title="Mark as read"
          className="relative z-10 -my-1 inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-1.5 self-start rounded-lg text-sm font-semibold text-brand-700 hover:bg-brand-100 sm:px-2.5 dark:text-brand-300 dark:hover:bg-brand-900/40"
        >
          <Icon name="check" className="size-5 sm:size-4" />
          <span className="sr-only sm:not-sr-only">Mark as read</span>
        </button>
      ) : null}
    </div>
  );
}
