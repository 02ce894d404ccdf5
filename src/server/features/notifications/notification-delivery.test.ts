// How notifications reach people (issue #28, second part), on the real server and database: settings
// per kind, the live stream of the bell's count, notices from the admins, email digests through the
// outbox, and the digest's unsubscribe link that works without signing in.

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { ENGINE } from '../../../../tests/support/engines';
import { scaled } from '../../../../tests/support/machine-factor';
import { memberCalls } from '../../../../tests/support/member-calls';
import {
  callJson,
  NO_RATE_LIMITS,
  okJson,
  startTestServer,
  TEST_SECRET,
  type TestServer,
} from '../../../../tests/support/test-server';
import type { NotificationSettings } from '../../../shared/notifications';
import { NOTIFICATION_KINDS, NOTIFICATION_MESSAGES } from '../../../shared/notifications';
import { pushedByDefault } from '../../../shared/values/push';
import { mailOutbox } from '../../db/auth-schema';
import { queryRows } from '../../db/client';
import { notificationDigests, profiles, unsubscribeTokens } from '../../db/schema';
import { createMailer } from '../../platform/mail';
import { deliverBroadcasts, queueBroadcast } from './broadcasts';
import { DIGEST_ITEMS, sendDueDigests } from './digest';
import { MOST_STREAMS_PER_USER } from './live';
import { legacyUnsubscribeToken, rotateUnsubscribeToken } from './unsubscribe-token';

const SECRET = TEST_SECRET;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
});
afterAll(() => server.close());

const { call, ok, post, like, listOf, unreadOf } = memberCalls(() => server);
const settingsOf = async (member: Member) =>
  ((await ok(member, 'GET', '/api/notifications/settings')) as NotificationSettings).settings;
const digests = () =>
  sendDueDigests({
    db: server.database.db,
    mailer: createMailer({ db: server.database.db, smtp: false }),
    publicUrl: server.url,
  });
const mailTo = (member: Member) =>
  server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.account.email));
/** As if the member's last digest of `cadence` went `ago` (an SQL interval) ago. */
const lastDigestWent = (member: Member, cadence: 'daily' | 'weekly', ago: string) =>
  server.database.db
    .update(notificationDigests)
    .set({ sentAt: sql`now() - ${ago}::interval` })
    .where(
      and(eq(notificationDigests.userId, member.account.userId), eq(notificationDigests.cadence, cadence)),
    );

/** The member's digest unsubscribe token as stored (made with their first digest). */
const storedTokenOf = async (member: Member) => {
  const [row] = await server.database.db
    .select({ token: unsubscribeTokens.token })
    .from(unsubscribeTokens)
    .where(eq(unsubscribeTokens.userId, member.account.userId));
  if (!row) throw new Error('no unsubscribe token stored');
  return row.token;
};
/** A member mailed a daily digest of their likes. */
const digestReader = async () => {
  const member = await createMember(server);
  await ok(member, 'PUT', '/api/notifications/settings', {
    settings: [{ kind: 'post_liked', inApp: true, digest: 'daily' }],
  });
  await like(await createMember(server), await post(member, 'A post for the digest reader'));
  await digests();
  expect(await mailTo(member)).toHaveLength(1);
  return member;
};

