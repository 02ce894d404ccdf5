// The kept viewer of a session (viewer-cache.ts): what it keeps and for how long, and, on a real server
// and database, that every change which ends or alters a session is heard before the next read.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, type Member } from '../../../tests/support/accounts';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server';
import { queryRows } from '../db/client';
import { posts, profiles, sealedSuspensions, sessions, users } from '../db/schema';
import type { Viewer } from './viewer';
import { createViewerCache } from './viewer-cache';

const viewer = (userId: string): Viewer => ({
  userId,
  email: `${userId}@example.test`,
  profile: { username: userId, userType: 'ordinary' },
});
const LATER = new Date(Date.UTC(2100, 0, 1));

describe('the viewer cache', () => {
  it('keeps nothing until it listens, and forgets everything when it stops', () => {
    const cache = createViewerCache();
    cache.keep('t1', viewer('u1'), LATER, cache.mark());
    expect(cache.read('t1')).toBeUndefined();
    cache.setActive(true);
    cache.keep('t1', viewer('u1'), LATER, cache.mark());
    expect(cache.read('t1')).toEqual(viewer('u1'));
    cache.setActive(false);
    expect(cache.read('t1')).toBeUndefined();
  });

  it("forgets every session of a user it hears about, and no one else's", () => {
    const cache = createViewerCache();
    cache.setActive(true);
    for (const [token, user] of [
      ['a1', 'a'],
      ['a2', 'a'],
      ['b1', 'b'],
    ] as const) {
      cache.keep(token, viewer(user), LATER, cache.mark());
    }
    cache.forgetUser('a');
    expect([cache.read('a1'), cache.read('a2'), cache.read('b1')]).toEqual([
      undefined,
      undefined,
      viewer('b'),
    ]);
  });

  it('does not keep an answer read before a change it has since heard of', () => {
    const cache = createViewerCache();
    cache.setActive(true);
    const mark = cache.mark();
    // The database answered with the old viewer; the notice of a suspension arrived before it was kept.
    cache.forgetUser('u1');
    cache.keep('t1', viewer('u1'), LATER, mark);
    expect(cache.read('t1')).toBeUndefined();
  });

  it("keeps an entry a minute at most, and never past its session's end", () => {
    let now = Date.UTC(2026, 0, 1);
    const cache = createViewerCache(() => now);
    cache.setActive(true);
    cache.keep('long', viewer('u1'), LATER, cache.mark());
    cache.keep('short', viewer('u2'), new Date(now + 5_000), cache.mark());
    now += 5_000;
    expect(cache.read('short')).toBeUndefined();
    expect(cache.read('long')).toEqual(viewer('u1'));
    now += 55_000;
    expect(cache.read('long')).toBeUndefined();
  });
});

describe('a server keeping viewers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
    await vi.waitFor(() => expect(server.viewers.active).toBe(true), { timeout: 10_000 });
  });
  afterAll(() => server?.close());
  const db = () => server.database.db;
  const get = (path: string, cookie: string) => callJson(server, 'GET', path, cookie);
  const token = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';

  /** Reads until the server answers from its kept viewer (no query of sessions), with that status. */
  async function expectKept(cookie: string, status: number) {
    expect((await get('/api/posts', cookie)).status).toBe(status);
    const recording = server.database.recordQueries();
    expect((await get('/api/posts', cookie)).status).toBe(status);
    expect(recording.stop().filter((statement) => statement.includes('"sessions"'))).toEqual([]);
  }

  /**
   * Writes straight to the database, as another process would, and waits until this server has heard
   * of it (one round trip on its listening connection): what follows is then exact, not a race.
   */
  async function change(write: PromiseLike<unknown>) {
    await write;
    await server.viewers.settle();
  }

  async function keptMember(): Promise<Member> {
    const member = await createMember(server);
    await expectKept(member.cookie, 200);
    return member;
  }

  it("does not give a kept session's viewer to a cookie with its token and another signature", async () => {
    const member = await keptMember();
    const name = member.cookie.split('=')[0];
    const forged = `${name}=${encodeURIComponent(`${token(member.cookie)}.${Buffer.alloc(32).toString('base64')}`)}`;
    expect((await get('/api/posts', forged)).status).toBe(401);
    expect((await get('/api/posts', member.cookie)).status).toBe(200);
  });

  it('hears a session ended: the next read is signed out', async () => {
    const member = await keptMember();
    await change(
      db()
        .delete(sessions)
        .where(eq(sessions.token, token(member.cookie))),
    );
    expect((await get('/api/posts', member.cookie)).status).toBe(401);
  });

  it('hears a session cut short', async () => {
    const member = await keptMember();
    await change(
      db()
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.token, token(member.cookie))),
    );
    expect((await get('/api/posts', member.cookie)).status).toBe(401);
  });

  it('hears a suspension by name made and lifted', async () => {
    const member = await keptMember();
    await change(
      db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, member.account.userId)),
    );
    expect((await get('/api/posts', member.cookie)).status).toBe(401);
    await change(db().update(users).set({ suspendedAt: null }).where(eq(users.id, member.account.userId)));
    expect((await get('/api/posts', member.cookie)).status).toBe(200);
  });

  it('hears a sealed suspension', async () => {
    const member = await keptMember();
    const created = await callJson(server, 'POST', '/api/posts', member.cookie, {
      content: 'sealed',
      isAnonymous: true,
    });
    expect(created.status).toBe(201);
    await expectKept(member.cookie, 200);
    await change(
      db().insert(sealedSuspensions).values({ postId: created.body.id, userId: member.account.userId }),
    );
    expect((await get('/api/posts', member.cookie)).status).toBe(401);
  });

  it('hears a role change: staff pages open at once, and close at once', async () => {
    const member = await keptMember();
    expect((await get('/api/reports', member.cookie)).status).toBe(403);
    const setRole = (userType: 'moderator' | 'ordinary') =>
      change(db().update(profiles).set({ userType }).where(eq(profiles.userId, member.account.userId)));
    await setRole('moderator');
    expect((await get('/api/reports', member.cookie)).status).toBe(200);
    await expectKept(member.cookie, 200);
    await setRole('ordinary');
    expect((await get('/api/reports', member.cookie)).status).toBe(403);
  });

  it('hears a profile made: a kept viewer without one gets the feed at once', async () => {
    const member = await createMember(server, { profile: false });
    await expectKept(member.cookie, 403);
    const [other] = await db().select().from(profiles).limit(1);
    if (!other) throw new Error('no profile to copy');
    await change(
      db()
        .insert(profiles)
        .values({
          ...other,
          id: undefined,
          userId: member.account.userId,
          username: `late_${Date.now() % 1e9}`,
        }),
    );
    expect((await get('/api/posts', member.cookie)).status).toBe(200);
  });

  it('answers a write once it has heard what the write changed: a profile made is read at once', async () => {
    const member = await createMember(server, { profile: false });
    await expectKept(member.cookie, 403);
    const made = await callJson(server, 'POST', '/api/profiles', member.cookie, {
      username: `made_${Date.now() % 1e9}`,
      fullName: 'Made Just Now',
      institution: 'VITC',
      graduationYear: 2027,
    });
    expect(made.status).toBe(201);
    expect((await get('/api/posts', member.cookie)).status).toBe(200);
  });

  it('a write never uses the kept viewer', async () => {
    const member = await keptMember();
    const recording = server.database.recordQueries();
    const created = await callJson(server, 'POST', '/api/posts', member.cookie, { content: 'fresh' });
    expect(created.status).toBe(201);
    expect(recording.stop().filter((statement) => statement.includes('"sessions"')).length).toBe(1);
    await db().update(posts).set({ deleted: true }).where(eq(posts.id, created.body.id));
  });
});

