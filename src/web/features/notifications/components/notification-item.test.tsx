// What each kind of notification says and where it leads (issue #28), as the notifications page draws
// it: the sentence, the words it is about, the link (the viewer's own post under their username, an
// anonymous one at /post/{id}), what staff said, and the unread mark a screen reader hears.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../../shared/notifications';
import { MemoryRouter } from '../../../lib/router';
import { describeNotification } from '../describe-notification';
import { NotificationItem } from './notification-item';

const POST_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const ASKLINE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function makeNotification(overrides: Partial<Notification>): Notification {
  return {
    id: 'n1',
    kind: 'post_liked',
    read: false,
    at: '2026-11-20T10:00:00.000Z',
    post: null,
    askline: null,
    answers: null,
    outcome: null,
    reason: null,
    statement: null,
    notice: null,
    likes: null,
    ...overrides,
  };
}

const post = (isAnonymous = false) => ({ id: POST_ID, content: 'Chai at the Gazebo', isAnonymous });
const askline = { id: ASKLINE_ID, content: 'What was your best night in the hostel?' };
const priya = { username: 'priya_r', fullName: 'Priya Raman' };

function renderItem(notification: Notification, onRead = vi.fn()) {
  render(
    <MemoryRouter>
      <NotificationItem notification={notification} viewerUsername="asha_r" onRead={onRead} />
    </MemoryRouter>,
  );
  return onRead;
}

describe('the sentence of each kind', () => {
  it.each<[string, Partial<Notification>, string]>([
    ['one like', { likes: { count: 1, latest: priya }, post: post() }, 'Priya Raman liked your post'],
    [
      'two likes',
      { likes: { count: 2, latest: priya }, post: post() },
      'Priya Raman and 1 other liked your post',
    ],
    [
      'twelve likes',
      { likes: { count: 12, latest: priya }, post: post() },
      'Priya Raman and 11 others liked your post',
    ],
    [
      'likes by no one nameable',
      { likes: { count: 3, latest: null }, post: post() },
      '3 people liked your post',
    ],
    [
      'one answer',
      { kind: 'askline_answered', askline, answers: { count: 1 } },
      'Your askline got 1 new answer',
    ],
    [
      'five answers',
      { kind: 'askline_answered', askline, answers: { count: 5 } },
      'Your askline got 5 new answers',
    ],
    [
      'a reported post removed',
      { kind: 'report_outcome', outcome: 'removed' },
      'A post you reported was removed.',
    ],
    [
      'a report resolved',
      { kind: 'report_outcome', outcome: 'resolved' },
      'Staff reviewed a post you reported.',
    ],
    ['a post removed by staff', { kind: 'post_removed', post: post() }, 'Staff removed your post'],
    ['a notice', { kind: 'admin_notice', notice: 'Fest on Friday' }, 'Notice from the admins'],
  ])('%s', (_case, overrides, sentence) => {
    expect(describeNotification(makeNotification(overrides), 'asha_r').sentence).toBe(sentence);
  });

  it('names the askline decisions without naming who decided', () => {
    const verified = describeNotification(makeNotification({ kind: 'askline_verified', askline }), 'asha_r');
    const rejected = describeNotification(makeNotification({ kind: 'askline_rejected', askline }), 'asha_r');
    expect(verified.sentence).toMatch(/^Your askline was verified/);
    expect(rejected.sentence).toMatch(/^Your askline was not approved/);
    for (const text of [verified, rejected]) {
      expect(text.href).toBe(`/askline/${ASKLINE_ID}`);
      expect(text.quote).toBe(askline.content);
    }
  });
});

