// SPEC §9: dates read as short month, day and year, written the way India writes them ("5 Jan 2025",
// en-IN: issue #30 moved them from en-US's "Jan 5, 2025"). This is the campuses' date, for what the
// server draws (pages, embeds, preview images) and a page's first render in the browser; the browser
// then writes dates in its reader's own language and zone (web/lib/local-dates.ts).
//
// Written out by hand, not with Intl.DateTimeFormat: the first DateTimeFormat a page builds loads the
// browser's locale and time-zone data, which cost ~45 ms of main thread on this machine (~180 ms on
// Lighthouse's phone) inside the first script of every page that shows a date (issue #26). The test
// beside this file checks the output against Intl's.

/** As en-IN abbreviates them (CLDR): September is "Sept". */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * Pages made on the server (embeds, link-preview images, server-rendered pages) date things in the
 * campuses' own time zone, so the same post reads the same date in every copy, whoever made it.
 */
export const CAMPUS_TIME_ZONE = 'Asia/Kolkata';
/** India Standard Time is UTC+5:30 all year: no daylight saving since 1945. */
export const CAMPUS_OFFSET_MS = (5 * 60 + 30) * 60_000;

function parse(isoDate: string): number {
  const time = Date.parse(isoDate);
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${isoDate}`);
  return time;
}

/** The short date in the campuses' time zone (India), as en-IN writes it: "26 Nov 2026". */
export function campusShortDate(isoDate: string): string {
  const date = new Date(parse(isoDate) + CAMPUS_OFFSET_MS);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
