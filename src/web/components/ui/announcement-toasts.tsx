import { Icon } from '../icons/icon';
import { type Announcement, dismissLater, heldAnnouncements } from './announcer';

// The toasts of one of the announcer's live regions (announcer.tsx), each with Dismiss and, where it
// has one, its action (Undo). Loaded the first time something is said. A toast pointed at, or holding
// the focus, is held up until the pointer or the focus leaves it.
export function AnnouncementToasts({
  announcements,
  onDismiss,
}: {
  announcements: Announcement[];
  onDismiss: (id: number) => void;
}) {
  return announcements.map((announcement) => {
    const { id, message, tone, action } = announcement;
    const hold = () => heldAnnouncements.add(id);
    // Let go: its full time again from now.
    const release = () => {
      if (heldAnnouncements.delete(id)) dismissLater(announcement);
    };
    return (
      <p
        key={id}
        onPointerEnter={hold}
        onPointerLeave={(event) => {
          if (!event.currentTarget.contains(document.activeElement)) release();
        }}
        onFocus={hold}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) release();
        }}
        className={`pointer-events-auto flex items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${
          tone === 'error'
            ? 'bg-red-700 text-white dark:bg-red-800'
            : 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900'
        }`}
      >
        <span className="flex-1">{message}</span>
        {action ? (
          <button
            type="button"
            onClick={() => {
              onDismiss(id);
              action.onSelect();
            }}
            className="-my-1 rounded px-2 py-1 font-semibold underline underline-offset-2 hover:bg-white/15"
          >
            {action.label}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => onDismiss(id)}
          aria-label="Dismiss"
          className="-m-1 rounded p-1 hover:bg-white/15"
        >
          <Icon name="x" className="size-4" />
        </button>
      </p>
    );
  });
}
