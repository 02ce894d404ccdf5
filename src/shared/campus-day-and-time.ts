// When a muted word stops acting (issue #48), as the server draws it and the browser's first render
// repeats: the day and time of day on the campuses' clock, as en-IN writes them on a 24-hour clock,
// "3 Dec, 10:00". No year: it is never far off. Apart from short-date.ts, which every page with a post
// card loads, so that only the page that shows it carries it.
import { CAMPUS_OFFSET_MS, MONTHS } from './short-date';

const pad = (n: number) => String(n).padStart(2, '0');

export function campusDayAndTime(isoDate: string): string {
  const time = Date.parse(isoDate);
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${isoDate}`);
  const date = new Date(time + CAMPUS_OFFSET_MS);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}
