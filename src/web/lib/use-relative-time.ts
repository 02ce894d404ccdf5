// How long ago something happened ("5 minutes ago"), for lists where that matters more than the date
// (notifications). A page the server drew cannot know when it will be read, so it shows the short date
// in the campuses' zone, and the browser's first render draws the same (hydration must match); then
// it says how long ago, and says it again each minute. After a week it is the reader's short date.
import { useSyncExternalStore } from 'react';
import { campusShortDate, readerShortDate } from '../../shared/short-date';

const MINUTE = 60_000;

/** `isoDate` seen from `now`: "just now", "5 minutes ago", "3 hours ago", "2 days ago", "Jan 5, 2025". */
export function relativeTime(isoDate: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(isoDate)) / MINUTE);
  const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return ago(minutes, 'minute');
  if (minutes < 24 * 60) return ago(Math.floor(minutes / 60), 'hour');
  if (minutes < 7 * 24 * 60) return ago(Math.floor(minutes / (24 * 60)), 'day');
  return readerShortDate(isoDate);
}

// One timer for every time on screen, running only while one is.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const each of listeners) each();
  }, MINUTE);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** `isoDate` as how long ago: the campuses' short date on the server and while hydrating. */
export function useRelativeTime(isoDate: string): string {
  return useSyncExternalStore(
    subscribe,
    () => relativeTime(isoDate, Date.now()),
    () => campusShortDate(isoDate),
  );
}
