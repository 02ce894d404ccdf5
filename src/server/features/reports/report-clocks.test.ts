// The clocks of issue #47 over HTTP on a real database (India's IT Rules 2021, rule 3(2)): the reporter
// is told at once that a report was received (once, naming no author); the queue shows each unresolved
// report against 24 hours (any staff action acknowledges it) and 15 days (resolved), opens oldest first
// while any is overdue and says so, and admins alone get the overdue counts. Time is moved by writing a
// report's opened_at in the database, never by waiting.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import type { ReportItem, ReportPage } from '../../../shared/reports';
import { moderationLog, reports } from '../../db/schema';

let server: TestServer;
let moderator: Member;
let admin: Member;
let author: Member;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  [moderator, admin, author] = await Promise.all([
    createMember(server, { userType: 'moderator' }),
    createMember(server, { userType: 'admin' }),
    createMember(server, { fullName: 'Secret Sanjana' }),
  ]);
});
afterAll(() => server.close());

// Each test starts from an empty queue: reports are the queue, and its order is the subject.
beforeEach(async () => {
  await server.database.db.execute(sql`delete from reports`);
});

const call = (method: Parameters<typeof callJson>[1], path: string, who?: Member, body?: unknown) =>
  callJson(server, method, path, who?.cookie, body);

