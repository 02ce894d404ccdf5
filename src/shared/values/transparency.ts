// The zod-free half of the transparency report (../transparency.ts, issue #47): the smallest figure
// shown exactly, the months' time zone, and the page's words.

/** A count below this is published only as "fewer than 5": a small figure can point at a person. */
export const SMALLEST_EXACT_FIGURE = 5;

/** The figures are counted by month on the campuses' clock (India Standard Time). */
export const TRANSPARENCY_TIME_ZONE = 'Asia/Kolkata';

/** How many months the report goes back at most. */
export const TRANSPARENCY_MONTHS = 24;

/** A median from fewer actions than this is not published (it would be one person's wait). */
export const SMALLEST_MEDIAN_SAMPLE = 5;

export const TRANSPARENCY_MESSAGES = {
  loadFailed: 'Failed to load the transparency report. Please try again.',
} as const;
