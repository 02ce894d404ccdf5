// Moderation over HTTP on a real database (SPEC §2 post card staff parts and Reports, §3 Report, §4, §6):
// who may report and work reports, exact counts under concurrency, one count per person, resolve and
// unresolve, staff deletes, the reports page's tabs and sorts, anonymity before staff, and the log.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountOptions, createMember, type Member } from '../../../../tests/support/accounts';
import { ENGINE } from '../../../../tests/support/engines';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { REPORT_MESSAGES } from '../../../shared/reports';
import { moderationLog, reports, sessions, users } from '../../db/schema';
import { setUserRole } from '../admin-users/set-user-role';

let server: TestServer;
let moderator: Member;
let admin: Member;

beforeAll(async () => {
  // Dozens of accounts sign in from one address; the limits have tests of their own.
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  moderator = await createMember(server, { userType: 'moderator', fullName: 'Mona Moderator' });
  admin = await createMember(server, { userType: 'admin', fullName: 'Ada Admin' });
});
afterAll(() => server.close());

/** A removal's statement of reasons (issue #47). */
const REMOVAL = { rule: 'harassment', facts: 'Targets a classmate.' };

const call = (method: Parameters<typeof callJson>[1], path: string, cookie?: string, body?: unknown) =>
  callJson(server, method, path, cookie, body);
const member = (options: AccountOptions = {}) => createMember(server, options);

