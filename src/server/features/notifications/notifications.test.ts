// Notifications over HTTP on the real server and database (issue #28, first part): likes on a post
// are one notification a day, read with the day's count and latest liker; read state, paging, and
// nobody but the recipient ever sees one, anonymous posts included.

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { memberCalls } from '../../../../tests/support/member-calls';
import { NO_RATE_LIMITS, startTestServer, type TestServer } from '../../../../tests/support/test-server';
import type { Notification, NotificationPage } from '../../../shared/notifications';
import { NOTIFICATION_MESSAGES } from '../../../shared/notifications';
import { notifications } from '../../db/schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
});
afterAll(() => server.close());

const { call, ok, post, like, unlike, listOf, unreadOf } = memberCalls(() => server);

describe('likes', () => {
  it('are one notification per post and day, with the count and the latest liker', async () => {
    const author = await createMember(server);
    const priya = await createMember(server, { fullName: 'Priya Raman' });
    const ravi = await createMember(server, { fullName: 'Ravi Kumar' });
    const id = await post(author, 'Graduation day plans');

    await like(priya, id);
    await like(ravi, id);
    await like(ravi, id); // again: nothing new
    await like(author, id); // one's own like tells nobody
    const { notifications: list } = await listOf(author);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'post_liked',
      read: false,
      post: { id, content: 'Graduation day plans', isAnonymous: false },
      likes: { count: 2, latest: { username: ravi.username, fullName: 'Ravi Kumar' } },
    });
    expect(await unreadOf(author)).toBe(1);
    const rows = await server.database.db.select().from(notifications).where(eq(notifications.postId, id));
    expect(rows).toHaveLength(1);

    // Taken back: the count follows; all taken back, the notification is not shown.
    await unlike(ravi, id);
    expect((await listOf(author)).notifications[0]?.likes).toEqual({
      count: 1,
      latest: { username: priya.username, fullName: 'Priya Raman' },
    });
    await unlike(priya, id);
    expect((await listOf(author)).notifications).toEqual([]);
    expect(await unreadOf(author)).toBe(0);
  });

  it('start a new notification the next day', async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    const id = await post(author, 'A post liked two days running');
    await like(liker, id);
    // Yesterday's like and its notification, as if a day had passed.
    await server.database.db.execute(
      sql`update likes set created_at = created_at - interval '1 day' where post_id = ${id}`,
    );
    await server.database.db.execute(
      sql`update notifications set day = day - 1, updated_at = updated_at - interval '1 day' where post_id = ${id}`,
    );
    const another = await createMember(server);
    await like(another, id);
    const { notifications: list } = await listOf(author);
    expect(list.map((n) => n.likes?.count)).toEqual([1, 1]);
    expect(list[0]?.likes?.latest?.username).toBe(another.username);
  });

  it('tell the author of an anonymous post like any other, and nobody else can tell', async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    const onlooker = await createMember(server);
    const named = await post(author, 'A named post');
    const hidden = await post(author, 'An anonymous post', true);
    const answers = [await like(liker, named), await like(liker, hidden)];
    // The liker's answers are the same for both: nothing says whom a notification went to.
    expect(answers).toEqual([
      { likeCount: 1, likedByMe: true },
      { likeCount: 1, likedByMe: true },
    ]);
    const { notifications: list } = await listOf(author);
    expect(list.map((n) => [n.post?.id, n.post?.isAnonymous]).sort()).toEqual(
      [
        [named, false],
        [hidden, true],
      ].sort(),
    );
    for (const other of [liker, onlooker]) {
      expect((await listOf(other)).notifications).toEqual([]);
      expect(await unreadOf(other)).toBe(0);
    }
  });

  it('leave the list when the post is deleted', async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    const id = await post(author, 'Soon gone');
    await like(liker, id);
    expect(await unreadOf(author)).toBe(1);
    await ok(author, 'DELETE', `/api/posts/${id}`);
    expect((await listOf(author)).notifications).toEqual([]);
    expect(await unreadOf(author)).toBe(0);
  });
});