async function post(content: string, isAnonymous = false, by: Member = author): Promise<string> {
  const res = await call('POST', '/api/posts', by, { content, isAnonymous });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

async function reported(
  content: string,
  options: { ageMs?: number; isAnonymous?: boolean; by?: Member } = {},
) {
  const id = await post(content, options.isAnonymous, options.by);
  const res = await call('POST', `/api/posts/${id}/report`, await createMember(server), { reason: 'spam' });
  expect(res.status, res.text).toBe(200);
  if (options.ageMs) await age(id, options.ageMs);
  return id;
}

/** Makes a post's report as old as `ms` (its clocks started then), as if time had passed. */
async function age(postId: string, ms: number) {
  await server.database.db
    .update(reports)
    .set({ openedAt: sql`now() - make_interval(secs => ${ms / 1000})` })
    .where(eq(reports.postId, postId));
}

async function queue(query = '', who: Member = moderator): Promise<ReportPage> {
  const res = await call('GET', `/api/reports${query}`, who);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const itemOf = (page: ReportPage, postId: string): ReportItem => {
  const item = page.reports.find((entry) => entry.post.id === postId);
  if (!item) throw new Error(`no report on ${postId}`);
  return item;
};

describe('the reporter', () => {
  it('is told at once that the report was received, once, naming only the post and not its author', async () => {
    const id = await post('An anonymous rant about the mess food', true);
    const reporter = await createMember(server);
    const notifications = async () =>
      (await call('GET', '/api/notifications', reporter)).body.notifications as {
        kind: string;
        post: unknown;
      }[];
    expect((await call('POST', `/api/posts/${id}/report`, reporter, { reason: 'spam' })).status).toBe(200);
    const told = await notifications();
    expect(told).toMatchObject([{ kind: 'report_received', post: null, read: false }]);
    const text = JSON.stringify(told);
    for (const secret of [author.username, 'Sanjana', author.account.userId, 'mess food']) {
      expect(text).not.toContain(secret);
    }
    // Reporting again is counted once, and tells them nothing more.
    expect((await call('POST', `/api/posts/${id}/report`, reporter, { reason: 'hate' })).status).toBe(200);
    expect(await notifications()).toHaveLength(1);
    expect(itemOf(await queue('?sort=newest'), id).count).toBe(1);
    // Each reporter gets their own; the author, nothing.
    const another = await createMember(server);
    await call('POST', `/api/posts/${id}/report`, another, { reason: 'hate' });
    expect((await call('GET', '/api/notifications', another)).body.notifications).toHaveLength(1);
    expect((await call('GET', '/api/notifications', author)).body.notifications).toEqual([]);
  });

  it('is told nothing for a report refused (a deleted post, their own post)', async () => {
    const id = await post('Gone before it was reported');
    expect((await call('DELETE', `/api/posts/${id}`, author)).status).toBe(204);
    const reporter = await createMember(server);
    expect((await call('POST', `/api/posts/${id}/report`, reporter, { reason: 'spam' })).status).toBe(404);
    const own = await post('Reporting myself');
    expect((await call('POST', `/api/posts/${own}/report`, author, { reason: 'spam' })).status).toBe(403);
    expect((await call('GET', '/api/notifications', reporter)).body.notifications).toEqual([]);
    expect((await call('GET', '/api/notifications', author)).body.notifications).toEqual([]);
  });
});

describe('the queue', () => {
  it("answers each unresolved report's clocks, read at the database's time", async () => {
    const fresh = await reported('Reported an hour ago', { ageMs: HOUR });
    const unacknowledged = await reported('Reported 30 hours ago, untouched', { ageMs: 30 * HOUR });
    const acknowledged = await reported('Reported 30 hours ago, acknowledged', { ageMs: 30 * HOUR });
    const overdue = await reported('Reported 16 days ago', { ageMs: 16 * DAY });
    const page = await queue('?sort=newest');
    const acked = itemOf(page, acknowledged);
    expect((await call('POST', `/api/reports/${acked.id}/acknowledgement`, moderator)).status).toBe(200);
    const after = await queue('?sort=newest');
    const asOf = new Date(after.asOf).getTime();
    const states = (postId: string) => {
      const { clocks } = itemOf(after, postId);
      return [clocks?.acknowledge.state, clocks?.resolve.state];
    };
    expect(states(fresh)).toEqual(['due', 'due']);
    expect(states(unacknowledged)).toEqual(['overdue', 'due']);
    expect(states(acknowledged)).toEqual(['done', 'due']);
    expect(states(overdue)).toEqual(['overdue', 'overdue']);
    // The limits fall 24 hours and 15 days after it came in; it came in when the database says.
    const clocks = itemOf(after, fresh).clocks;
    const opened = new Date(clocks?.openedAt ?? '').getTime();
    expect(Math.abs(asOf - HOUR - opened)).toBeLessThan(60_000);
    expect(new Date(clocks?.acknowledge.dueAt ?? '').getTime() - opened).toBe(DAY);
    expect(new Date(clocks?.resolve.dueAt ?? '').getTime() - opened).toBe(15 * DAY);
    // Oldest first goes by when each came in.
    expect((await queue('?sort=oldest')).reports.map((item) => item.post.id)).toEqual([
      overdue,
      unacknowledged,
      acknowledged,
      fresh,
    ]);

    // A resolved report has no clocks.
    const item = itemOf(after, overdue);
    await call('PUT', `/api/reports/${item.id}/resolution`, moderator, { resolved: true });
    expect(itemOf(await queue('?status=resolved'), overdue).clocks).toBeNull();
  });

  it('opens oldest first while any unresolved report is overdue, says which order it used, and a chosen order wins', async () => {
    const most = await reported('Reported by three');
    for (let i = 0; i < 2; i++) {
      await call('POST', `/api/posts/${most}/report`, await createMember(server), { reason: 'spam' });
    }
    const old = await reported('Reported 10 days ago', { ageMs: 10 * DAY });
    const first = async (query: string) => {
      const page = await queue(query);
      return { sort: page.sort, first: page.reports[0]?.post.id };
    };
    expect(await first('')).toEqual({ sort: 'most_reported', first: most });

    await age(old, 15 * DAY + HOUR);
    expect(await first('')).toEqual({ sort: 'oldest', first: old });
    expect(await first('?sort=most_reported')).toEqual({ sort: 'most_reported', first: most });
    expect(await first('?sort=newest')).toEqual({ sort: 'newest', first: most });
    // The Resolved tab keeps its default: nothing in it is overdue.
    expect((await queue('?status=resolved')).sort).toBe('most_reported');

    // Resolved, it no longer decides the order.
    const item = itemOf(await queue(''), old);
    await call('PUT', `/api/reports/${item.id}/resolution`, moderator, { resolved: true });
    expect(await first('')).toEqual({ sort: 'most_reported', first: most });
    // Nor does a report on a deleted post.
    const gone = await reported('Overdue, then deleted by its author', { ageMs: 20 * DAY });
    expect(await first('')).toEqual({ sort: 'oldest', first: gone });
    await call('DELETE', `/api/posts/${gone}`, author);
    expect(await first('')).toEqual({ sort: 'most_reported', first: most });
  });

  it('pages oldest first without gaps or repeats, by the order the first page was given', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 14; i++) ids.push(await reported(`Overdue ${i}`, { ageMs: (30 - i) * DAY }));
    const seen: string[] = [];
    let page = await queue('');
    expect(page.sort).toBe('oldest');
    seen.push(...page.reports.map((item) => item.post.id));
    while (page.nextCursor) {
      page = await queue(`?sort=${page.sort}&cursor=${encodeURIComponent(page.nextCursor)}`);
      seen.push(...page.reports.map((item) => item.post.id));
    }
    expect(seen).toEqual(ids);
  });

  it('gives admins the overdue counts on a first page, and moderators none', async () => {
    await reported('Fresh');
    await reported('Unacknowledged for two days', { ageMs: 2 * DAY });
    const acknowledgedLate = await reported('Acknowledged, 20 days old', { ageMs: 20 * DAY });
    await reported('Untouched, 16 days old', { ageMs: 16 * DAY });
    const item = itemOf(await queue(''), acknowledgedLate);
    await call('POST', `/api/reports/${item.id}/acknowledgement`, moderator);

    expect((await queue('', admin)).overdue).toEqual({ resolve: 2, acknowledge: 2 });
    expect((await queue('?status=resolved', admin)).overdue).toEqual({ resolve: 2, acknowledge: 2 });
    expect((await queue('')).overdue).toBeNull();
    expect((await queue('?sort=newest')).overdue).toBeNull();
  });

  it('answers a page in a fixed number of queries', async () => {
    for (let i = 0; i < 3; i++) await reported(`Counted ${i}`, { ageMs: i * DAY });
    const count = async (query: string, who: Member) => {
      await queue(query, who);
      const recording = server.database.recordQueries();
      await queue(query, who);
      return recording.stop().length;
    };
    // The page, then its reasons; the counts when they decide the order or an admin is shown them.
    expect(await count('?sort=newest', moderator)).toBe(2);
    expect(await count('', moderator)).toBe(3);
    expect(await count('?sort=newest', admin)).toBe(3);
  });
});