async function post(as: Member, content: string, isAnonymous = false) {
  const res = await call('POST', '/api/posts', as.cookie, { content, isAnonymous });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

const report = (postId: string, as: Member | undefined, reason = 'spam', detail?: string) =>
  call('POST', `/api/posts/${postId}/report`, as?.cookie, { reason, ...(detail ? { detail } : {}) });

async function reportsPage(query = '', as: Member = moderator) {
  const res = await call('GET', `/api/reports${query}`, as.cookie);
  expect(res.status, res.text).toBe(200);
  return res.body as {
    reports: {
      id: string;
      count: number;
      resolved: boolean;
      resolvedBy: string | null;
      post: { id: string };
    }[];
    nextCursor: string | null;
  };
}

const signIn = (who: Member) =>
  call('POST', '/api/session', undefined, { identifier: who.account.email, password: who.account.password });

async function reportOf(postId: string, status = 'unresolved') {
  const page = await reportsPage(`?status=${status}&sort=newest`);
  return page.reports.find((item) => item.post.id === postId);
}

describe('who may do what', () => {
  it('walks every reports route as visitor, ordinary user, post owner, moderator and admin', async () => {
    const owner = await member();
    const ordinary = await member();
    const target = await post(owner, 'A post for the role matrix');
    expect((await report(target.id, ordinary)).status).toBe(200);
    const reportId = (await reportOf(target.id))?.id as string;

    const people: [string, Member | undefined][] = [
      ['visitor', undefined],
      ['ordinary', ordinary],
      ['owner', owner],
      ['moderator', moderator],
      ['admin', admin],
    ];
    const expected: Record<string, Record<string, number>> = {
      report: { visitor: 401, ordinary: 200, owner: 403, moderator: 403, admin: 403 },
      list: { visitor: 401, ordinary: 403, owner: 403, moderator: 200, admin: 200 },
      resolve: { visitor: 401, ordinary: 403, owner: 403, moderator: 200, admin: 200 },
      log: { visitor: 401, ordinary: 403, owner: 403, moderator: 403, admin: 200 },
      suspend: { visitor: 401, ordinary: 403, owner: 403, moderator: 204, admin: 204 },
    };
    for (const [who, as] of people) {
      const cookie = as?.cookie;
      const answers = {
        report: await report(target.id, as),
        list: await call('GET', '/api/reports', cookie),
        resolve: await call('PUT', `/api/reports/${reportId}/resolution`, cookie, { resolved: true }),
        log: await call('GET', '/api/admin/moderation-log', cookie),
        // A post of its own each time: a suspension ends its author's sessions.
        suspend: await call(
          'POST',
          `/api/posts/${(await post(await member(), 'Suspend me?')).id}/author-suspension`,
          cookie,
        ),
      };
      for (const [route, answer] of Object.entries(answers)) {
        expect(answer.status, `${who} ${route}: ${answer.text}`).toBe(expected[route]?.[who]);
      }
    }
    expect((await report(target.id, moderator)).body.error.message).toBe("Moderators can't report");
    expect((await report(target.id, owner)).body.error.message).toBe(REPORT_MESSAGES.ownPost);
  });
});

describe('reporting', () => {
  it('50 people reporting one post at once end at exactly 50', ENGINE, async () => {
    const author = await member();
    const target = await post(author, 'Everyone reports this at once');
    const reporters = await Promise.all(Array.from({ length: 50 }, () => member()));
    const answers = await Promise.all(
      reporters.map((as, i) => report(target.id, as, i % 2 ? 'spam' : 'hate')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const item = await reportOf(target.id);
    expect(item?.count).toBe(50);
    expect(item && 'reasons' in item ? item.reasons : null).toEqual([
      { reason: 'hate', count: 25 },
      { reason: 'spam', count: 25 },
    ]);
  });

  it('one person reporting twice counts once, and is answered the same', async () => {
    const target = await post(await member(), 'Reported twice by one person');
    const reporter = await member();
    expect((await report(target.id, reporter)).body).toEqual({ reported: true });
    expect((await report(target.id, reporter, 'hate')).body).toEqual({ reported: true });
    expect((await reportOf(target.id))?.count).toBe(1);
  });

  it('needs a reason, a short text for "other", and a live post', async () => {
    const author = await member();
    const target = await post(author, 'Reasons matter');
    const reporter = await member();
    expect((await report(target.id, reporter, 'because')).status).toBe(400);
    const other = await report(target.id, reporter, 'other');
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe(REPORT_MESSAGES.detailRequired);
    expect((await report(target.id, reporter, 'other', 'x'.repeat(201))).status).toBe(400);
    expect((await report(target.id, reporter, 'other', 'nul\u0000byte')).status).toBe(400);
    expect((await report(target.id, reporter, 'other', '   ')).body.error.message).toBe(
      REPORT_MESSAGES.detailRequired,
    );
    expect((await reportsPage('?sort=newest')).reports.some((item) => item.post.id === target.id)).toBe(
      false,
    );
    expect((await report(target.id, reporter, 'other', 'It names my roommate')).status).toBe(200);
    expect((await report('00000000-0000-4000-8000-000000000000', reporter)).status).toBe(404);
    expect((await call('DELETE', `/api/posts/${target.id}`, author.cookie)).status).toBe(204);
    expect((await report(target.id, await member())).status).toBe(404);
  });
});

describe('resolving', () => {
  it('sets resolved_by to the staff member, clears it on unresolve, and reopens on a new report', async () => {
    const target = await post(await member(), 'Resolve me');
    await report(target.id, await member());
    const open = await reportOf(target.id);
    const resolved = await call('PUT', `/api/reports/${open?.id}/resolution`, moderator.cookie, {
      resolved: true,
    });
    expect(resolved.status).toBe(200);
    const row = async () =>
      (await server.database.db.select().from(reports).where(eq(reports.postId, target.id)))[0];
    expect(await row()).toMatchObject({ resolved: true, resolvedBy: moderator.account.userId });
    expect(await reportOf(target.id)).toBeUndefined();
    expect(await reportOf(target.id, 'resolved')).toMatchObject({
      resolved: true,
      resolvedBy: moderator.username,
    });

    await call('PUT', `/api/reports/${open?.id}/resolution`, admin.cookie, { resolved: false });
    expect(await row()).toMatchObject({ resolved: false, resolvedBy: null });
    expect(await reportOf(target.id)).toMatchObject({ resolved: false, resolvedBy: null });

    await call('PUT', `/api/reports/${open?.id}/resolution`, admin.cookie, { resolved: true });
    await report(target.id, await member());
    expect(await row()).toMatchObject({ resolved: false, resolvedBy: null, reportCount: 2 });
  });

  it('refuses a bad body and answers 404 for an unknown report', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('PUT', `/api/reports/${missing}/resolution`, moderator.cookie, { resolved: true })).status,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/reports/${missing}/resolution`, moderator.cookie, { resolved: 'yes' })).status,
    ).toBe(400);
    expect((await call('GET', '/api/reports?status=open', moderator.cookie)).status).toBe(400);
    // Hand-made cursors: a time PostgreSQL cannot read, a count beyond its integer.
    const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    for (const [sort, values] of [
      ['newest', ['x', missing]],
      ['most_reported', [9_007_199_254_740_991, '2026-01-10 12:00:00+00', missing]],
    ] as const) {
      const res = await call(
        'GET',
        `/api/reports?sort=${sort}&cursor=${forged([...values])}`,
        moderator.cookie,
      );
      expect(res.status, res.text).toBe(400);
    }
  });

  it('a staff removal resolves the open report first, and the post leaves both tabs', async () => {
    const author = await member();
    const target = await post(author, 'Delete me, moderator');
    await report(target.id, await member());
    expect((await call('POST', `/api/posts/${target.id}/removal`, moderator.cookie, REMOVAL)).status).toBe(
      200,
    );
    const [row] = await server.database.db.select().from(reports).where(eq(reports.postId, target.id));
    expect(row).toMatchObject({ resolved: true, resolvedBy: moderator.account.userId });
    expect(await reportOf(target.id)).toBeUndefined();
    expect(await reportOf(target.id, 'resolved')).toBeUndefined();
  });
});

describe('the reports page', () => {
  it('sorts by count, newest and oldest, and pages without gaps or repeats', async () => {
    // A server of its own, so the lists hold exactly these reports.
    const own = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
    try {
      const mod = await createMember(own, { userType: 'moderator' });
      const author = await createMember(own);
      const reporters = await Promise.all(Array.from({ length: 5 }, () => createMember(own)));
      const ids: string[] = [];
      for (let i = 0; i < 15; i += 1) {
        const created = await callJson(own, 'POST', '/api/posts', author.cookie, {
          content: `Reported ${i}`,
        });
        ids.push(created.body.id);
        // Post i gets (i % 5) + 1 reports.
        for (const reporter of reporters.slice(0, (i % 5) + 1)) {
          await callJson(own, 'POST', `/api/posts/${created.body.id}/report`, reporter.cookie, {
            reason: 'spam',
          });
        }
      }
      const all = async (sort: string) => {
        const seen: { post: { id: string }; count: number }[] = [];
        let cursor: string | null = null;
        do {
          const query: string = `?sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
          const page = await callJson(own, 'GET', `/api/reports${query}`, mod.cookie);
          expect(page.status, page.text).toBe(200);
          seen.push(...page.body.reports);
          cursor = page.body.nextCursor;
        } while (cursor);
        return seen;
      };
      const newest = await all('newest');
      expect(newest.map((item) => item.post.id)).toEqual([...ids].reverse());
      expect((await all('oldest')).map((item) => item.post.id)).toEqual(ids);
      const most = await all('most_reported');
      expect(most).toHaveLength(15);
      expect(new Set(most.map((item) => item.post.id)).size).toBe(15);
      const counts = most.map((item) => item.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(counts[0]).toBe(5);
      expect((await callJson(own, 'GET', '/api/reports?status=resolved', mod.cookie)).body.reports).toEqual(
        [],
      );
    } finally {
      await own.close();
    }
  });
});

