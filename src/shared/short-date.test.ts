import { describe, expect, it } from 'vitest';
import { CAMPUS_TIME_ZONE, campusShortDate } from './short-date';

const intlCampus = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: CAMPUS_TIME_ZONE,
});

// Every 7 h 13 min over six years: each month, both sides of midnight in India, leap days.
const samples: string[] = [];
for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2029, 0, 1); t += (7 * 60 + 13) * 60_000) {
  samples.push(new Date(t).toISOString());
}

describe('the campuses’ short date', () => {
  it("reads as Intl's en-IN short date in India's zone", () => {
    expect(campusShortDate('2026-01-10T20:00:00.000Z')).toBe('11 Jan 2026');
    expect(campusShortDate('2026-01-10T18:29:59.999Z')).toBe('10 Jan 2026');
    expect(campusShortDate('2026-01-10T18:30:00.000Z')).toBe('11 Jan 2026');
    for (const iso of samples) expect(campusShortDate(iso), iso).toBe(intlCampus.format(new Date(iso)));
  });

  it('refuses what is not a date, as Intl does', () => {
    expect(() => campusShortDate('yesterday')).toThrow(RangeError);
    expect(() => campusShortDate('')).toThrow(RangeError);
  });
});