describe('read state', () => {
  it('marks one read, then all; a new like makes its notification unread again and moves it up', async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    const first = await post(author, 'First');
    const second = await post(author, 'Second');
    await like(liker, first);
    await like(liker, second);
    const [top, next] = (await listOf(author)).notifications as [Notification, Notification];
    expect(top.post?.id).toBe(second);

    expect(await ok(author, 'PUT', `/api/notifications/${next.id}/read`)).toEqual({ unread: 1 });
    expect((await listOf(author)).notifications.map((n) => n.read)).toEqual([false, true]);
    expect(await ok(author, 'PUT', '/api/notifications/read')).toEqual({ unread: 0 });

    const more = await createMember(server);
    await like(more, first);
    const after = (await listOf(author)).notifications;
    expect(after.map((n) => [n.post?.id, n.read])).toEqual([
      [first, false],
      [second, true],
    ]);
    expect(await unreadOf(author)).toBe(1);
  });

  it("answers 404 for another's notification or a malformed id, and changes nothing", async () => {
    const author = await createMember(server);
    const stranger = await createMember(server);
    const id = await post(author, 'Mine');
    await like(stranger, id);
    const [mine] = (await listOf(author)).notifications;
    for (const target of [mine?.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await call(stranger, 'PUT', `/api/notifications/${target}/read`);
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe(NOTIFICATION_MESSAGES.missing);
    }
    expect(await unreadOf(author)).toBe(1);
  });

  it('seen up to a time (the page showed them): the bell counts only what changed after; they stay unread (issue #51)', async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    const first = await post(author, 'Seen first');
    const second = await post(author, 'Seen second');
    await like(liker, first);
    const shown = (await listOf(author)).notifications;
    expect(shown).toHaveLength(1);
    // A like after the page showed its list: not on screen, still counted.
    await like(liker, second);
    expect(await unreadOf(author)).toBe(2);
    expect(await ok(author, 'PUT', '/api/notifications/seen', { through: shown[0]?.at })).toEqual({
      unread: 1,
    });
    expect((await listOf(author)).notifications.map((n) => [n.post?.id, n.read])).toEqual([
      [second, false],
      [first, false],
    ]);
    // An older time moves nothing back; a time to come is taken as now.
    expect(
      await ok(author, 'PUT', '/api/notifications/seen', { through: '2020-01-01T00:00:00.000Z' }),
    ).toEqual({
      unread: 1,
    });
    expect(
      await ok(author, 'PUT', '/api/notifications/seen', { through: '2999-01-01T00:00:00.000Z' }),
    ).toEqual({
      unread: 0,
    });
    // Liked again by someone new: it changed after, and counts again.
    await like(await createMember(server), first);
    expect(await unreadOf(author)).toBe(1);
    // Another's seen time changes nothing of this member's.
    expect(await ok(liker, 'PUT', '/api/notifications/seen', { through: new Date().toISOString() })).toEqual({
      unread: 0,
    });
    expect(await unreadOf(author)).toBe(1);
  });

  it('refuses a seen time that is not one, and changes nothing', async () => {
    const author = await createMember(server);
    await like(await createMember(server), await post(author, 'Not seen'));
    for (const body of [{}, { through: 'yesterday' }, { through: 12 }, { through: '2026-13-40T00:00:00Z' }]) {
      const answer = await call(author, 'PUT', '/api/notifications/seen', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await unreadOf(author)).toBe(1);
  });

  it('is for a signed-in person only', async () => {
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['PUT', '/api/notifications/read'],
      ['PUT', '/api/notifications/seen'],
    ] as const) {
      expect((await call(null, method, path)).status).toBe(401);
    }
  });
});