describe('listening to the database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
    await vi.waitFor(() => expect(server.viewers.active).toBe(true), { timeout: 10_000 });
  });
  afterAll(() => server?.close());

  it('settles only once every notice committed before it has been heard', async () => {
    const heard: string[] = [];
    let listening = false;
    const channel = server.database.listen('settle_check', {
      onNotice: (payload) => heard.push(payload),
      onListening: () => {
        listening = true;
      },
      onLost: () => {},
    });
    await vi.waitFor(() => expect(listening).toBe(true), { timeout: 10_000 });
    await queryRows(
      server.database.db,
      sql`select pg_notify('settle_check', n::text) from generate_series(1, 500) as n`,
    );
    await channel.settle();
    expect(heard).toHaveLength(500);
    expect(heard.at(-1)).toBe('500');
  });

  it('settles many callers at once, each after what was committed before its call, one query at a time', async () => {
    const heard = new Set<string>();
    let listening = false;
    const channel = server.database.listen('settle_many', {
      onNotice: (payload) => heard.add(payload),
      onListening: () => {
        listening = true;
      },
      onLost: () => {},
    });
    await vi.waitFor(() => expect(listening).toBe(true), { timeout: 10_000 });
    // PostgreSQL: no query is sent on the listening connection while another runs there (pg queues
    // it with a deprecation warning, once per process, and pg 9 will refuse it).
    const overlapping: string[] = [];
    type Inside = pg.Client & { _activeQuery: unknown; _queryQueue: unknown[] };
    const original = pg.Client.prototype.query;
    const watched = function (this: Inside, ...args: unknown[]) {
      const application = (this as unknown as { connectionParameters: { application_name?: string } })
        .connectionParameters.application_name;
      if (
        application === 'yearbook: listen settle_many' &&
        (this._activeQuery || this._queryQueue.length > 0)
      ) {
        overlapping.push(String(args[0]));
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    pg.Client.prototype.query = watched as typeof original;
    try {
      const settled = await Promise.all(
        Array.from({ length: 20 }, async (_, n) => {
          await queryRows(server.database.db, sql`select pg_notify('settle_many', ${String(n)})`);
          await channel.settle();
          return heard.has(String(n));
        }),
      );
      expect(settled).toEqual(Array.from({ length: 20 }, () => true));
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(overlapping).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps nothing while its connection is lost, and hears changes again once it is back',
    async () => {
      const member = await createMember(server);
      await get(member.cookie);
      const ended = await queryRows(
        server.database.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = 'yearbook: listen viewer_changed'`,
      );
      expect(ended.length).toBeGreaterThan(0);
      await vi.waitFor(() => expect(server.viewers.active).toBe(false), { timeout: 10_000 });
      // Nothing is kept while it cannot hear: each read asks the database.
      for (let i = 0; i < 2; i++) {
        const recording = server.database.recordQueries();
        expect(await get(member.cookie)).toBe(200);
        expect(recording.stop().some((statement) => statement.includes('"sessions"'))).toBe(true);
      }
      await vi.waitFor(() => expect(server.viewers.active).toBe(true), { timeout: 10_000 });
      await get(member.cookie);
      await server.database.db
        .update(users)
        .set({ suspendedAt: new Date() })
        .where(eq(users.id, member.account.userId));
      await server.viewers.settle();
      expect(await get(member.cookie)).toBe(401);
    },
  );

  const get = async (cookie: string) => (await callJson(server, 'GET', '/api/posts', cookie)).status;
});