describe('anonymous posts before staff', () => {
  it('staff see the post, its reports and reasons, delete it and suspend its author, and learn nothing of who', async () => {
    const secret = await member({ fullName: 'Secret Sid' });
    const anonymous = await post(secret, 'An anonymous confession to moderate', true);
    await report(anonymous.id, await member(), 'other', 'Names a classmate');
    const answers: string[] = [];
    for (const staff of [moderator, admin]) {
      const list = await call('GET', '/api/reports?sort=newest', staff.cookie);
      const item = list.body.reports.find(
        (entry: { post: { id: string } }) => entry.post.id === anonymous.id,
      );
      expect(item).toMatchObject({ count: 1, details: ['Names a classmate'], post: { author: null } });
      expect(item.reasons).toEqual([{ reason: 'other', count: 1 }]);
      answers.push(list.text, (await call('GET', `/api/posts/${anonymous.id}`, staff.cookie)).text);
      answers.push((await call('GET', '/api/posts?sort=newest', staff.cookie)).text);
    }
    // Moderators are refused for every anonymous post alike, so the refusal says nothing of the author.
    const refused = await call('POST', `/api/posts/${anonymous.id}/author-suspension`, moderator.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only an admin can suspend the author of an anonymous post.');
    answers.push(refused.text);
    const suspended = await call('POST', `/api/posts/${anonymous.id}/author-suspension`, admin.cookie);
    expect(suspended.status).toBe(204);
    answers.push(suspended.text, JSON.stringify(Object.fromEntries(suspended.headers)));
    const removed = await call('POST', `/api/posts/${anonymous.id}/removal`, moderator.cookie, REMOVAL);
    expect(removed.status).toBe(200);
    answers.push(removed.text);
    answers.push((await call('GET', '/api/admin/moderation-log', admin.cookie)).text);
    for (const text of answers) {
      for (const secretBit of [secret.account.userId, secret.username, 'Secret Sid', secret.account.email]) {
        expect(text).not.toContain(secretBit);
      }
    }
    // The author really is suspended (sealed: the listed flag stays unset), and their session is gone.
    const [account] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.id, secret.account.userId));
    expect(account?.suspendedAt).toBeNull();
    expect((await call('GET', '/api/posts', secret.cookie)).status).toBe(401);
    expect((await signIn(secret)).status).toBe(403);
  });

  it('a moderator cannot suspend staff from a post; nobody suspends themselves', async () => {
    const otherModerator = await member({ userType: 'moderator' });
    const byStaff = await post(otherModerator, 'Posted by a moderator');
    const refused = await call('POST', `/api/posts/${byStaff.id}/author-suspension`, moderator.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only an admin can suspend this account.');
    const own = await post(admin, 'My own post');
    expect((await call('POST', `/api/posts/${own.id}/author-suspension`, admin.cookie)).status).toBe(409);
  });
});

