// Dates as the reader reads them (issue #30). A page the server drew cannot know its reader's
// language, time zone or clock: it writes dates in the campuses' own way (India's English and time
// zone: shared/short-date.ts), and the browser's first render draws the same (hydration must match).
// Once the browser is idle, the reader's formats arrive (lib/date-formats.ts, its own file: Intl's
// first formatter is slow to make, and it waits for the idle moment) and every date on screen is drawn
// again in them; recent times
// then say how long ago, and say it again each minute. A date is drawn by a component of its own
// (`LocalDate`, or a small one that calls `useLocalDate`), so that drawing every date again is that
// small component's work, not the whole card's.
import { useSyncExternalStore } from 'react';
import { campusShortDate } from '../../shared/short-date';
import type { DateFormats } from './date-formats';

const MINUTE = 60_000;

let formats: DateFormats | null = null;
let loading = false;
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

function tell() {
  for (const listener of listeners) listener();
}

function load() {
  if (loading) return;
  loading = true;
  void import('./date-formats')
    .then((module) =>
      module.readerDateFormats((made) => {
        formats = made;
        tell();
      }),
    )
    .catch(() => {
      loading = false; // the campuses' dates stay (right, if not in the reader's words); asked again later
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  load();
  // One timer for every time on screen, running only while one is: "5 min ago" becomes "6 min ago".
  ticker ??= setInterval(tell, MINUTE);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

/**
 * `isoDate` in the reader's words: its short date ("26 Nov 2026"), how long ago for the last week
 * ("5 min ago"; then the short date), the exact date and time (for a hover or a focus), or the day and
 * time ("3 Dec, 10:00"). On the server and while hydrating, the campuses' short date, or what `campus`
 * writes (shared/campus-day-and-time.ts for the day and time: a page that needs it brings it).
 */
export function useLocalDate(
  isoDate: string,
  kind: keyof DateFormats = 'shortDate',
  campus: (isoDate: string) => string = campusShortDate,
): string {
  return useSyncExternalStore(
    subscribe,
    () => (formats ? formats[kind](isoDate, Date.now()) : campus(isoDate)),
    () => campus(isoDate),
  );
}

/** `useLocalDate` as text of its own: when the formats arrive (and each minute) only this is drawn again. */
export function LocalDate({ isoDate, kind }: { isoDate: string; kind?: keyof DateFormats }) {
  return useLocalDate(isoDate, kind);
}
