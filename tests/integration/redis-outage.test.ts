// Production mode with its Redis gone and back (issue #46, item 1): a Redis of this file's own (never
// the machine's shared one) is stopped under a signed-in server and started again on the same port
// from its snapshot, as a Redis that was only unreachable would come back, keys and all. While it is
// away, sign-in, posts, likes, the session and sign-out keep working from PostgreSQL (slower, not
// down) and health says "degraded" with 200; once it is back, rate limits count in it again, health
// is "ok", and a session ended during the outage does not come back from its stale cached copy.
// Runs where TEST_DATABASE_URL is set (`npm test -- --postgres`, CI).
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertAccount, type TestAccount } from '../support/accounts';
import { cookiesFrom } from '../support/cookies';
import { scaled } from '../support/machine-factor';
import { type OwnService, startOwnRedis } from '../support/own-services';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const PUBLIC_URL = 'http://127.0.0.1:3000';
const KEY_PREFIX = 'yb-outage:';
/** Generous: the server reconnects with a backoff of up to 5 s, and the machine may be busy. */
const EVENTUALLY = { timeout: scaled(30_000), interval: 200 };

describe.runIf(process.env.TEST_DATABASE_URL)('a Redis outage costs speed, not the site', () => {
  let database: TestDatabase;
  let dataDir: string;
  let redis: OwnService;
  let server: ServerProcess;
  let account: TestAccount;
  /** Signed in before the outage, used through it and after. */
  let kept: string;
  /** Signed in before the outage, signed out during it. */
  let endedDuringOutage: string;

  /** A short-lived connection of the test's own, to look at the keys. */
  async function withRedis<T>(use: (client: ReturnType<typeof createClient>) => Promise<T>): Promise<T> {
    const client = createClient({ url: redis.url, socket: { reconnectStrategy: false } });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.close();
    }
  }
  const keys = () =>
    withRedis(async (client) => {
      const found: string[] = [];
      for await (const batch of client.scanIterator({ MATCH: `${KEY_PREFIX}*`, COUNT: 500 })) {
        found.push(...batch);
      }
      return found;
    });

  const call = (method: string, url: string, cookie?: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: {
        origin: PUBLIC_URL,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const signIn = (who: TestAccount, password = who.password) =>
    call('POST', '/api/session', undefined, { identifier: who.email, password });
  const sessionUser = async (cookie: string) =>
    ((await (await call('GET', '/api/session', cookie)).json()) as { user: { id: string } | null }).user;
  const health = async () => {
    const res = await call('GET', '/api/health');
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-outage-'));
    redis = await startOwnRedis();
    server = await startServerProcess({
      NODE_ENV: 'production',
      DATABASE_URL: database.url ?? '',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: KEY_PREFIX,
      AUTH_SECRET: 'redis-outage-secret-redis-outage-secret',
      PUBLIC_URL,
      DATA_DIR: dataDir,
    });
    account = await insertAccount(database.db);
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGTERM');
    await redis?.remove();
    await database?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from Redis while it is up', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok', engine: 'postgres', redis: 'ok' },
    });
    kept = cookiesFrom(await signIn(account));
    endedDuringOutage = cookiesFrom(await signIn(account));
    expect((await sessionUser(kept))?.id).toBe(account.userId);
    expect((await keys()).some((key) => key.startsWith(`${KEY_PREFIX}auth:active-sessions-`))).toBe(true);
  });

  it('keeps signing in, posting, liking and signing out while Redis is away', async () => {
    // Saved first (own-services.ts), so that the Redis started again later holds every key it held (a
    // Redis that was only unreachable, not one restarted empty).
    await redis.stop();

    await vi.waitFor(
      async () =>
        expect(await health()).toEqual({
          status: 200,
          body: { status: 'degraded', database: 'ok', engine: 'postgres', redis: 'error' },
        }),
      EVENTUALLY,
    );

    const signedIn = await signIn(account);
    expect(signedIn.status).toBe(200);
    const newCookie = cookiesFrom(signedIn);
    expect((await sessionUser(newCookie))?.id).toBe(account.userId);
    expect((await sessionUser(kept))?.id).toBe(account.userId);

    const created = await call('POST', '/api/posts', kept, { content: 'Written while Redis was away' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await call('PUT', `/api/posts/${id}/like`, newCookie)).status).toBe(200);
    const read = await call('GET', `/api/posts/${id}`, kept);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ likeCount: 1 });
    expect((await call('GET', '/api/notifications', kept)).status).toBe(200);

    expect((await call('POST', '/api/auth/sign-out', endedDuringOutage, {})).status).toBe(200);
    expect(await sessionUser(endedDuringOutage)).toBeNull();
    expect((await call('GET', '/api/posts', endedDuringOutage)).status).toBe(401);

    // Password guesses are still limited (by PostgreSQL, shared by every instance): five free, then a wait.
    const target = await insertAccount(database.db);
    const statuses: number[] = [];
    for (let guess = 0; guess < 6; guess++) statuses.push((await signIn(target, 'wrong-password-1')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    // The outage is told once, not once per request.
    expect(server.output().match(/redis is unavailable/g)).toHaveLength(1);
  });

  it('goes back to Redis when it returns, without reviving a session ended meanwhile', async () => {
    await redis.start();
    // The stale copy of the session signed out during the outage is back with it.
    expect((await keys()).length).toBeGreaterThan(0);

    await vi.waitFor(
      async () =>
        expect(await health()).toEqual({
          status: 200,
          body: { status: 'ok', database: 'ok', engine: 'postgres', redis: 'ok' },
        }),
      EVENTUALLY,
    );
    await vi.waitFor(() => expect(server.output()).toMatch(/redis is back after \d+ s/), EVENTUALLY);
    expect(await sessionUser(endedDuringOutage)).toBeNull();
    expect((await sessionUser(kept))?.id).toBe(account.userId);

    // Rate limits count in Redis again: a new window's key appears there.
    const liker = await insertAccount(database.db);
    const likerCookie = cookiesFrom(await signIn(liker));
    const created = await call('POST', '/api/posts', likerCookie, {
      content: 'Written after Redis came back',
    });
    expect(created.status).toBe(201);
    expect(await keys()).toContain(`${KEY_PREFIX}rate:postCreate:user:${liker.userId}`);
    expect(server.output().match(/redis is back/g)).toHaveLength(1);
  });
});