describe('a notification on the page', () => {
  it('links a like to the named post under the viewer, quotes it, and marks it read when opened', () => {
    const onRead = renderItem(makeNotification({ likes: { count: 12, latest: priya }, post: post() }));
    const link = screen.getByRole('link', { name: 'Unread: Priya Raman and 11 others liked your post' });
    expect(link.getAttribute('href')).toBe(`/asha_r/${POST_ID}`);
    expect(screen.getByText('“Chai at the Gazebo”')).toBeTruthy();
    link.click();
    expect(onRead).toHaveBeenCalledWith('n1');
  });

  it('links a like on an anonymous post to /post/{id}', () => {
    renderItem(makeNotification({ likes: { count: 1, latest: priya }, post: post(true) }));
    expect(screen.getByRole('link', { name: /liked your post/ }).getAttribute('href')).toBe(
      `/post/${POST_ID}`,
    );
  });

  it('links answers to the askline', () => {
    renderItem(makeNotification({ kind: 'askline_answered', askline, answers: { count: 2 } }));
    expect(
      screen.getByRole('link', { name: 'Unread: Your askline got 2 new answers' }).getAttribute('href'),
    ).toBe(`/askline/${ASKLINE_ID}`);
  });

  it('tells a reporter the outcome with no link and no post', () => {
    renderItem(makeNotification({ kind: 'report_outcome', outcome: 'removed', read: true }));
    expect(screen.getByText('A post you reported was removed.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/Unread/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });

  it("quotes a removed post with staff's reason, and no link", () => {
    renderItem(makeNotification({ kind: 'post_removed', post: post(), reason: 'harassment' }));
    expect(screen.getByText('Staff removed your post')).toBeTruthy();
    expect(screen.getByText('“Chai at the Gazebo”')).toBeTruthy();
    expect(screen.getByText('Reason: Harassment or bullying')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows no reason line when staff gave none', () => {
    renderItem(makeNotification({ kind: 'post_removed', post: post() }));
    expect(screen.queryByText(/Reason:/)).toBeNull();
  });

  it('shows a removal its statement of reasons, and leads to the post page to appeal (issue #47)', () => {
    renderItem(
      makeNotification({
        kind: 'post_removed',
        post: post(true),
        statement: {
          kind: 'post_removed',
          rule: 'private_information',
          facts: 'Shares a phone number.',
          foundBy: 'member_reports',
          decidedAt: '2026-11-20T09:00:00.000Z',
        },
      }),
    );
    expect(screen.getByRole('link', { name: 'Unread: Staff removed your post' }).getAttribute('href')).toBe(
      `/post/${POST_ID}`,
    );
    const statement = screen.getByRole('list', { name: 'Statement of reasons' });
    expect(statement.textContent).toContain("Rule broken: Someone else's private information (Terms §3");
    expect(statement.textContent).toContain('Facts: Shares a phone number.');
    expect(statement.textContent).toContain('members reported the post');
    expect(statement.textContent).toContain('To appeal');
  });

  it('tells the outcome of an appeal and leads to the post', () => {
    renderItem(makeNotification({ kind: 'appeal_decided', outcome: 'overturned', post: post() }));
    expect(
      screen
        .getByRole('link', { name: 'Unread: Your appeal succeeded: your post is back' })
        .getAttribute('href'),
    ).toBe(`/asha_r/${POST_ID}`);
  });

  it('leads a ready book to where it is downloaded: one’s page, or the class’s book (issue #52)', () => {
    renderItem(
      makeNotification({ kind: 'book_ready', book: { id: 'b1', kind: 'page', year: null, campus: null } }),
    );
    expect(
      screen
        .getByRole('link', { name: 'Unread: Your yearbook page is ready to download.' })
        .getAttribute('href'),
    ).toBe('/yearbook');
    renderItem(
      makeNotification({ kind: 'book_ready', book: { id: 'b2', kind: 'class', year: 2027, campus: 'VITV' } }),
    );
    expect(
      screen
        .getByRole('link', { name: 'Unread: The Class of 2027 (VITV) book is ready to download.' })
        .getAttribute('href'),
    ).toBe('/class/2027/book?campus=VITV');
  });

  it("shows the admins' notice with its links working", () => {
    renderItem(makeNotification({ kind: 'admin_notice', notice: 'Fest schedule: https://example.com/fest' }));
    expect(screen.getByText(/Notice from the admins/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://example.com/fest' }).getAttribute('href')).toBe(
      'https://example.com/fest',
    );
  });

  it('marks an unread one read from its button, which names what it marks', () => {
    const onRead = renderItem(makeNotification({ kind: 'report_outcome', outcome: 'resolved' }));
    const button = screen.getByRole('button', { name: 'Mark as read' });
    const described = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Unread: Staff reviewed a post you reported.');
    button.click();
    expect(onRead).toHaveBeenCalledWith('n1');
  });

  it('does not mark a read one again when it is opened', () => {
    const onRead = renderItem(
      makeNotification({ read: true, likes: { count: 1, latest: priya }, post: post() }),
    );
    screen.getByRole('link', { name: 'Priya Raman liked your post' }).click();
    expect(onRead).not.toHaveBeenCalled();
  });
});
