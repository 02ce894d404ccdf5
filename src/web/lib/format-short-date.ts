// SPEC §9: dates read as short month, day, year ("Jan 5, 2025"), in the reader's own calendar.
//
// A page the server drew cannot know the reader's time zone, so it dates things in the campuses' own
// (India); the browser's first render draws the same (hydration must match). After it, a date that
// reads differently in the reader's zone is drawn again; one that reads the same (every date, for a
// reader in India, and most for anyone else) is not touched: the hook's value is the date's text, and
// React draws again only when that changes.
import { useSyncExternalStore } from 'react';
import { campusShortDate, readerShortDate } from '../../shared/short-date';

const noSubscription = () => () => {};

/** `isoDate` as a short date: in the campuses' zone on the server and while hydrating, then the reader's. */
export function useShortDate(isoDate: string): string {
  return useSyncExternalStore(
    noSubscription,
    () => readerShortDate(isoDate),
    () => campusShortDate(isoDate),
  );
}
