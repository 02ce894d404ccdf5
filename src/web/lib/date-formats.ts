// Dates in the reader's own words (issue #30): their language's way of writing a date (en-IN where
// the browser names none), recent times as how long ago ("5 min ago", "yesterday"), and the exact
// time for a hover or a focus. Built with Intl, whose first formatter costs a phone tens of
// milliseconds of loading locale data: this file is loaded when the first date is drawn in the browser
// (lib/local-dates.ts), and its formatters are made when the browser is idle after the page has been
// taken over, never while it hydrates.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than this, a time reads as its date. */
const RECENT = 7 * DAY;

/** Each takes the date and the time now (which only `timeAgo` reads). */
export interface DateFormats {
  /** The date, short: "26 Nov 2026" (en-IN), "Nov 26, 2026" (en-US). */
  shortDate(isoDate: string, now?: number): string;
  /** How long ago for the last week, then the short date. */
  timeAgo(isoDate: string, now: number): string;
  /** Date and time: "26 Nov 2026, 2:35 pm". */
  exact(isoDate: string, now?: number): string;
  /** Day and time of day, no year, on a 24-hour clock: "3 Dec, 10:00" (a muted word's end). */
  dayAndTime(isoDate: string, now?: number): string;
}

/** The reader's language as the browser says it, or India's English. */
export function readerLocale(languages: readonly string[] | undefined): string {
  for (const language of languages ?? []) {
    try {
      const supported = Intl.DateTimeFormat.supportedLocalesOf(language)[0];
      if (supported) return supported;
    } catch {
      // a malformed tag: try the next
    }
  }
  return 'en-IN';
}

/** Midnight before `time`, in the reader's zone. */
const startOfDay = (time: number) => new Date(time).setHours(0, 0, 0, 0);

/** The formats in `locale`, in the reader's time zone (the browser's). */
export function createDateFormats(locale: string): DateFormats {
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const exact = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const dayAndTime = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const ago = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const shortDate = (isoDate: string) => date.format(Date.parse(isoDate));
  return {
    shortDate,
    timeAgo(isoDate, now) {
      // A clock a little behind the server's reads a new post as now, not as in a minute.
      const elapsed = Math.max(0, now - Date.parse(isoDate));
      if (elapsed < MINUTE) return ago.format(0, 'second');
      if (elapsed < HOUR) return ago.format(-Math.floor(elapsed / MINUTE), 'minute');
      if (elapsed < DAY) return ago.format(-Math.floor(elapsed / HOUR), 'hour');
      // Days by the calendar, not by 24 hours: at 9 am, last night at 11 is not "yesterday" but 10
      // hours ago, and the evening before that is "2 days ago", however few hours back it was.
      const days = Math.round((startOfDay(now) - startOfDay(now - elapsed)) / DAY);
      if (elapsed < RECENT) return ago.format(-days, 'day');
      return shortDate(isoDate);
    },
    exact: (isoDate) => exact.format(Date.parse(isoDate)),
    dayAndTime: (isoDate) => dayAndTime.format(Date.parse(isoDate)),
  };
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
const idle = () =>
  new Promise<void>((resolve) =>
    (window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1)))(() => resolve()),
  );

/**
 * The formats for this browser's reader, in their time zone, handed to `use` once the browser is idle
 * (after the page is taken over), over three tasks rather than one: the first Intl call loads the
 * locale data (50-120 ms on a phone as slow as Lighthouse's, docs/performance.md), the formatters take
 * a few more, and `use` draws every date on screen again in the third (React draws a store's update at
 * once, not in slices).
 */
export async function readerDateFormats(use: (formats: DateFormats) => void): Promise<void> {
  await idle();
  const locale = readerLocale(navigator.languages);
  await nextTask();
  const formats = createDateFormats(locale);
  await nextTask();
  use(formats);
}
