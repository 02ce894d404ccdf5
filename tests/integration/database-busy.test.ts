// A lock held on one table costs the requests that need that table a quick 503 with Retry-After, not
// the whole site (issue #46 item 2): the pool's connections time out their lock waits (lock_timeout)
// instead of filling up, health answers from connections of its own and says "busy", not "error",
// the outage is logged once, and everything works again when the lock goes, without a restart.
// PostgreSQL only: PGlite has one connection, so no other session can hold a lock against it.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../src/server/db/timeouts';
import { createAccount, createMember, type Member, signInAs } from '../support/accounts';
import { captureLogs, LOG_LEVEL } from '../support/log-capture';
import { callJson, okJson, startTestServer, type TestServer } from '../support/test-server';

describe.runIf(process.env.TEST_DATABASE_URL)('an ACCESS EXCLUSIVE lock held on posts', () => {
  let server: TestServer;
  let member: Member;
  let postId = '';
  const { logger, lines } = captureLogs();
  /** The other session holding the lock, as a migration or an operator's psql would. */
  let locker: pg.Client | null = null;

  beforeAll(async () => {
    server = await startTestServer({
      logger,
      // Short, so the test sees the recovery without waiting the default 10 s.
      recoveryQuietMs: 1_000,
    });
    member = await createMember(server);
    postId = (await okJson(server, 'POST', '/api/posts', member.cookie, { content: 'before the lock' })).id;
  });
  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await server?.close();
  });

  const postsFeed = () => callJson(server, 'GET', '/api/posts?sort=newest', member.cookie);
  const onePost = () => callJson(server, 'GET', `/api/posts/${postId}`);
  const newPost = () => callJson(server, 'POST', '/api/posts', member.cookie, { content: 'during the lock' });

  it('answers what needs posts 503 with Retry-After, within the lock timeout, and the rest 200', async () => {
    locker = new pg.Client({ connectionString: server.database.url ?? '' });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table posts in access exclusive mode');

    // More requests at once than the pool has connections: every connection waits for the lock.
    const poolSize = server.database.poolStatus()?.max ?? 10;
    const started = Date.now();
    const batch = Promise.all([
      ...Array.from({ length: poolSize }, postsFeed),
      ...Array.from({ length: 4 }, onePost),
      ...Array.from({ length: 4 }, newPost),
    ]);

    // Meanwhile health answers from its own connections: busy, the instance degraded but serving.
    await vi.waitFor(() => expect(server.database.poolStatus()?.waiting ?? 0).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 20,
    });
    const health = await callJson(server, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'degraded', database: 'busy', engine: 'postgres' });

    const answers = await batch;
    const waited = Date.now() - started;
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(answer.body.error).toMatchObject({
        code: 'unavailable',
        message: 'The service is having trouble right now. Please try again in a moment.',
      });
      expect(answer.body.error.requestId).toEqual(expect.any(String));
    }
    // They waited for the lock, then gave up; bounded generously (before the timeouts they waited as
    // long as the lock was held, then got a 500 for the pool's connection wait).
    expect(waited).toBeGreaterThanOrEqual(DEFAULT_DATABASE_TIMEOUTS.lockTimeoutMs - 100);
    expect(waited).toBeLessThan(60_000);

    // Logged once for all of them, as a warning naming the cause; no stack, no "unhandled error".
    const outage = lines.filter((line) => line.dependency === 'database' && line.level === LOG_LEVEL.warn);
    expect(outage).toHaveLength(1);
    expect(outage[0]?.cause?.code).toBe('55P03');
    expect(lines.filter((line) => line.msg === 'unhandled error')).toEqual([]);
    expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
    // Counted where the metrics will read them: every failed request.
    const status = server.dependencyHealth.status('database');
    expect(status).toMatchObject({ state: 'down', outages: 1 });
    expect(status.failures).toBeGreaterThanOrEqual(answers.length);

    // What does not touch posts is served while the lock is still held: the session, sign-in, the
    // dashboard's notice. (A profile page reads its posts too: it answers 503 like them.)
    expect((await callJson(server, 'GET', '/api/session', member.cookie)).status).toBe(200);
    const account = await createAccount(server);
    expect(await signInAs(server, account)).toContain('=');
    expect((await callJson(server, 'GET', '/api/notice', member.cookie)).status).toBe(200);
  });

  it('keeps signing people in while a flood of requests on posts fills the pool', async () => {
    // Three times the pool's connections, kept in flight: every connection is taken by a query that
    // waits for the lock, and each one that gives up is replaced at once.
    const poolSize = server.database.poolStatus()?.max ?? 10;
    // Made first: the test writes them through the server's own pool.
    const accounts = [await createAccount(server), await createAccount(server), await createAccount(server)];
    let flooding = true;
    const flood = Array.from({ length: poolSize * 3 }, async () => {
      while (flooding) await postsFeed();
    });
    await vi.waitFor(() => expect(server.database.poolStatus()?.waiting ?? 0).toBeGreaterThan(poolSize), {
      timeout: 30_000,
      interval: 20,
    });
    try {
      for (const account of accounts) {
        expect(await signInAs(server, account)).toContain('=');
        expect((await callJson(server, 'GET', '/api/session', member.cookie)).status).toBe(200);
      }
    } finally {
      flooding = false;
      await Promise.all(flood);
    }
  });

  it('works again once the lock is released, with no restart, and logs the recovery once', async () => {
    await locker?.query('commit');
    expect((await postsFeed()).status).toBe(200);
    expect((await newPost()).status).toBe(201);
    expect((await onePost()).status).toBe(200);
    // Recovered once nothing has failed for the quiet period (1 s here).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await postsFeed()).status).toBe(200);
    const health = await callJson(server, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', database: 'ok', engine: 'postgres' });
    // Each outage (one, or two where the 1 s quiet period passed between the tests above) has one
    // recovery line.
    const outages = lines.filter((line) => line.dependency === 'database' && line.level === LOG_LEVEL.warn);
    const recovered = lines.filter((line) => line.dependency === 'database' && line.level === LOG_LEVEL.info);
    expect(recovered.length).toBeGreaterThanOrEqual(1);
    expect(recovered).toHaveLength(outages.length);
    for (const line of recovered) {
      expect(line.downMs).toBeGreaterThan(0);
      expect(line.failures).toBeGreaterThanOrEqual(1);
    }
    expect(server.dependencyHealth.status('database').state).toBe('up');
  });
});