describe('acknowledging', () => {
  it('a staff action on the report or its post acknowledges it: acknowledging (logged once), resolving, deleting; not a suspension', async () => {
    const ids = {
      acknowledge: await reported('To acknowledge', { ageMs: 2 * HOUR }),
      reopen: await reported('To resolve and reopen', { ageMs: 2 * HOUR }),
      suspend: await reported('Whose author is suspended', {
        ageMs: 2 * HOUR,
        isAnonymous: true,
        by: await createMember(server),
      }),
    };
    const reportId = async (postId: string) => itemOf(await queue('?sort=newest'), postId).id;
    const acknowledgedAt = async (postId: string) =>
      (await server.database.db.select().from(reports).where(eq(reports.postId, postId)))[0]?.acknowledgedAt;

    const id = await reportId(ids.acknowledge);
    const once = await call('POST', `/api/reports/${id}/acknowledgement`, moderator);
    expect(once.status, once.text).toBe(200);
    const again = await call('POST', `/api/reports/${id}/acknowledgement`, admin);
    expect(again.body).toEqual(once.body);
    const logged = await server.database.db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.postId, ids.acknowledge));
    expect(logged.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['report_acknowledged', moderator.account.userId],
    ]);

    // Staff reopening a resolved report starts its clocks again, acknowledged by that action.
    const reopenId = await reportId(ids.reopen);
    await call('PUT', `/api/reports/${reopenId}/resolution`, moderator, { resolved: true });
    await age(ids.reopen, 20 * DAY);
    await call('PUT', `/api/reports/${reopenId}/resolution`, moderator, { resolved: false });
    const reopened = itemOf(await queue('?sort=newest'), ids.reopen).clocks;
    expect(reopened?.acknowledge.state).toBe('done');
    expect(reopened?.resolve.state).toBe('due');

    // Suspending the author acts on the account: a sealed suspension changes nothing staff see.
    expect((await call('POST', `/api/posts/${ids.suspend}/author-suspension`, admin)).status).toBe(204);
    expect(await acknowledgedAt(ids.suspend)).toBeNull();

    // Removed by staff, with a statement (issue #47's removal route).
    const deleted = await reported('Deleted by staff');
    expect(await acknowledgedAt(deleted)).toBeNull();
    const removal = { rule: 'spam', facts: 'An advert.' };
    expect((await call('POST', `/api/posts/${deleted}/removal`, moderator, removal)).status).toBe(200);
    expect(await acknowledgedAt(deleted)).toBeInstanceOf(Date);
  });

  it('a new reporter reopens a resolved report with fresh clocks, not yet acknowledged', async () => {
    const id = await reported('Resolved long ago', { ageMs: 40 * DAY });
    const item = itemOf(await queue(''), id);
    await call('PUT', `/api/reports/${item.id}/resolution`, moderator, { resolved: true });
    await call('POST', `/api/posts/${id}/report`, await createMember(server), { reason: 'hate' });
    const reopened = itemOf(await queue('?sort=newest'), id);
    expect(reopened.count).toBe(2);
    expect(reopened.clocks?.acknowledge.state).toBe('due');
    expect(reopened.clocks?.resolve.state).toBe('due');
    expect((await queue('')).sort).toBe('most_reported');
  });

  it('refuses a resolved report (409), an unknown one (404), and anyone but staff', async () => {
    const id = await reported('Resolved already');
    const item = itemOf(await queue(''), id);
    await call('PUT', `/api/reports/${item.id}/resolution`, moderator, { resolved: true });
    const resolved = await call('POST', `/api/reports/${item.id}/acknowledgement`, moderator);
    expect(resolved.status).toBe(409);
    expect(resolved.body.error.message).toBe('This report is resolved: there is nothing to acknowledge.');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/reports/${missing}/acknowledgement`, moderator)).status).toBe(404);
    const openPost = await reported('Open');
    const open = itemOf(await queue(''), openPost);
    expect((await call('POST', `/api/reports/${open.id}/acknowledgement`, author)).status).toBe(403);
    expect((await call('POST', `/api/reports/${open.id}/acknowledgement`)).status).toBe(401);
    expect(itemOf(await queue(''), open.post.id).clocks?.acknowledge.state).toBe('due');
  });
});