describe('a suspension sealed through an anonymous post', () => {
  const suspendThrough = (postId: string, as: Member = admin) =>
    call('POST', `/api/posts/${postId}/author-suspension`, as.cookie);
  const lift = (postId: string, as: Member = admin) =>
    call('DELETE', `/api/posts/${postId}/author-suspension`, as.cookie);
  async function sealedList() {
    const res = await call('GET', '/api/admin/sealed-suspensions', admin.cookie);
    expect(res.status, res.text).toBe(200);
    return res.body.suspensions as { postId: string; postContent: string | null; suspendedBy: string }[];
  }
  async function logEntriesOf(postId: string) {
    const res = await call('GET', '/api/admin/moderation-log', admin.cookie);
    return (
      res.body.entries as { postId: string; action: string; target: string | null; liftable: boolean }[]
    ).filter((entry) => entry.postId === postId);
  }

  it('keeps the account out (sign-in, every request, a session made meanwhile) until lifted', async () => {
    const author = await member();
    const first = await post(author, 'First sealed confession', true);
    const second = await post(author, 'Second sealed confession', true);
    expect((await suspendThrough(first.id)).status).toBe(204);
    // Again through the same post: the same answer, one suspension.
    expect((await suspendThrough(first.id)).status).toBe(204);
    expect((await sealedList()).filter((s) => s.postId === first.id)).toEqual([
      {
        postId: first.id,
        postContent: 'First sealed confession',
        suspendedBy: admin.username,
        createdAt: expect.any(String),
      },
    ]);
    expect((await signIn(author)).body.error.message).toContain('suspended');
    // A sign-in racing the suspension could write its session row just after the suspension deleted
    // the account's sessions: put the row back, and the account is still let in nowhere.
    const raced = await member();
    const [racedSession] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, raced.account.userId));
    await suspendThrough((await post(raced, 'Racing the suspension', true)).id);
    if (!racedSession) throw new Error('no session row for the raced member');
    await server.database.db.insert(sessions).values(racedSession);
    const write = await call('POST', '/api/posts', raced.cookie, { content: 'still here?' });
    expect(write.status, write.text).toBe(401);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, raced.account.userId));
    expect(row?.suspendedAt).toBeNull();

    // Through the second post as well; lifting one leaves the other in force.
    expect((await suspendThrough(second.id)).status).toBe(204);
    expect((await lift(first.id)).status).toBe(204);
    expect((await signIn(author)).status).toBe(403);
    expect((await lift(second.id)).status).toBe(204);
    const back = await signIn(author);
    expect(back.status, back.text).toBe(200);
    // Lifting what is not in force, or through a post that has none, is a 404 with a message.
    const neverSuspended = await post(await member(), 'Never suspended', true);
    for (const postId of [first.id, neverSuspended.id, 'not-a-uuid']) {
      const again = await lift(postId);
      expect(again.status).toBe(404);
      expect(again.body.error.message).toBe('No suspension made through this post is in force.');
    }
  });

  it('shows in the log by post, liftable while in force, and names no account', async () => {
    const author = await member({ fullName: 'Hidden Hema' });
    const anonymous = await post(author, 'A sealed one for the log', true);
    await suspendThrough(anonymous.id);
    expect(await logEntriesOf(anonymous.id)).toEqual([
      expect.objectContaining({ action: 'user_suspended', target: null, liftable: true }),
    ]);
    await lift(anonymous.id);
    const entries = await logEntriesOf(anonymous.id);
    expect(entries.map(({ action, target, liftable }) => ({ action, target, liftable }))).toEqual([
      { action: 'user_restored', target: null, liftable: false },
      { action: 'user_suspended', target: null, liftable: false },
    ]);
    // Not even the database's log keeps the account of a hidden suspension.
    const stored = await server.database.db
      .select({ target: moderationLog.targetUserId })
      .from(moderationLog)
      .where(eq(moderationLog.postId, anonymous.id));
    expect(stored).toEqual([{ target: null }, { target: null }]);
  });

  it('is listed and lifted by admins only', async () => {
    const author = await member();
    const anonymous = await post(author, 'Only admins lift this', true);
    await suspendThrough(anonymous.id);
    const ordinary = await member();
    expect((await call('GET', '/api/admin/sealed-suspensions')).status).toBe(401);
    expect((await call('DELETE', `/api/posts/${anonymous.id}/author-suspension`)).status).toBe(401);
    for (const who of [ordinary, moderator]) {
      expect((await call('GET', '/api/admin/sealed-suspensions', who.cookie)).status).toBe(403);
      const refused = await lift(anonymous.id, who);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(
        'Only an admin can lift a suspension made through an anonymous post.',
      );
    }
    expect((await signIn(author)).status).toBe(403);
  });

  it('leaves a named author suspended by name, where the admin list shows it', async () => {
    const named = await member();
    const own = await post(named, 'A named post to suspend through');
    expect((await suspendThrough(own.id)).status).toBe(204);
    const list = await call('GET', `/api/admin/users?query=${named.username}`, admin.cookie);
    expect(list.body.users).toEqual([expect.objectContaining({ username: named.username, suspended: true })]);
    expect(await sealedList()).not.toContainEqual(expect.objectContaining({ postId: own.id }));
    expect((await lift(own.id)).status).toBe(404);
  });
});