describe('settings', () => {
  it('start at the defaults for every kind, and keep what is changed', async () => {
    const member = await createMember(server);
    expect(await settingsOf(member)).toEqual(
      NOTIFICATION_KINDS.map((kind) => ({ kind, inApp: true, digest: 'off', push: pushedByDefault(kind) })),
    );
    const saved = (await ok(member, 'PUT', '/api/notifications/settings', {
      settings: [
        { kind: 'post_liked', inApp: false, digest: 'daily' },
        { kind: 'report_outcome', inApp: true, digest: 'weekly' },
      ],
    })) as NotificationSettings;
    expect(saved.settings.filter((s) => s.inApp === false || s.digest !== 'off')).toEqual([
      { kind: 'post_liked', inApp: false, digest: 'daily', push: true },
      { kind: 'report_outcome', inApp: true, digest: 'weekly', push: true },
    ]);
    // Another change leaves the rest as it was.
    await ok(member, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_liked', inApp: true, digest: 'daily' }],
    });
    const after = await settingsOf(member);
    expect(after.find((s) => s.kind === 'post_liked')).toEqual({
      kind: 'post_liked',
      inApp: true,
      digest: 'daily',
      push: true,
    });
    expect(after.find((s) => s.kind === 'report_outcome')?.digest).toBe('weekly');
    // Nobody else's settings moved.
    const other = await createMember(server);
    expect((await settingsOf(other)).every((s) => s.inApp && s.digest === 'off')).toBe(true);
  });

  it('refuse what is not a setting with a clear message, and change nothing', async () => {
    const member = await createMember(server);
    for (const [body, message] of [
      [{ settings: [{ kind: 'gossip', inApp: true, digest: 'off' }] }, 'That is not a kind of notification.'],
      [
        { settings: [{ kind: 'post_liked', inApp: true, digest: 'hourly' }] },
        'The email digest is daily, weekly or off.',
      ],
      [
        { settings: [{ kind: 'post_liked', inApp: 'yes', digest: 'off' }] },
        'Say whether it is shown in the app (true or false).',
      ],
      [{ settings: 'all' }, 'Send the settings as a list.'],
    ] as const) {
      const answer = await call(member, 'PUT', '/api/notifications/settings', body);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(message);
    }
    expect((await settingsOf(member)).every((s) => s.inApp && s.digest === 'off')).toBe(true);
    for (const [method, path] of [
      ['GET', '/api/notifications/settings'],
      ['PUT', '/api/notifications/settings'],
    ] as const) {
      expect((await call(null, method, path, method === 'PUT' ? { settings: [] } : undefined)).status).toBe(
        401,
      );
    }
  });

  it('marking all read leaves the kinds not shown in the app unread, for their digest', async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    const admin = await createMember(server, { userType: 'admin' });
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_liked', inApp: false, digest: 'daily' }],
    });
    await like(liker, await post(author, 'Mailed, not shown'));
    await ok(admin, 'POST', '/api/admin/notifications', { text: 'Shown, not mailed' });
    await server.broadcasts.settle();
    expect(await ok(author, 'PUT', '/api/notifications/read')).toEqual({ unread: 0 });
    await digests();
    const [mail] = await mailTo(author);
    expect(mail?.text).toContain('liked your post: "Mailed, not shown"');
    expect(mail?.text).not.toContain('Shown, not mailed');
  });

  it('a kind not shown in the app leaves the list and the bell, and comes back when shown again', async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    await like(liker, await post(author, 'Liked while muted'));
    expect(await unreadOf(author)).toBe(1);
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_liked', inApp: false, digest: 'off' }],
    });
    expect((await listOf(author)).notifications).toEqual([]);
    expect(await unreadOf(author)).toBe(0);
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_liked', inApp: true, digest: 'off' }],
    });
    expect(await unreadOf(author)).toBe(1);
  });
});

/** The bell's stream as a browser reads it: each `unread` event's count, in order. */
async function openStream(member: Member | null) {
  const controller = new AbortController();
  const res = await server.request('/api/notifications/stream', {
    headers: member ? { cookie: member.cookie } : {},
    signal: controller.signal,
  });
  const counts: number[] = [];
  const waiting: (() => void)[] = [];
  let ended = false;
  const done = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (/^event: unread$/m.test(event) && data)
            counts.push((JSON.parse(data) as { unread: number }).unread);
          end = buffer.indexOf('\n\n');
        }
        for (const wake of waiting.splice(0)) wake();
      }
    } catch {
      // aborted by the test
    }
    ended = true;
    for (const wake of waiting.splice(0)) wake();
  })();
  return {
    res,
    counts,
    /** Resolves once `count` events have come (or the stream ended). */
    async events(count: number) {
      while (counts.length < count && !ended) await new Promise<void>((resolve) => waiting.push(resolve));
      return counts.slice(0, count);
    },
    /**
     * Resolves with the latest count once it is `unread` (or the stream ended). A count may be told
     * again (each stream opened tells all of that person's; changes heard apart are counted apart),
     * so a sequence of events depends on timing, and the latest count does not.
     */
    async reaches(unread: number) {
      while (counts.at(-1) !== unread && !ended) await new Promise<void>((resolve) => waiting.push(resolve));
      return counts.at(-1);
    },
    get ended() {
      return ended;
    },
    async close() {
      controller.abort();
      await done;
    },
    done,
  };
}

/** A stream of the member's that opens, tried again while the server has not yet freed a place. */
async function opened(member: Member) {
  let stream: Awaited<ReturnType<typeof openStream>> | undefined;
  await vi.waitFor(
    async () => {
      const attempt = await openStream(member);
      if (attempt.res.status !== 200) await attempt.close();
      expect(attempt.res.status).toBe(200);
      stream = attempt;
    },
    { timeout: scaled(10_000), interval: 20 },
  );
  if (!stream) throw new Error('no stream opened');
  return stream;
}

