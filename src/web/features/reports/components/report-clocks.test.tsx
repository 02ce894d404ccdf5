// The clocks' words on /reports (issue #47): each state the server answers, said in words with how long,
// measured from the answer's own time (so the page the server drew and the first render say the same);
// the admins' overdue counts.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportClocks } from '../../../../shared/reports';
import { clockWords, OverdueSummary, spanOf } from './report-clocks';

const HOUR = 3_600_000;
const asOf = '2026-11-27T12:00:00.000Z';
const ago = (ms: number) => new Date(Date.parse(asOf) - ms).toISOString();
const after = (from: string, ms: number) => new Date(Date.parse(from) + ms).toISOString();

function clocks(
  openedAgo: number,
  acknowledge: 'done' | 'due' | 'overdue',
  resolve: 'due' | 'overdue',
): ReportClocks {
  const openedAt = ago(openedAgo);
  return {
    openedAt,
    acknowledge: { state: acknowledge, dueAt: after(openedAt, 24 * HOUR) },
    resolve: { state: resolve, dueAt: after(openedAt, 15 * 24 * HOUR) },
  };
}

describe('the clocks in words', () => {
  it('says how long, in minutes, hours, then days', () => {
    expect(spanOf(30_000)).toBe('1 minute');
    expect(spanOf(45 * 60_000)).toBe('45 minutes');
    expect(spanOf(HOUR)).toBe('1 hour');
    expect(spanOf(47 * HOUR)).toBe('47 hours');
    expect(spanOf(50 * HOUR)).toBe('2 days');
  });

  it('words each state the server answered, against the answer’s time', () => {
    expect(clockWords(clocks(3 * HOUR, 'due', 'due'), asOf)).toEqual({
      age: 'Open for 3 hours',
      acknowledge: 'Acknowledge within 21 hours',
      resolve: 'Resolve within 14 days',
    });
    expect(clockWords(clocks(30 * HOUR, 'overdue', 'due'), asOf).acknowledge).toBe(
      'Not acknowledged: 6 hours past 24 hours',
    );
    expect(clockWords(clocks(30 * HOUR, 'done', 'due'), asOf).acknowledge).toBe('Acknowledged by staff');
    expect(clockWords(clocks(17 * 24 * HOUR, 'overdue', 'overdue'), asOf)).toEqual({
      age: 'Open for 17 days',
      acknowledge: 'Not acknowledged: 16 days past 24 hours',
      resolve: 'Overdue: 2 days past 15 days',
    });
  });
});

describe('the overdue counts', () => {
  it('say how many are past each limit, or that none is', () => {
    const { unmount } = render(<OverdueSummary counts={{ resolve: 1, acknowledge: 3 }} />);
    expect(
      screen.getByText(
        '1 report overdue (unresolved after 15 days) · 3 reports not acknowledged within 24 hours',
      ),
    ).toBeTruthy();
    unmount();
    render(<OverdueSummary counts={{ resolve: 0, acknowledge: 0 }} />);
    expect(
      screen.getByText('No report is past its limits (24 hours to acknowledge, 15 days to resolve).'),
    ).toBeTruthy();
  });
});
