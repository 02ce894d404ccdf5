// The one way the app tells someone how an action went when the screen itself does not show it: a
// failed like, delete or resolve, a suspension done. Messages appear as toasts at the bottom of the
// screen and are read out by screen readers: failures through an assertive live region, the rest
// politely. Each stays for a few seconds, or until dismissed. The two live regions are on every such
// screen from the start; the toasts' own code (announcement-toasts.tsx) loads the first time something
// is said, as the confirmation dialog's does: a page that is only read never needs it.
import { Suspense, useSyncExternalStore } from 'react';
import { lazyPage } from '../../lib/lazy-page';

export type AnnouncementTone = 'error' | 'info';

/** A button in the toast that undoes what it tells (a hidden post, a mute): it takes the toast down. */
export interface AnnouncementAction {
  label: string;
  onSelect: () => void;
}

export interface Announcement {
  id: number;
  message: string;
  tone: AnnouncementTone;
  action?: AnnouncementAction;
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

/** Takes one message down (its Dismiss, its action). */
export function dismiss(id: number) {
  publish(announcements.filter((announcement) => announcement.id !== id));
}

/**
 * Shows `message` and has it read out; a failure (the default) is announced at once. With `action`, the
 * toast offers it (Undo) while it shows.
 */
export function announce(
  message: string,
  tone: AnnouncementTone = 'error',
  action?: AnnouncementAction,
): void {
  const id = nextId++;
  // The same message twice in a row (two failed likes) shows once, for the full time again.
  publish([
    ...announcements.filter((announcement) => announcement.message !== message),
    { id, message, tone, action },
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

/** The toasts themselves: loaded the first time something is said (a page only read never needs them). */
const AnnouncementToasts = lazyPage(
  'components/ui/announcement-toasts.tsx',
  () => import('./announcement-toasts').then((m) => m.AnnouncementToasts),
  { preload: false },
);

/** Rendered once, by the layout of the screens that act (app/layouts/query-layout.tsx). */
export function Announcer() {
  const current = useSyncExternalStore(
    subscribe,
    () => announcements,
    () => NOTHING_SAID,
  );
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      {(['error', 'info'] as const).map((tone) => {
        const said = current.filter((announcement) => announcement.tone === tone);
        return (
          // Both regions are always in the page: a live region must exist before its text changes.
          // Live regions without a role: a screen's own status and alert texts keep those roles.
          <div
            key={tone}
            aria-live={tone === 'error' ? 'assertive' : 'polite'}
            className="flex w-full max-w-md flex-col gap-2"
          >
            {said.length > 0 ? (
              <Suspense fallback={null}>
                <AnnouncementToasts announcements={said} onDismiss={dismiss} />
              </Suspense>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
