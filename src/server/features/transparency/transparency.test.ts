// The transparency report (issue #47) on a real database: every moderation event writes the ledger in
// its own transaction, naming no one; /api/transparency counts it by month on India's clock, gives no
// count under 5 exactly and no median over fewer than 5 waits, and is open to all.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { callJson, startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { transparencyReportSchema } from '../../../shared/transparency';
import { posts, reports, transparencyEvents } from '../../db/schema';
import { readTransparencyReport } from './monthly-figures';
import { keptForAMinute, REPORT_FRESH_MS } from './routes';

let server: TestServer;
let author: Member;
let reporters: Member[];
let moderator: Member;
let secondModerator: Member;

beforeAll(async () => {
  server = await startTestServer();
  author = await createMember(server);
  moderator = await createMember(server, { userType: 'moderator' });
  secondModerator = await createMember(server, { userType: 'moderator' });
  reporters = [];
  for (let i = 0; i < 3; i++) reporters.push(await createMember(server));
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, as?: Member, body?: unknown) =>
  callJson(server, method, path, as?.cookie, body);

const statement = { rule: 'harassment', facts: 'Calls a classmate names.' } as const;

const ledger = () =>
  server.database.db
    .select({
      kind: transparencyEvents.kind,
      detail: transparencyEvents.detail,
      waited: transparencyEvents.waitedSeconds,
    })
    .from(transparencyEvents)
    .orderBy(transparencyEvents.id);

/** The ledger's rows written while `act` ran. */
async function written(act: () => Promise<void>) {
  const before = (await ledger()).length;
  await act();
  return (await ledger()).slice(before);
}

async function newPost(content = `A post to report ${Math.random()}`): Promise<string> {
  const res = await call('POST', '/api/posts', author, { content });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

async function reportIdOf(postId: string): Promise<string> {
  const [row] = await server.database.db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.postId, postId));
  return row?.id ?? '';
}

