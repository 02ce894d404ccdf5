// The zod-free half of the yearbook contract (../yearbook.ts): limits, messages and the year check,
// for the class page and the profile header's link (decision 013).
import { CAMPUS_NAMES, type Institution } from '../institutions';
import { GRADUATION_YEAR_MAX, GRADUATION_YEAR_MIN } from '../limits';

/** Members on one page of a class: four rows of a wide grid, twelve of a phone's one column. */
export const CLASS_PAGE_SIZE = 48;
/** A search within a class reads names and usernames: longer than a full name finds nothing. */
export const CLASS_SEARCH_MAX_LENGTH = 60;

export const CLASS_MESSAGES = {
  signedOut: 'Please sign in to see class pages.',
  noSuchClass: `There is no such class: graduation years run from ${GRADUATION_YEAR_MIN} to ${GRADUATION_YEAR_MAX}.`,
  campus: 'Please choose a campus: VITC or VITV.',
  searchTooLong: `That search is too long (at most ${CLASS_SEARCH_MAX_LENGTH} characters).`,
  searchControl: 'Please remove special control characters from your search.',
  badPage: 'That page link is not valid.',
  failed: 'The class could not be loaded. Please try again.',
  empty: (campus: Institution, year: number) => `No one from ${campus} in the class of ${year} yet`,
  noMatches: (query: string) => `No one in this class matches "${query}"`,
  youAreHidden: 'You are hidden from your class page, so you are not listed here.',
} as const;

/** A graduation year as an address writes it ("2026"), or null for anything that names no class. */
export function classYearOf(text: string | undefined): number | null {
  if (text === undefined || !/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= GRADUATION_YEAR_MIN && year <= GRADUATION_YEAR_MAX ? year : null;
}

/** "VITC (VIT Chennai)": a campus tab's name. */
export function campusLabel(campus: Institution): string {
  return `${campus} (${CAMPUS_NAMES[campus]})`;
}
