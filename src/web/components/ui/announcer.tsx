// The one way the app tells someone how an action went when the screen itself does not show it: a
// failed like, delete or resolve, a suspension done. Messages appear as toasts at the bottom of the
// screen and are read out by screen readers: failures through an assertive live region, the rest
// politely. Each stays for a few seconds, or until dismissed; one being pointed at or holding the focus
// stays while it does (WCAG 2.2.1: a toast's Undo is reachable however slowly someone gets to it). The two live regions are on every such
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

/** How long a toast stays; one with an action (Undo) longer: it is there to be acted on. */
export const showFor = (announcement: Announcement) => (announcement.action ? 10_000 : 6_000);

/**
 * What the server draws, and so what hydrating draws: a message said before then follows at once. The
 * same list the browser starts with, so that taking a page over does not draw the announcer again.
 */
const NOTHING_SAID: Announcement[] = [];
let announcements = NOTHING_SAID;
let nextId = 1;
const listeners = new Set<() => void>();
/** Toasts pointed at or holding the focus (announcement-toasts.tsx): their time does not run out. */
export const heldAnnouncements = new Set<number>();

function publish(next: Announcement[]) {
  announcements = next;
  for (const listener of listeners) listener();
}

/** Takes one message down (its Dismiss, its action). */
export function dismiss(id: number) {
  publish(announcements.filter((announcement) => announcement.id !== id));
}

/** Takes `announcement` down after its time, unless it is held then (let go, it gets its time again). */
export function dismissLater(announcement: Announcement): void {
  setTimeout(() => {
    if (!heldAnnouncements.has(announcement.id)) dismiss(announcement.id);
  }, showFor(announcement));
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
  const said = { id: nextId++, message, tone, action };
  // The same message twice in a row (two failed likes) shows once, for the full time again.
  publish([...announcements.filter((announcement) => announcement.message !== message), said]);
  dismissLater(said);
}

/** Takes every message down (a new test; nothing in the app needs it yet). */
export function clearAnnouncements(): void {
  heldAnnouncements.clear();
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
