// How long ago, in words, for the notifications page: minutes, hours, days, then the short date.
import { describe, expect, it } from 'vitest';
import { relativeTime } from './use-relative-time';

const AT = '2026-11-20T10:00:00.000Z';
const later = (ms: number) => Date.parse(AT) + ms;
const MINUTE = 60_000;

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [-5 * MINUTE, 'just now'], // a clock a little behind the server's
    [59_000, 'just now'],
    [MINUTE, '1 minute ago'],
    [5 * MINUTE, '5 minutes ago'],
    [60 * MINUTE, '1 hour ago'],
    [23 * 60 * MINUTE, '23 hours ago'],
    [24 * 60 * MINUTE, '1 day ago'],
    [6 * 24 * 60 * MINUTE, '6 days ago'],
  ])('%i ms later: %s', (elapsed, words) => {
    expect(relativeTime(AT, later(elapsed))).toBe(words);
  });

  it('gives the date after a week', () => {
    expect(relativeTime(AT, later(8 * 24 * 60 * MINUTE))).toMatch(/^Nov 2[01], 2026$/);
  });
});
