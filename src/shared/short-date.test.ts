import { describe, expect, it } from 'vitest';
import { CAMPUS_TIME_ZONE, campusShortDate, readerShortDate } from './short-date';

const SHORT = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const intlCampus = new Intl.DateTimeFormat('en-US', { ...SHORT, timeZone: CAMPUS_TIME_ZONE });
const intlReader = new Intl.DateTimeFormat('en-US', SHORT);

// Every 7 h 13 min over six years: each month, both sides of midnight in India and here, leap days,
// and the reader zone's daylight-saving changes if it has any.
const samples: string[] = [];
for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2029, 0, 1); t += (7 * 60 + 13) * 60_000) {
  samples.push(new Date(t).toISOString());
}

describe('short dates', () => {
  it("read as Intl's en-US short date in the campuses' zone", () => {
    expect(campusShortDate('2026-01-10T20:00:00.000Z')).toBe('Jan 11, 2026');
    expect(campusShortDate('2026-01-10T18:29:59.999Z')).toBe('Jan 10, 2026');
    expect(campusShortDate('2026-01-10T18:30:00.000Z')).toBe('Jan 11, 2026');
    for (const iso of samples) expect(campusShortDate(iso), iso).toBe(intlCampus.format(new Date(iso)));
  });

  it("read as Intl's en-US short date in the reader's zone", () => {
    for (const iso of samples) expect(readerShortDate(iso), iso).toBe(intlReader.format(new Date(iso)));
  });

  it('refuse what is not a date, as Intl does', () => {
    expect(() => campusShortDate('yesterday')).toThrow(RangeError);
    expect(() => readerShortDate('')).toThrow(RangeError);
  });
});
