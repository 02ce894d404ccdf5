// The reader's dates: their language's short date, how long ago for the last week, the exact time, and
// a day with its time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDateFormats, readerLocale } from './date-formats';

// The reader here is in India (the formats use the browser's zone).
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

const AT = '2026-11-20T10:00:00.000Z'; // 3:30 pm in India
const later = (ms: number) => Date.parse(AT) + ms;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const india = () => createDateFormats('en-IN');

describe('how long ago', () => {
  it.each([
    [0, 'now'],
    [-5 * MINUTE, 'now'], // a clock a little behind the server's
    [59_000, 'now'],
    [MINUTE, '1 min ago'],
    [5 * MINUTE, '5 min ago'],
    [60 * MINUTE, '1 hr ago'],
    [23 * 60 * MINUTE, '23 hr ago'],
    [DAY, 'yesterday'],
    [(24 + 8) * 60 * MINUTE, 'yesterday'], // 11:30 pm on the 21st
    [(24 + 9) * 60 * MINUTE, '2 days ago'], // 12:30 am on the 22nd: 33 hours, but two days back
    [6 * DAY, '6 days ago'],
    [7 * DAY, '20 Nov 2026'],
  ])('%i ms later: %s', (elapsed, words) => {
    expect(india().timeAgo(AT, later(elapsed))).toBe(words);
  });
});

describe('the date and the exact time', () => {
  it('are written as the reader writes them', () => {
    expect(india().shortDate(AT)).toBe('20 Nov 2026');
    expect(india().exact(AT)).toBe('20 Nov 2026, 3:30 pm');
    const us = createDateFormats('en-US');
    expect(us.shortDate(AT)).toBe('Nov 20, 2026');
    expect(us.exact(AT)).toBe('Nov 20, 2026, 3:30 PM');
    expect(us.timeAgo(AT, later(3 * DAY))).toBe('3 days ago');
  });

  it('write a day and its time on a 24-hour clock, without the year', () => {
    expect(india().dayAndTime(AT)).toBe('20 Nov, 15:30');
    expect(createDateFormats('en-US').dayAndTime(AT)).toBe('Nov 20, 15:30');
  });
});

describe('the reader’s language', () => {
  it("is the browser's first it can write, else India's English", () => {
    expect(readerLocale(['ta-IN', 'en-IN'])).toBe('ta-IN');
    expect(readerLocale(['en-GB'])).toBe('en-GB');
    expect(readerLocale(['not a tag!', 'en-US'])).toBe('en-US');
    expect(readerLocale(['zz', 'fr'])).toBe('fr');
    expect(readerLocale([])).toBe('en-IN');
    expect(readerLocale(undefined)).toBe('en-IN');
  });
});
