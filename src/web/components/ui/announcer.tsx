// The one way the app tells someone how an action went when the screen itself does not show it: a
// failed like, delete or resolve, a suspension done. Messages appear as toasts at the bottom of the
// screen and are read out by screen readers: failures through an assertive live region, the rest
// politely. Each stays for a few seconds, or until dismissed.
import { useSyncExternalStore } from 'react';
import { Icon } from '../icons/icon';

export type AnnouncementTone = 'error' | 'info';

interface Announcement {
  id: number;
  message: string;
  tone: AnnouncementTone;
}

const SHOW_MS = 6_000;

/**
 * What the server draws, and so what hydrating draws: a message said before then follows at once. The
 * same list the browser starts with, so that taking a page over does not draw the announcer again.
 */
const NOTHING_SAID: Announcement[] = [];
let announcements = NOTHING_SAID;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Announcement[]) {
  announcements = next;
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  publish(announcements.filter((announcement) => announcement.id !== id));
}

/** Shows `message` and has it read out; a failure (the default) is announced at once. */
export function announce(message: string, tone: AnnouncementTone = 'error'): void {
  const id = nextId++;
  // The same message twice in a row (two failed likes) shows once, for the full time again.
  publish([
    ...announcements.filter((announcement) => announcement.message !== message),
    { id, message, tone },
  ]);
  setTimeout(() => dismiss(id), SHOW_MS);
}

/** Takes every message down (a new test; nothing in the app needs it yet). */
export function clearAnnouncements(): void {
  publish([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered once, by the layout of the screens that act (app/layouts/query-layout.tsx). */
export function Announcer() {
  const current = useSyncExternalStore(
    subscribe,
    () => announcements,
    () => NOTHING_SAID,
  );
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      {(['error', 'info'] as const).map((tone) => (
        // Both regions are always in the page: a live region must exist before its text changes.
        // Live regions without a role: a screen's own status and alert texts keep those roles.
        <div
          key={tone}
          aria-live={tone === 'error' ? 'assertive' : 'polite'}
          className="flex w-full max-w-md flex-col gap-2"
        >
          {current
            .filter((announcement) => announcement.tone === tone)
            .map((announcement) => (
              <p
                key={announcement.id}
                className={`pointer-events-auto flex items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${
                  tone === 'error'
                    ? 'bg-red-700 text-white dark:bg-red-800'
                    : 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900'
                }`}
              >
                <span className="flex-1">{announcement.message}</span>
                <button
                  type="button"
                  onClick={() => dismiss(announcement.id)}
                  aria-label="Dismiss"
                  className="-m-1 rounded p-1 hover:bg-white/15"
                >
                  <Icon name="x" className="size-4" />
                </button>
              </p>
            ))}
        </div>
      ))}
    </div>
  );
}