describe('the live stream', () => {
  it("tells the author's open streams the new count when a like comes, and nobody else's", async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    const id = await post(author, 'Watch the bell');
    const mine = await openStream(author);
    const tab = await openStream(author);
    const theirs = await openStream(liker);
    expect(mine.res.headers.get('content-type')).toContain('text/event-stream');
    expect(await mine.events(1)).toEqual([0]);
    expect(await theirs.events(1)).toEqual([0]);
    await tab.events(1);

    await like(liker, id);
    expect(await mine.reaches(1)).toBe(1);
    expect(await tab.reaches(1)).toBe(1);
    await ok(author, 'PUT', '/api/notifications/read');
    expect(await mine.reaches(0)).toBe(0);
    // The liker's stream heard nothing of it.
    expect(theirs.counts.every((unread) => unread === 0)).toBe(true);
    await Promise.all([mine.close(), tab.close(), theirs.close()]);
  });

  it('is told when a like makes a read notification unread again, and refused beyond ten at once', async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    const id = await post(author, 'Read, then liked again');
    await like(liker, id);
    await ok(author, 'PUT', '/api/notifications/read');
    const stream = await openStream(author);
    expect(await stream.events(1)).toEqual([0]);
    await like(await createMember(server), id);
    expect(await stream.events(2)).toEqual([0, 1]);

    const more = [];
    for (let i = 1; i < 10; i++) more.push(await openStream(author));
    const refused = await openStream(author);
    expect(refused.res.status).toBe(429);
    expect(await refused.res.text()).toContain(NOTIFICATION_MESSAGES.tooManyStreams);
    await Promise.all([stream, ...more].map((s) => s.close()));
  });

  it('answers HEAD with its headers and no stream: a place is held only by an open stream', async () => {
    const member = await createMember(server);
    // More HEADs than places: each is answered at once and holds none (a stream nobody reads would
    // have held one for minutes).
    for (let i = 0; i <= MOST_STREAMS_PER_USER; i++) {
      const head = await server.request('/api/notifications/stream', {
        method: 'HEAD',
        headers: { cookie: member.cookie },
      });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toContain('text/event-stream');
    }
    expect(server.notificationStreams.full(member.account.userId)).toBe(false);
    const stream = await openStream(member);
    expect(stream.res.status).toBe(200);
    expect(await stream.events(1)).toEqual([0]);
    await stream.close();
    // A visitor's HEAD is refused as the GET is.
    expect((await server.request('/api/notifications/stream', { method: 'HEAD' })).status).toBe(401);
  });

  it('gives a place back as soon as the client closes its stream', async () => {
    const member = await createMember(server);
    const open = [];
    for (let i = 0; i < MOST_STREAMS_PER_USER; i++) open.push(await openStream(member));
    await Promise.all(open.map((s) => s.events(1)));
    expect((await openStream(member)).res.status).toBe(429);
    await Promise.all(open.map((s) => s.close()));
    // The server hears each close over the network: every place comes back within moments (the
    // stream's own end is minutes away), so as many streams open again.
    const again = [];
    for (let i = 0; i < MOST_STREAMS_PER_USER; i++) {
      again.push(await opened(member));
    }
    await Promise.all(again.map((s) => s.close()));
  });

  it('is refused to visitors and ends when the session does', async () => {
    const visitor = await openStream(null);
    expect(visitor.res.status).toBe(401);
    const member = await createMember(server);
    const stream = await openStream(member);
    await stream.events(1);
    await ok(member, 'POST', '/api/auth/sign-out', {});
    await stream.done;
    expect(stream.ended).toBe(true);
    // Coming back with the ended session is refused.
    expect((await openStream(member)).res.status).toBe(401);
  });
});

