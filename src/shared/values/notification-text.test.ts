import { describe, expect, it } from 'vitest';
import type { Notification } from '../notifications';
import { notificationDetail, notificationSentence } from './notification-text';
import { REPORT_REASON_LABELS } from './reports';

const base: Notification = {
  id: 'n1',
  kind: 'post_liked',
  read: false,
  at: '2026-11-25T10:00:00.000Z',
  post: { id: 'p1', content: 'Graduation day', isAnonymous: false },
  askline: null,
  answers: null,
  outcome: null,
  reason: null,
  statement: null,
  notice: null,
  likes: { count: 12, latest: { username: 'priya', fullName: 'Priya Raman' } },
};

describe('notification sentences', () => {
  it('group likes under the latest liker', () => {
    expect(notificationSentence(base)).toBe('Priya Raman and 11 others liked your post');
    const two = { ...base, likes: { count: 2, latest: base.likes?.latest ?? null } };
    expect(notificationSentence(two)).toBe('Priya Raman and 1 other liked your post');
    const one = { ...base, likes: { count: 1, latest: base.likes?.latest ?? null } };
    expect(notificationSentence(one)).toBe('Priya Raman liked your post');
    expect(notificationSentence({ ...base, likes: { count: 3, latest: null } })).toBe(
      '3 people liked your post',
    );
    expect(notificationDetail(base)).toBe('Graduation day');
  });

  it('count answers and say what became of reports, never who', () => {
    const answered: Notification = {
      ...base,
      kind: 'askline_answered',
      post: null,
      likes: null,
      answers: { count: 1 },
      askline: { id: 'a1', content: 'Best canteen?' },
    };
    expect(notificationSentence(answered)).toBe('Your askline got 1 new answer');
    expect(notificationDetail(answered)).toBe('Best canteen?');
    const outcome: Notification = {
      ...base,
      kind: 'report_outcome',
      post: null,
      likes: null,
      outcome: 'removed',
    };
    expect(notificationSentence(outcome)).toBe('A post you reported was removed.');
    expect(notificationDetail(outcome)).toBeNull();
    expect(notificationSentence({ ...outcome, outcome: 'resolved' })).toBe(
      'Staff reviewed a post you reported.',
    );
  });

  it('give the reason of a removal and the words of a notice', () => {
    const removed: Notification = { ...base, kind: 'post_removed', likes: null, reason: 'spam' };
    expect(notificationDetail(removed)).toBe(`Reason: ${REPORT_REASON_LABELS.spam}`);
    expect(notificationDetail({ ...removed, reason: 'something else' })).toBe('Reason: something else');
    const notice: Notification = {
      ...base,
      kind: 'admin_notice',
      post: null,
      likes: null,
      notice: 'Yearbook photos on Friday',
    };
    expect(notificationSentence(notice)).toBe('Notice from the admins');
    expect(notificationDetail(notice)).toBe('Yearbook photos on Friday');
  });

  it('give a removal its statement of reasons, and say how an appeal went (issue #47)', () => {
    const statement = {
      kind: 'post_removed' as const,
      rule: 'harassment' as const,
      facts: 'Calls a classmate names.',
      foundBy: 'member_reports' as const,
      decidedAt: '2026-11-25T10:00:00.000Z',
    };
    const removed: Notification = { ...base, kind: 'post_removed', likes: null, statement };
    expect(notificationDetail(removed)).toBe(
      'Rule broken: Harassment, bullying or threats. Calls a classmate names.',
    );
    const held: Notification = {
      ...removed,
      kind: 'held_removed',
      statement: { ...statement, kind: 'held_removed' },
    };
    expect(notificationSentence(held)).toBe('Your post held for review was removed');
    expect(notificationDetail(held)).toContain('Rule broken: Harassment');
    const appealed: Notification = { ...removed, kind: 'appeal_decided', outcome: 'overturned' };
    expect(notificationSentence(appealed)).toBe('Your appeal succeeded: your post is back');
    expect(notificationSentence({ ...appealed, outcome: 'upheld' })).toBe(
      'Your appeal was turned down: your post stays removed',
    );
  });
});
