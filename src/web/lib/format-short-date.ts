// SPEC §9: dates read as short month, day, year ("Jan 5, 2025"), in the reader's own calendar.
//
// A page the server drew cannot know the reader's time zone, so it dates things in the campuses' own
// (India); the browser's first render draws the same (hydration must match), and the next one moves
// to the reader's zone, which for nearly every reader is the same day.
import { useSyncExternalStore } from 'react';
import { campusShortDate, readerShortDate } from '../../shared/short-date';

const noSubscription = () => () => {};

/** `isoDate` as a short date: in the campuses' zone on the server and while hydrating, then the reader's. */
export function useShortDate(isoDate: string): string {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return inBrowser ? readerShortDate(isoDate) : campusShortDate(isoDate);
}