describe('the ledger, written by each event', () => {
  it('counts a report once per person, with its reason', async () => {
    const postId = await newPost();
    const [first, second] = reporters;
    const rows = await written(async () => {
      expect((await call('POST', `/api/posts/${postId}/report`, first, { reason: 'spam' })).status).toBe(200);
      // Again, by the same person: acknowledged, not counted.
      expect((await call('POST', `/api/posts/${postId}/report`, first, { reason: 'hate' })).status).toBe(200);
      expect(
        (await call('POST', `/api/posts/${postId}/report`, second, { reason: 'harassment' })).status,
      ).toBe(200);
    });
    expect(rows).toEqual([
      { kind: 'report_received', detail: 'spam', waited: null },
      { kind: 'report_received', detail: 'harassment', waited: null },
    ]);
  });

  it("counts staff's first action on a report with how long it waited, and only the first", async () => {
    const postId = await newPost();
    await call('POST', `/api/posts/${postId}/report`, reporters[0], { reason: 'spam' });
    const reportId = await reportIdOf(postId);
    // It came in two hours ago.
    await server.database.db
      .update(reports)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(reports.id, reportId));
    const rows = await written(async () => {
      const resolve = (resolved: boolean) =>
        call('PUT', `/api/reports/${reportId}/resolution`, moderator, { resolved });
      expect((await resolve(true)).status).toBe(200);
      expect((await resolve(false)).status).toBe(200);
      expect((await resolve(true)).status).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'report_actioned', detail: null });
    expect(rows[0]?.waited).toBeGreaterThanOrEqual(7_200);
    expect(rows[0]?.waited).toBeLessThan(7_200 + 600);
  });

  it("counts a removal by staff (and the report's first action), not an author's own deletion", async () => {
    const reported = await newPost();
    await call('POST', `/api/posts/${reported}/report`, reporters[1], { reason: 'hate' });
    const removal = await written(async () => {
      const res = await call('POST', `/api/posts/${reported}/removal`, moderator, statement);
      expect(res.status, res.text).toBe(200);
    });
    expect(removal.map((row) => row.kind).sort()).toEqual(['post_removed', 'report_actioned']);

    const own = await newPost();
    const ownDeletion = await written(async () => {
      expect((await call('DELETE', `/api/posts/${own}`, author)).status).toBe(204);
    });
    expect(ownDeletion).toEqual([]);
  });

  it('counts a post held by the check and the decision on it', async () => {
    let heldId = '';
    const held = await written(async () => {
      const res = await call('POST', '/api/posts', author, { content: 'I will kill you tomorrow' });
      expect(res.status, res.text).toBe(202);
      heldId = res.body.id;
    });
    expect(held).toEqual([{ kind: 'post_held', detail: null, waited: null }]);
    const decided = await written(async () => {
      const res = await call('POST', `/api/held-posts/${heldId}/removal`, moderator, statement);
      expect(res.status, res.text).toBe(200);
    });
    expect(decided).toEqual([{ kind: 'held_decided', detail: 'removed', waited: expect.any(Number) }]);
  });

  it('counts an appeal made, and its decision with how long it waited', async () => {
    const postId = await newPost();
    expect((await call('POST', `/api/posts/${postId}/removal`, moderator, statement)).status).toBe(200);
    const made = await written(async () => {
      const res = await call('POST', `/api/posts/${postId}/appeal`, author, { text: 'It was a joke.' });
      expect(res.status, res.text).toBe(201);
      // Twice: refused, not counted.
      expect((await call('POST', `/api/posts/${postId}/appeal`, author, { text: 'Again.' })).status).toBe(
        409,
      );
    });
    expect(made).toEqual([{ kind: 'appeal_made', detail: null, waited: null }]);
    const queue = await call('GET', '/api/appeals', secondModerator);
    const appeal = queue.body.appeals.find((item: { post: { id: string } }) => item.post.id === postId);
    const decided = await written(async () => {
      // The decider may not decide it: refused, not counted.
      const refused = await call('POST', `/api/appeals/${appeal.id}/decision`, moderator, {
        outcome: 'overturned',
      });
      expect(refused.status).toBe(403);
      const res = await call('POST', `/api/appeals/${appeal.id}/decision`, secondModerator, {
        outcome: 'overturned',
      });
      expect(res.status, res.text).toBe(200);
    });
    expect(decided).toEqual([{ kind: 'appeal_decided', detail: 'overturned', waited: expect.any(Number) }]);
  });

  it('holds nothing that names a person or a post', async () => {
    const ids = [
      ...[author, moderator, secondModerator, ...reporters].map((member) => member.account.userId),
      ...(await server.database.db.select({ id: posts.id }).from(posts)).map((row) => row.id),
    ];
    const everything = JSON.stringify(await server.database.db.select().from(transparencyEvents));
    expect(everything.length).toBeGreaterThan(100);
    for (const id of ids) expect(everything).not.toContain(id);
  });

  it('answers the report to anyone, signed in or not, kept a minute by browsers and caches', async () => {
    const res = await call('GET', '/api/transparency');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const report = transparencyReportSchema.parse(res.body);
    expect(report.timeZone).toBe('Asia/Kolkata');
    const [current] = report.months;
    expect(current?.partial).toBe(true);
    // Three reports this month by reason, one hold: all under 5, none given exactly.
    expect(current?.reportsByReason.find((r) => r.reason === 'spam')?.count).toEqual({ fewerThan: 5 });
    expect(current?.postsHeld).toEqual({ fewerThan: 5 });
    expect(res.text).not.toMatch(/"exact":[0-4]\b/);
    expect((await call('GET', '/api/transparency', author)).body).toEqual(res.body);
  });
});

