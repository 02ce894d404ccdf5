// SPEC §9: dates read as short month, day, year ("Jan 5, 2025"), in the reader's own calendar. Built
// once: constructing an Intl.DateTimeFormat is far slower than calling format on one.
//
// A page the server drew cannot know the reader's time zone, so it dates things in the campuses' own
// (India); the browser's first render draws the same (hydration must match), and the next one moves
// to the reader's zone, which for nearly every reader is the same day.
import { useSyncExternalStore } from 'react';

const SHORT_DATE = { month: 'short', day: 'numeric', year: 'numeric' } as const;
export const CAMPUS_TIME_ZONE = 'Asia/Kolkata';
const readerFormat = new Intl.DateTimeFormat('en-US', SHORT_DATE);
const campusFormat = new Intl.DateTimeFormat('en-US', { ...SHORT_DATE, timeZone: CAMPUS_TIME_ZONE });

export function formatShortDate(isoDate: string, zone: 'reader' | 'campus' = 'reader'): string {
  return (zone === 'reader' ? readerFormat : campusFormat).format(new Date(isoDate));
}

const noSubscription = () => () => {};

/** `isoDate` as a short date: in the campuses' zone on the server and while hydrating, then the reader's. */
export function useShortDate(isoDate: string): string {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return formatShortDate(isoDate, inBrowser ? 'reader' : 'campus');
}