describe('notices from the admins', () => {
  it('reach every member, and only admins send them', async () => {
    const admin = await createMember(server, { userType: 'admin' });
    const moderator = await createMember(server, { userType: 'moderator' });
    const member = await createMember(server);
    for (const sender of [moderator, member]) {
      expect((await call(sender, 'POST', '/api/admin/notifications', { text: 'Hello' })).status).toBe(403);
    }
    expect((await call(null, 'POST', '/api/admin/notifications', { text: 'Hello' })).status).toBe(401);
    const empty = await call(admin, 'POST', '/api/admin/notifications', { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Write the notice first.');
    expect((await listOf(member)).notifications.filter((n) => n.kind === 'admin_notice')).toEqual([]);

    const answer = await ok(admin, 'POST', '/api/admin/notifications', {
      text: '  Yearbook photos on Friday  ',
    });
    await server.broadcasts.settle();
    const members = await server.database.db.select({ id: profiles.userId }).from(profiles);
    expect(answer).toEqual({ sent: members.length });
    for (const someone of [member, moderator, admin]) {
      const notices = (await listOf(someone)).notifications.filter((n) => n.kind === 'admin_notice');
      expect(notices.map((n) => [n.notice, n.read, n.post])).toEqual([
        ['Yearbook photos on Friday', false, null],
      ]);
      expect(JSON.stringify(notices)).not.toContain(admin.username);
    }
  });

  it('are handed out a batch at a time, to each member once, several instances at once', ENGINE, async () => {
    await createMember(server);
    const text = `Batched notice ${Math.random()}`;
    const members = await queueBroadcast(server.database.db, text);
    const late = await createMember(server);
    // Three "instances" with batches of two, at once.
    await Promise.all([1, 2, 3].map(() => deliverBroadcasts(server.database.db, 2)));
    const told = await queryRows<{ user_id: string; times: number }>(
      server.database.db,
      sql`select user_id, count(*)::int as times from notifications
          where kind = 'admin_notice' and detail = ${text} group by user_id`,
    );
    expect(told).toHaveLength(members);
    expect(told.every((row) => row.times === 1)).toBe(true);
    // Who joined after it was sent is not told.
    expect(told.map((row) => row.user_id)).not.toContain(late.account.userId);
    const [left] = await queryRows<{ pending: number }>(
      server.database.db,
      sql`select count(*)::int as pending from notification_broadcasts where done_at is null`,
    );
    expect(left?.pending).toBe(0);
  });
});

describe('email digests', () => {
  it('mail what is unread of the kinds asked for, once a period, with a link that stops them', async () => {
    const author = await createMember(server, { fullName: 'Dee Gest' });
    const liker = await createMember(server, { fullName: 'Priya Raman' });
    const named = await post(author, 'A post for the digest');
    const hidden = await post(author, 'An anonymous one for the digest', true);
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_liked', inApp: true, digest: 'daily' }],
    });
    await like(liker, named);
    await like(liker, hidden);
    // A kind the author did not ask to be mailed.
    const admin = await createMember(server, { userType: 'admin' });
    await ok(admin, 'POST', '/api/admin/notifications', { text: 'Not in the digest' });
    await server.broadcasts.settle();

    expect(await digests()).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mailTo(author);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Campus Yearbook: what happened today');
    expect(mail?.text).toContain('- Priya Raman liked your post: "A post for the digest"');
    expect(mail?.text).toContain('- Priya Raman liked your post: "An anonymous one for the digest"');
    expect(mail?.text).not.toContain('Not in the digest');
    expect(mail?.html).toContain('<q>A post for the digest</q>');
    // The person's stored token, made for their first digest: random, naming nobody.
    const token = await storedTokenOf(author);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(`${server.url}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(mail?.html).toContain(`${server.url}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${server.url}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Nobody else was mailed about the author's posts.
    expect(await mailTo(liker)).toEqual([]);

    // Not again within the day, even with something new.
    await like(await createMember(server), named);
    await digests();
    expect(await mailTo(author)).toHaveLength(1);

    // A day later: what changed since, and nothing read.
    await lastDigestWent(author, 'daily', '1 day 1 minute');
    await ok(author, 'PUT', '/api/notifications/read');
    await digests();
    expect(await mailTo(author)).toHaveLength(1);
    await lastDigestWent(author, 'daily', '1 day 1 minute');
    await like(await createMember(server, { fullName: 'Ravi Kumar' }), hidden);
    await digests();
    const mails = await mailTo(author);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes('Ravi Kumar and 1 other liked your post'))).toBe(true);
    // The later digest carries the same link.
    expect(mails.every((m) => m.text.includes(`unsubscribe?token=${encodeURIComponent(token)}`))).toBe(true);
  });

  it('mail replies and mentions in their words, naming no anonymous writer (issue #49)', async () => {
    const author = await createMember(server, { fullName: 'Rhea Digest' });
    const named = await createMember(server, { fullName: 'Kiran Named' });
    const hidden = await createMember(server, { fullName: 'Zoya Hidden' });
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: ['post_replied', 'reply_replied', 'mentioned'].map((kind) => ({
        kind,
        inApp: true,
        digest: 'daily',
      })),
    });
    const postId = await post(author, 'Who is going to the fest?');
    const reply = (as: Member, content: string, extra: object = {}) =>
      ok(as, 'POST', `/api/posts/${postId}/replies`, { content, ...extra }) as Promise<{ id: string }>;
    await reply(hidden, 'Count me in, quietly', { isAnonymous: true });
    await reply(named, 'Me too');
    const mine = await reply(author, 'Great, see you there');
    await reply(hidden, 'Answering the author', { replyToId: mine.id, isAnonymous: true });
    await post(named, `@${author.username} saved you a seat`);

    expect(await digests()).toBeGreaterThanOrEqual(1);
    const [mail] = await mailTo(author);
    expect(mail?.text).toContain(
      '- Kiran Named and 1 other replied to your post: "Who is going to the fest?"',
    );
    // An anonymous reply alone is counted, never named.
    expect(mail?.text).toContain('- 1 new reply to your reply: "Great, see you there"');
    expect(mail?.text).toContain(
      `- Kiran Named mentioned you in a post: "@${author.username} saved you a seat"`,
    );
    expect(mail?.text).not.toContain('Zoya');
    expect(mail?.html).not.toContain('Zoya');
  });

  it('leave out nothing that came between two digests when a look comes late', async () => {
    const author = await createMember(server);
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_liked', inApp: true, digest: 'daily' }],
    });
    const id = await post(author, 'Liked just after a digest');
    await like(await createMember(server), id);
    await digests();
    expect(await mailTo(author)).toHaveLength(1);
    await ok(author, 'PUT', '/api/notifications/read');
    // The last digest went 26 hours ago; a like came an hour after it, 25 hours ago.
    await lastDigestWent(author, 'daily', '26 hours');
    await like(await createMember(server), id);
    await server.database.db.execute(
      sql`update notifications set updated_at = now() - interval '25 hours' where post_id = ${id}::uuid`,
    );
    await digests();
    const mails = await mailTo(author);
    expect(mails).toHaveLength(2);
    expect(mails.filter((mail) => mail.text.includes('Liked just after a digest'))).toHaveLength(2);
  });

  it('go once when several instances look at the same moment', ENGINE, async () => {
    const author = await createMember(server);
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_liked', inApp: true, digest: 'daily' }],
    });
    await like(await createMember(server), await post(author, 'Looked at twice'));
    // On PostgreSQL the three take connections of their own and meet the row lock (SKIP LOCKED); PGlite
    // runs one transaction at a time, where this holds trivially.
    await Promise.all([digests(), digests(), digests()]);
    expect(await mailTo(author)).toHaveLength(1);
  });

  it('end after the digest at hand when the instance is stopping, and leave the rest due', async () => {
    const liker = await createMember(server);
    const authors = [await createMember(server), await createMember(server)];
    for (const author of authors) {
      await ok(author, 'PUT', '/api/notifications/settings', {
        settings: [{ kind: 'post_liked', inApp: true, digest: 'daily' }],
      });
      await like(liker, await post(author, 'Mailed before or after a restart'));
    }
    // Shutdown comes while the first digest is queued (job-runner.ts aborts the look's signal).
    const stopping = new AbortController();
    const outbox = createMailer({ db: server.database.db, smtp: false });
    const mailed = await sendDueDigests(
      {
        db: server.database.db,
        publicUrl: server.url,
        mailer: {
          kind: 'outbox',
          async send(mail, tx) {
            await outbox.send(mail, tx);
            stopping.abort();
          },
        },
      },
      stopping.signal,
    );
    expect(mailed).toBe(1);
    // The next look (another instance, or the next start) mails the one left, and no one twice.
    expect(await digests()).toBeGreaterThanOrEqual(1);
    for (const author of authors) expect(await mailTo(author)).toHaveLength(1);
  });

  it('list at most a page of notifications and point to the rest', async () => {
    const author = await createMember(server);
    const liker = await createMember(server);
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_liked', inApp: false, digest: 'weekly' }],
    });
    for (let i = 0; i <= DIGEST_ITEMS; i++) await like(liker, await post(author, `Weekly ${i}`));
    await digests();
    const [mail] = await mailTo(author);
    expect(mail?.subject).toBe('Campus Yearbook: what happened this week');
    expect(mail?.text.match(/^- /gm)).toHaveLength(DIGEST_ITEMS);
    expect(mail?.text).toContain('And more: see them all on your notifications page.');
  });

  it("stop with the digest's own link, mailed to one person and good for nobody else", async () => {
    const member = await digestReader();
    const other = await digestReader();
    const [mail] = await mailTo(member);
    const oneClick = /^<(.*)>$/.exec(String(mail?.headers?.['List-Unsubscribe']))?.[1] ?? '';
    expect(oneClick).toContain('/api/notifications/unsubscribe?token=');
    // RFC 8058: a mail client posts a form to the header's address, with no cookie and no Origin.
    const answer = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    expect((await settingsOf(member)).every((s) => s.digest === 'off')).toBe(true);
    expect((await settingsOf(other)).some((s) => s.digest === 'daily')).toBe(true);
  });

  it('refuse the old link and the signed one once the token is replaced, and take the new one', async () => {
    const member = await digestReader();
    const mailed = await storedTokenOf(member);
    const signed = legacyUnsubscribeToken(SECRET, member.account.userId);
    // What an email change does, in its transaction: digests mailed to the old address stop working.
    await server.database.db.transaction((tx) => rotateUnsubscribeToken(tx, member.account.userId));
    for (const old of [mailed, signed]) {
      const answer = await callJson(server, 'POST', '/api/notifications/unsubscribe', undefined, {
        token: old,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(NOTIFICATION_MESSAGES.badToken);
      const oneClick = await server.request(
        `/api/notifications/unsubscribe?token=${encodeURIComponent(old)}`,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' },
      );
      expect(oneClick.status).toBe(400);
    }
    expect((await settingsOf(member)).some((s) => s.digest === 'daily')).toBe(true);

    // The next digest carries the new token, which works.
    await lastDigestWent(member, 'daily', '1 day 1 minute');
    await like(await createMember(server), await post(member, 'After the address changed'));
    await digests();
    const renewed = await storedTokenOf(member);
    expect(renewed).not.toBe(mailed);
    const latest = (await mailTo(member)).find((m) => m.text.includes('After the address changed'));
    expect(latest?.text).toContain(`unsubscribe?token=${encodeURIComponent(renewed)}`);
    expect(latest?.text).not.toContain(mailed);
    expect(
      await okJson(server, 'POST', '/api/notifications/unsubscribe', undefined, { token: renewed }),
    ).toEqual({ unsubscribed: true });
    expect((await settingsOf(member)).every((s) => s.digest === 'off')).toBe(true);
  });

  it("answer a deleted account's signed link as before, and a token that is not ours with 400", async () => {
    const member = await digestReader();
    const signed = legacyUnsubscribeToken(SECRET, member.account.userId);
    await server.database.db.execute(sql`delete from users where id = ${member.account.userId}`);
    expect(
      await okJson(server, 'POST', '/api/notifications/unsubscribe', undefined, { token: signed }),
    ).toEqual({ unsubscribed: true });
    for (const bad of ['A'.repeat(43), `${signed}x`]) {
      const answer = await callJson(server, 'POST', '/api/notifications/unsubscribe', undefined, {
        token: bad,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(NOTIFICATION_MESSAGES.badToken);
    }
  });

  it('stop for the holder of a signed link mailed before tokens were stored (one-click and the page), and a forged link changes nothing', async () => {
    const member = await createMember(server);
    await ok(member, 'PUT', '/api/notifications/settings', {
      settings: [
        { kind: 'post_liked', inApp: false, digest: 'daily' },
        { kind: 'admin_notice', inApp: true, digest: 'weekly' },
      ],
    });
    const token = legacyUnsubscribeToken(SECRET, member.account.userId);
    const forged = legacyUnsubscribeToken('another-secret', member.account.userId);
    for (const bad of [forged, 'nonsense', '']) {
      const answer = await callJson(server, 'POST', '/api/notifications/unsubscribe', undefined, {
        token: bad,
      });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(bad ? NOTIFICATION_MESSAGES.badToken : 'not valid');
    }
    expect((await settingsOf(member)).filter((s) => s.digest !== 'off')).toHaveLength(2);

    // RFC 8058: a mail client posts a form to the header's address, with no cookie and no Origin.
    const oneClick = await server.request(
      `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(oneClick.status).toBe(200);
    const after = await settingsOf(member);
    expect(after.every((s) => s.digest === 'off')).toBe(true);
    // The in-app choices stay.
    expect(after.find((s) => s.kind === 'post_liked')?.inApp).toBe(false);
    // Again, and from the page: the same answer.
    expect(await okJson(server, 'POST', '/api/notifications/unsubscribe', undefined, { token })).toEqual({
      unsubscribed: true,
    });
  });
});
