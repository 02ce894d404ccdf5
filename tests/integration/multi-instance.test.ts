// Production mode as it runs behind a load balancer: two app processes on different ports, started at
// the same moment on one new PostgreSQL database, one Redis (a key prefix of this run's own) and one
// S3-compatible bucket. Whatever one instance does, the other sees: sessions, likes, rate limits and
// pictures. Runs where TEST_DATABASE_URL and TEST_REDIS_URL are set (`npm test -- --postgres`, CI).
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertAccount, type TestAccount } from '../support/accounts';
import { cookiesFrom } from '../support/cookies';
import { createCameraJpeg } from '../support/images';
import { scaled } from '../support/machine-factor';
import { startTestS3, type TestS3 } from '../support/s3-server';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { createTestRedis, TEST_REDIS_URL, type TestRedis } from '../support/test-redis';

const PUBLIC_URL = 'http://127.0.0.1:3000';

describe.runIf(process.env.TEST_DATABASE_URL && TEST_REDIS_URL)('two instances, one set of services', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let s3: TestS3;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let account: TestAccount;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    redis = await createTestRedis();
    s3 = await startTestS3();
    const start = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-instance-'));
      dataDirs.push(dataDir);
      return startServerProcess({
        NODE_ENV: 'production',
        DATABASE_URL: database.url ?? '',
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: redis.keyPrefix,
        AUTH_SECRET: 'multi-instance-secret-multi-instance-secret',
        PUBLIC_URL,
        DATA_DIR: dataDir,
        ...s3.settings,
      });
    };
    // Both migrate the new database at once: the advisory lock lets one do it.
    [a, b] = await Promise.all([start(), start()]);
    account = await insertAccount(database.db);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((server) => server.stop('SIGTERM')));
    await redis.destroy();
    await s3.close();
    await database.destroy();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const call = async (
    server: ServerProcess,
    method: string,
    url: string,
    cookie?: string,
    body?: unknown,
  ) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        // As a browser on the site would send it: better-auth refuses cookie-carrying posts without it.
        origin: PUBLIC_URL,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res;
  };
  const signIn = (server: ServerProcess, password: string, who: TestAccount = account) =>
    call(server, 'POST', '/api/session', undefined, { identifier: who.email, password });

  it('both report healthy on PostgreSQL, with no data-directory lock', async () => {
    for (const server of [a, b]) {
      expect(await (await call(server, 'GET', '/api/health')).json()).toEqual({
        status: 'ok',
        database: 'ok',
        engine: 'postgres',
        redis: 'ok',
        // The bucket, as this instance's calls found it (none has failed).
        storage: 'ok',
      });
    }
    for (const dir of dataDirs) expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a session made through one instance works on the other, and ends on both', async () => {
    const signedIn = await signIn(a, account.password);
    expect(signedIn.status).toBe(200);
    const cookie = cookiesFrom(signedIn);
    const onB = await (await call(b, 'GET', '/api/session', cookie)).json();
    expect(onB.user.id).toBe(account.userId);

    const other = cookiesFrom(await signIn(b, account.password));
    expect((await call(b, 'POST', '/api/auth/sign-out', other, {})).status).toBe(200);
    expect((await (await call(a, 'GET', '/api/session', other)).json()).user).toBeNull();
    // The first session is untouched.
    expect((await (await call(a, 'GET', '/api/session', cookie)).json()).user.id).toBe(account.userId);
  });

  it('a suspension or sign-out through one instance ends the session on the other at once', async () => {
    const admin = await insertAccount(database.db, { userType: 'admin' });
    const adminCookie = cookiesFrom(await signIn(a, admin.password, admin));
    const target = await insertAccount(database.db);
    const cookie = cookiesFrom(await signIn(a, target.password, target));
    const other = cookiesFrom(await signIn(a, target.password, target));
    // Read twice on B: from then on B answers from the viewer it keeps (auth/viewer-cache.ts).
    for (const session of [cookie, other, cookie, other]) {
      expect((await call(b, 'GET', '/api/posts', session)).status).toBe(200);
    }
    // B hears of A's changes through PostgreSQL a few milliseconds after they commit (A answers once it
    // has heard them itself); without the notices B would keep serving them for a minute.
    const onB = async (session: string) => (await call(b, 'GET', '/api/posts', session)).status;
    const soon = { timeout: scaled(2_000), interval: 20 };
    expect((await call(a, 'POST', '/api/auth/sign-out', other, {})).status).toBe(200);
    await vi.waitFor(async () => expect(await onB(other)).toBe(401), soon);
    expect(await onB(cookie)).toBe(200);

    const suspended = await call(a, 'PUT', `/api/admin/users/${target.username}/suspension`, adminCookie, {
      suspended: true,
    });
    expect(suspended.status).toBe(200);
    await vi.waitFor(async () => expect(await onB(cookie)).toBe(401), soon);
  });

  it('an account deleted through one instance is signed out on the other at once', async () => {
    const target = await insertAccount(database.db);
    const cookie = cookiesFrom(await signIn(a, target.password, target));
    for (const _ of [1, 2]) expect((await call(b, 'GET', '/api/posts', cookie)).status).toBe(200);

    const deleted = await call(a, 'DELETE', '/api/account', cookie, {
      confirmation: target.username,
      password: target.password,
    });
    expect(deleted.status).toBe(200);
    const soon = { timeout: scaled(2_000), interval: 20 };
    await vi.waitFor(async () => expect((await call(b, 'GET', '/api/posts', cookie)).status).toBe(401), soon);
  });

  it('a like through one instance shows on the other', async () => {
    const cookie = cookiesFrom(await signIn(a, account.password));
    const created = await call(a, 'POST', '/api/posts', cookie, { content: 'Seen from both sides' });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    expect((await call(a, 'PUT', `/api/posts/${id}/like`, cookie)).status).toBe(200);
    const onB = await (await call(b, 'GET', `/api/posts/${id}`, cookie)).json();
    expect(onB).toMatchObject({ likeCount: 1, likedByMe: true });
    const visitorOnB = await (await call(b, 'GET', `/api/posts/${id}`)).json();
    expect(visitorOnB).toMatchObject({ likeCount: 1, likedByMe: false });
  });

  it('a picture uploaded through one instance is served by the other from the bucket', async () => {
    const cookie = cookiesFrom(await signIn(b, account.password));
    const uploaded = await fetch(`${a.url}/api/profiles/${account.username}/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', cookie },
      body: new Uint8Array(await createCameraJpeg({ width: 800, height: 600 })),
    });
    expect(uploaded.status).toBe(200);
    const { profilePictureUrl } = await uploaded.json();
    const served = await fetch(`${b.url}${profilePictureUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('shares the rate limit: five sign-in tries across both instances, then both refuse', async () => {
    const target = await insertAccount(database.db);
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a]) {
      statuses.push((await signIn(server, 'wrong-password-1', target)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await signIn(b, 'wrong-password-1', target)).status).toBe(429);
    expect((await signIn(a, target.password, target)).status).toBe(429);
    expect((await redis.keys()).some((key) => key.includes('rate:password:'))).toBe(true);
  });

  it('a word an admin adds through one instance is checked by the other at once, and its removal too', async () => {
    const admin = await insertAccount(database.db, { userType: 'admin' });
    const adminCookie = cookiesFrom(await signIn(a, admin.password, admin));
    const writer = await insertAccount(database.db);
    const writerCookie = cookiesFrom(await signIn(b, writer.password, writer));
    const verdictOnB = async () =>
      (
        (await (
          await call(b, 'POST', '/api/safety/check', writerCookie, { text: 'I will grumbleflax you' })
        ).json()) as { verdict: string }
      ).verdict;
    expect(await verdictOnB()).toBe('ok');
    const added = await call(a, 'POST', '/api/admin/word-lists', adminCookie, {
      list: 'threat',
      term: 'grumbleflax',
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    // B hears NOTIFY word_lists_changed and builds its checker again: within milliseconds.
    await vi.waitFor(async () => expect(await verdictOnB()).toBe('hold'), { timeout: scaled(5_000) });
    const posted = await call(b, 'POST', '/api/posts', writerCookie, { content: 'I will grumbleflax you' });
    expect(posted.status).toBe(202);
    expect((await call(a, 'DELETE', `/api/admin/word-lists/${id}`, adminCookie)).status).toBe(204);
    await vi.waitFor(async () => expect(await verdictOnB()).toBe('ok'), { timeout: scaled(5_000) });
  });

  // Last: it stops B.
  it("a like through one instance reaches the author's bell open on the other, which stops at once", async () => {
    const author = await insertAccount(database.db);
    const liker = await insertAccount(database.db);
    const authorCookie = cookiesFrom(await signIn(b, author.password, author));
    const likerCookie = cookiesFrom(await signIn(a, liker.password, liker));
    const created = await call(b, 'POST', '/api/posts', authorCookie, { content: 'Told across instances' });
    const { id } = await created.json();

    const stream = await call(b, 'GET', '/api/notifications/stream', authorCookie);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('the stream has no body');
    let received = '';
    const nextCount = async () => {
      for (;;) {
        const event = /event: unread\ndata: \{"unread":(\d+)\}\n\n/.exec(received);
        if (event) {
          received = received.slice((event.index ?? 0) + event[0].length);
          return Number(event[1]);
        }
        // Ended by the server: done, or the connection cut.
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done || !value) return null;
        received += Buffer.from(value).toString();
      }
    };
    expect(await nextCount()).toBe(0);
    expect((await call(a, 'PUT', `/api/posts/${id}/like`, likerCookie)).status).toBe(200);
    expect(await nextCount()).toBe(1);

    // A stream does not hold its instance up: it ends, and the instance stops cleanly (a forced stop
    // after the grace period exits with 1).
    expect(await b.stop('SIGTERM')).toBe(0);
    expect(await nextCount()).toBeNull();
  });
});