describe('the list', () => {
  it('pages newest first without gaps or repeats', async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(await post(author, `Post ${i}`));
    for (const id of ids) await like(liker, id);
    const first = (await listOf(author)) as NotificationPage;
    expect(first.notifications).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = (await ok(
      author,
      'GET',
      `/api/notifications?cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    )) as NotificationPage;
    expect(second.nextCursor).toBeNull();
    const seen = [...first.notifications, ...second.notifications].map((n) => n.post?.id);
    expect(seen).toEqual([...ids].reverse());
    const forged = await call(author, 'GET', '/api/notifications?cursor=bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(400);
  });
});

describe('asklines', () => {
  const newAskline = async (member: Member) =>
    (await ok(member, 'POST', '/api/asklines', { content: `Best spot to study? ${Math.random()}` }))
      .id as string;

  it("tell the creator of the staff's decision, never who made it", async () => {
    const creator = await createMember(server);
    const moderator = await createMember(server, { userType: 'moderator', fullName: 'Mona Moderator' });
    const verified = await newAskline(creator);
    const rejected = await newAskline(creator);
    await ok(moderator, 'PUT', `/api/asklines/${verified}/review`, { decision: 'verify' });
    await ok(moderator, 'PUT', `/api/asklines/${rejected}/review`, { decision: 'reject' });
    const { notifications: list } = await listOf(creator);
    expect(list.map((n) => [n.kind, n.askline?.id]).sort()).toEqual(
      [
        ['askline_rejected', rejected],
        ['askline_verified', verified],
      ].sort(),
    );
    const text = JSON.stringify(list);
    expect(text).not.toContain(moderator.username);
    expect(text).not.toContain('Mona');
    expect((await listOf(moderator)).notifications).toEqual([]);
  });

  it('tell the creator of answers, one notification a day, naming nobody, anonymous answers included', async () => {
    const creator = await createMember(server);
    const admin = await createMember(server, { userType: 'admin' });
    const askline = await newAskline(creator);
    await ok(admin, 'PUT', `/api/asklines/${askline}/review`, { decision: 'verify' });
    const named = await createMember(server, { fullName: 'Nikhil Named' });
    const hidden = await createMember(server, { fullName: 'Hema Hidden' });
    await ok(named, 'POST', '/api/posts', { content: 'The library roof', asklineId: askline });
    await ok(hidden, 'POST', '/api/posts', {
      content: 'Behind the canteen',
      asklineId: askline,
      isAnonymous: true,
    });
    await ok(creator, 'POST', '/api/posts', { content: 'My own answer', asklineId: askline });

    const answered = (await listOf(creator)).notifications.filter((n) => n.kind === 'askline_answered');
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({
      askline: { id: askline },
      answers: { count: 2 },
      read: false,
      post: null,
    });
    const text = JSON.stringify(answered);
    for (const name of [named.username, hidden.username, 'Nikhil', 'Hema']) expect(text).not.toContain(name);
    for (const member of [named, hidden]) {
      expect((await listOf(member)).notifications.filter((n) => n.kind === 'askline_answered')).toEqual([]);
    }
  });
});

describe('moderation', () => {
  it("tells reporters a report was resolved, naming neither the staff nor the post's author", async () => {
    const author = await createMember(server, { fullName: 'Arun Author' });
    const moderator = await createMember(server, { userType: 'moderator', fullName: 'Mona Moderator' });
    const reporters = [await createMember(server), await createMember(server)];
    const id = await post(author, 'Something people report');
    for (const reporter of reporters)
      await ok(reporter, 'POST', `/api/posts/${id}/report`, { reason: 'spam' });
    const queue = (await ok(moderator, 'GET', '/api/reports')) as {
      reports: { id: string; post: { id: string } }[];
    };
    const report = queue.reports.find((r) => r.post.id === id);
    await ok(moderator, 'PUT', `/api/reports/${report?.id}/resolution`, { resolved: true });

    for (const reporter of reporters) {
      const { notifications: list } = await listOf(reporter);
      // The receipt of issue #47 when they reported, then the outcome.
      expect(list.map((n) => n.kind)).toEqual(['report_outcome', 'report_received']);
      expect(list[0]).toMatchObject({ kind: 'report_outcome', outcome: 'resolved', post: null, read: false });
      const text = JSON.stringify(list);
      for (const name of [moderator.username, 'Mona', author.username, 'Arun', 'Something people report']) {
        expect(text).not.toContain(name);
      }
    }
    expect((await listOf(author)).notifications).toEqual([]);
  });

  it('tells the author staff removed their post, with the statement of reasons, and each reporter', async () => {
    const author = await createMember(server);
    const moderator = await createMember(server, { userType: 'moderator', fullName: 'Mona Moderator' });
    const reporters = [await createMember(server), await createMember(server), await createMember(server)];
    const id = await post(author, 'An anonymous post that breaks the rules', true);
    const reasons = ['harassment', 'harassment', 'spam'];
    for (const [i, reporter] of reporters.entries()) {
      await ok(reporter, 'POST', `/api/posts/${id}/report`, { reason: reasons[i] });
    }
    // The staff's answer is the same as for any removal: nothing says whom it told.
    const removed = await call(moderator, 'POST', `/api/posts/${id}/removal`, {
      rule: 'harassment',
      facts: 'Mocks a classmate.',
    });
    expect(removed.status).toBe(200);

    const { notifications: mine } = await listOf(author);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'post_removed',
      reason: null,
      statement: { rule: 'harassment', facts: 'Mocks a classmate.', foundBy: 'member_reports' },
      post: { id, content: 'An anonymous post that breaks the rules', isAnonymous: true },
    });
    expect(JSON.stringify(mine)).not.toContain('Mona');
    for (const reporter of reporters) {
      const { notifications: theirs } = await listOf(reporter);
      expect(theirs.map((n) => [n.kind, n.outcome, n.post])).toEqual([
        ['report_outcome', 'removed', null],
        ['report_received', null, null],
      ]);
      expect(JSON.stringify(theirs)).not.toContain(author.username);
    }
  });

  it('tells nobody when authors delete their own post', async () => {
    const author = await createMember(server);
    const reporter = await createMember(server);
    const id = await post(author, 'Mine to delete');
    await ok(reporter, 'POST', `/api/posts/${id}/report`, { reason: 'spam' });
    await ok(author, 'DELETE', `/api/posts/${id}`);
    expect((await listOf(author)).notifications).toEqual([]);
    // Only the receipt they had when they reported: nothing says what became of the post.
    expect((await listOf(reporter)).notifications.map((n) => [n.kind, n.post, n.outcome])).toEqual([
      ['report_received', null, null],
    ]);
  });
});
