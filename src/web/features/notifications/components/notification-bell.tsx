import { Icon } from '../../../components/icons/icon';
import { paths } from '../../../config/paths';
import { Link } from '../../../lib/router';
import { useUnreadCount } from '../api/unread-count';

/** What the bell is called: its count in words, as the badge shows it in figures. */
export function bellLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The badge's figure: nothing at 0, at most "99+". */
export function badgeText(unread: number | undefined): string | null {
  if (!unread) return null;
  return unread > 99 ? '99+' : String(unread);
}

// The navbar's bell (issue #28), for someone signed in: a link to /notifications with the unread count.
// The navbar (features/auth) shows it only for a signed-in member; it is handed in by the layout.
export function NotificationBell() {
  const unread = useUnreadCount();
  const badge = badgeText(unread);
  return (
    <Link
      to={paths.notifications.getHref()}
      aria-label={bellLabel(unread)}
      className="relative inline-flex size-9 items-center justify-center rounded-xl text-slate-700 transition-colors hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Icon name="bell" className="size-5" />
      {badge ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white ring-2 ring-white dark:ring-slate-950"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