describe('the figures by month', () => {
  const db = () => server.database.db;
  /** The campuses' month of now, and the instant it began (India is UTC+05:30, no summer time). */
  const istNow = new Date(Date.now() + 5.5 * 3_600_000);
  const currentMonth = istNow.toISOString().slice(0, 7);
  const monthStart = new Date(`${currentMonth}-01T00:00:00+05:30`);
  const minutes = (n: number) => n * 60_000;

  async function events(rows: { kind: string; detail?: string; waited?: number; at: Date }[]) {
    await db().execute(sql`delete from transparency_events`);
    for (const row of rows) {
      await db()
        .insert(transparencyEvents)
        .values({
          kind: row.kind,
          detail: row.detail ?? null,
          waitedSeconds: row.waited ?? null,
          at: row.at,
        });
    }
  }
  const inMonth = (n: number) => new Date(monthStart.getTime() + minutes(30 + n));
  const report = () => readTransparencyReport(db());

  it('gives a count exactly from 5, and only "fewer than 5" below', async () => {
    await events([
      ...Array.from({ length: 5 }, (_, i) => ({ kind: 'report_received', detail: 'spam', at: inMonth(i) })),
      ...Array.from({ length: 4 }, (_, i) => ({ kind: 'report_received', detail: 'hate', at: inMonth(i) })),
      ...Array.from({ length: 6 }, (_, i) => ({ kind: 'post_removed', at: inMonth(i) })),
    ]);
    const [month] = (await report()).months;
    const reason = (name: string) => month?.reportsByReason.find((r) => r.reason === name)?.count;
    expect(reason('spam')).toEqual({ exact: 5 });
    expect(reason('hate')).toEqual({ fewerThan: 5 });
    expect(reason('other')).toEqual({ fewerThan: 5 });
    expect(month?.postsRemoved).toEqual({ exact: 6 });
    expect(month?.appealsMade).toEqual({ fewerThan: 5 });
  });

  it("counts by India's calendar: half an hour into the month is this month, before it the last", async () => {
    await events([
      ...Array.from({ length: 5 }, () => ({
        kind: 'post_held',
        at: new Date(monthStart.getTime() + minutes(30)),
      })),
      ...Array.from({ length: 5 }, () => ({
        kind: 'post_held',
        at: new Date(monthStart.getTime() - minutes(30)),
      })),
      ...Array.from({ length: 2 }, () => ({
        kind: 'post_held',
        at: new Date(monthStart.getTime() + minutes(31)),
      })),
    ]);
    const [current, previous] = (await report()).months;
    expect(current?.month).toBe(currentMonth);
    expect(current?.postsHeld).toEqual({ exact: 7 });
    expect(previous?.partial).toBe(false);
    expect(previous?.postsHeld).toEqual({ exact: 5 });
  });

  it('gives a median wait in hours over 5 actions or more, and none over fewer', async () => {
    const hours = (n: number) => n * 3_600;
    await events([
      ...[1, 2, 3, 4, 50].map((h, i) => ({
        kind: 'held_decided',
        detail: i % 2 ? 'approved' : 'removed',
        waited: hours(h),
        at: inMonth(i),
      })),
      ...[1, 2, 3, 4].map((h, i) => ({ kind: 'report_actioned', waited: hours(h), at: inMonth(i) })),
    ]);
    const [month] = (await report()).months;
    expect(month?.medianHoursHeld).toBe(3);
    expect(month?.medianHoursToAction).toBeNull();
    // The decisions by outcome are counted apart, the wait over both.
    expect(month?.heldApproved).toEqual({ fewerThan: 5 });
    expect(month?.heldRemoved).toEqual({ fewerThan: 5 });
  });

  it('lists every month from the first event, quiet ones too, newest first, at most 24', async () => {
    const monthsBack = (n: number) => {
      const d = new Date(monthStart);
      d.setUTCMonth(d.getUTCMonth() - n);
      return new Date(d.getTime() + minutes(60 * 24 * 3));
    };
    await events([{ kind: 'post_removed', at: monthsBack(3) }]);
    const four = (await report()).months;
    expect(four).toHaveLength(4);
    expect(four.map((m) => m.partial)).toEqual([true, false, false, false]);
    expect(four.map((m) => m.month)).toEqual([...four.map((m) => m.month)].sort().reverse());

    await events([{ kind: 'post_removed', at: monthsBack(30) }]);
    expect((await report()).months).toHaveLength(24);

    await events([]);
    expect((await report()).months.map((m) => m.month)).toEqual([currentMonth]);
  });
});

describe('the count kept for a minute', () => {
  it('counts once for everyone who asks within the minute, and again after it', async () => {
    let now = 0;
    const count = vi.fn(async () => ({ counted: count.mock.calls.length }));
    const read = keptForAMinute(count, () => now);
    const [a, b] = await Promise.all([read(), read()]);
    expect(a).toBe(b);
    now = REPORT_FRESH_MS - 1;
    await read();
    expect(count).toHaveBeenCalledTimes(1);
    now = REPORT_FRESH_MS;
    await read();
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed count: the next request counts again', async () => {
    let fail = true;
    const count = vi.fn(async () => {
      if (fail) throw new Error('database gone');
      return 'figures';
    });
    const read = keptForAMinute(count, () => 0);
    await expect(read()).rejects.toThrow('database gone');
    fail = false;
    await expect(read()).resolves.toBe('figures');
    expect(count).toHaveBeenCalledTimes(2);
  });
});
