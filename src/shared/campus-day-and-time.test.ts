import { describe, expect, it } from 'vitest';
import { campusDayAndTime } from './campus-day-and-time';
import { CAMPUS_TIME_ZONE } from './short-date';

// Every 7 h 13 min over six years: each month, both sides of midnight in India, leap days.
const samples: string[] = [];
for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2029, 0, 1); t += (7 * 60 + 13) * 60_000) {
  samples.push(new Date(t).toISOString());
}

const intlDayAndTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: CAMPUS_TIME_ZONE,
});

describe('the campuses’ day and time', () => {
  it("reads as Intl's en-IN day, month and 24-hour time in India's zone", () => {
    expect(campusDayAndTime('2026-12-03T04:30:00.000Z')).toBe('3 Dec, 10:00');
    expect(campusDayAndTime('2026-09-03T18:35:00.000Z')).toBe('4 Sept, 00:05');
    for (const iso of samples) expect(campusDayAndTime(iso), iso).toBe(intlDayAndTime.format(new Date(iso)));
  });

  it('refuses what is not a date, as Intl does', () => {
    expect(() => campusDayAndTime('tomorrow')).toThrow(RangeError);
  });
});