describe('the moderation log', () => {
  it('records resolves, unresolves, deletes, askline decisions, roles and suspensions, with who did them', async () => {
    const author = await member();
    const target = await post(author, 'For the log');
    await report(target.id, await member());
    const reportId = (await reportOf(target.id))?.id;
    await call('PUT', `/api/reports/${reportId}/resolution`, moderator.cookie, { resolved: true });
    await call('PUT', `/api/reports/${reportId}/resolution`, moderator.cookie, { resolved: false });
    await call('POST', `/api/posts/${target.id}/removal`, moderator.cookie, REMOVAL);
    const askline = await call('POST', '/api/asklines', author.cookie, { content: 'Log me?' });
    await call('PUT', `/api/asklines/${askline.body.id}/review`, moderator.cookie, { decision: 'verify' });
    await call('PUT', `/api/admin/users/${author.username}/role`, admin.cookie, { userType: 'moderator' });
    await call('PUT', `/api/admin/users/${author.username}/suspension`, admin.cookie, { suspended: true });
    await call('PUT', `/api/admin/users/${author.username}/suspension`, admin.cookie, { suspended: false });

    const rows = await server.database.db.select().from(moderationLog);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const log = await logEntries();
    const mine = log.filter(
      (entry) =>
        entry.postId === target.id || entry.asklineId === askline.body.id || entry.target === author.username,
    );
    const byModerator = { kind: 'staff', username: moderator.username, role: 'moderator' };
    const byAdmin = { kind: 'staff', username: admin.username, role: 'admin' };
    expect(mine.map((entry) => [entry.action, entry.actor]).reverse()).toEqual([
      ['report_resolved', byModerator],
      ['report_unresolved', byModerator],
      ['post_deleted', byModerator],
      ['askline_verified', byModerator],
      ['role_changed', byAdmin],
      ['user_suspended', byAdmin],
      ['user_restored', byAdmin],
    ]);
    // An askline's decision says which askline, in its words.
    expect(mine.find((entry) => entry.action === 'askline_verified')?.asklineText).toBe('Log me?');
    expect(mine.find((entry) => entry.action === 'post_deleted')?.asklineText).toBeNull();
  });

  it("tells a deleted staff member's acts apart by a shared number and the role, never by name (issue #43)", async () => {
    const leaving = await member({ userType: 'moderator' });
    const alsoLeaving = await member({ userType: 'moderator' });
    const neverActed = await member({ userType: 'moderator' });
    const target = await post(await member(), 'Moderated by people who then left');
    await report(target.id, await member());
    const reportId = (await reportOf(target.id))?.id;
    const resolve = async (as: Member, resolved: boolean) =>
      expect((await call('PUT', `/api/reports/${reportId}/resolution`, as.cookie, { resolved })).status).toBe(
        200,
      );
    await resolve(leaving, true);
    // Promoted, the same person acts as an admin: each entry keeps the role it was made in.
    const promoted = await call('PUT', `/api/admin/users/${leaving.username}/role`, admin.cookie, {
      userType: 'admin',
    });
    expect(promoted.status, promoted.text).toBe(200);
    await resolve(leaving, false);
    await resolve(alsoLeaving, true);
    // The admin command line (scripts/admin.ts) acts as no account.
    await setUserRole({ db: server.database.db, account: neverActed.username, userType: 'ordinary' });

    const before = await logEntries();
    const ofTarget = before.filter((entry) => entry.postId === target.id).reverse();
    const commandLine = before.find(
      (entry) => entry.action === 'role_changed' && entry.target === neverActed.username,
    );
    expect(ofTarget.map((entry) => entry.actor)).toEqual([
      { kind: 'staff', username: leaving.username, role: 'moderator' },
      { kind: 'staff', username: leaving.username, role: 'admin' },
      { kind: 'staff', username: alsoLeaving.username, role: 'moderator' },
    ]);
    expect(commandLine?.actor).toEqual({ kind: 'command-line' });

    // An account that never acted takes no number: the second to leave who did gets the next one.
    for (const who of [leaving, neverActed, alsoLeaving]) {
      const deleted = await call('DELETE', '/api/account', who.cookie, {
        confirmation: who.username,
        password: who.account.password,
      });
      expect(deleted.status, deleted.text).toBe(200);
    }

    const answer = await call('GET', '/api/admin/moderation-log', admin.cookie);
    const after = answer.body.entries as LogEntry[];
    const actorOf = (id: string | undefined) => after.find((entry) => entry.id === id)?.actor;
    const first = actorOf(ofTarget[0]?.id) as { number: number };
    expect(first).toEqual({ kind: 'former', number: expect.any(Number), role: 'moderator' });
    expect(ofTarget.map((entry) => actorOf(entry.id))).toEqual([
      { kind: 'former', number: first.number, role: 'moderator' },
      { kind: 'former', number: first.number, role: 'admin' },
      { kind: 'former', number: first.number + 1, role: 'moderator' },
    ]);
    expect(actorOf(commandLine?.id)).toEqual({ kind: 'command-line' });
    // Nothing in the log names them any more.
    for (const who of [leaving, alsoLeaving]) {
      expect(answer.text).not.toContain(who.username);
      expect(answer.text).not.toContain(who.account.userId);
    }
  });
});

interface LogEntry {
  id: string;
  action: string;
  actor: unknown;
  target: string | null;
  postId: string | null;
  asklineId: string | null;
  asklineText: string | null;
}

async function logEntries(): Promise<LogEntry[]> {
  const res = await call('GET', '/api/admin/moderation-log', admin.cookie);
  expect(res.status, res.text).toBe(200);
  return res.body.entries;
}
