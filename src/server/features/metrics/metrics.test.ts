// GET /metrics against the real server: off without METRICS_TOKEN, refused without the token, and with
// it the Prometheus text format an operator's alerts read (docs/operations.md, "Watching it"): counts
// by route pattern, never by address; nothing of any member; the pool, outbox, jobs and dependencies.
// @module-tag engine (runs on both engines: the pool is PostgreSQL's, Redis only there)
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { samplesOf, sampleValue } from '../../../../tests/support/prometheus-text';
import { createTestRedis, TEST_REDIS_URL, type TestRedis } from '../../../../tests/support/test-redis';
import { okJson, startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { connectRedis, type Redis } from '../../platform/redis';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is off: answered as an address of nothing, with or without a token', async () => {
    const server = await startTestServer();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
        const res = await server.request('/metrics', { headers });
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('http_requests_total');
      }
    } finally {
      await server.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  let member: Member;
  let redis: TestRedis | null = null;
  let ownRedis: Redis | null = null;

  beforeAll(async () => {
    if (TEST_REDIS_URL) {
      redis = await createTestRedis();
      // A connection of the server's own, to cut at the end; `redis` cleans up after.
      ownRedis = await connectRedis({ url: redis.url, keyPrefix: redis.keyPrefix });
    }
    server = await startTestServer({
      settings: { METRICS_TOKEN: TOKEN },
      ...(ownRedis && { redis: ownRedis }),
    });
    member = await createMember(server);
  });
  afterAll(async () => {
    await server?.close();
    await redis?.destroy();
  });

  const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    server.request('/metrics', { headers });

  it('refuses a caller without the token, or with another, or with a session however staff', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      { authorization: `Bearer ${TOKEN}-and-more` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
      { cookie: member.cookie },
    ];
    for (const headers of refusals) {
      const res = await scrape(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern and status, never by the address asked', async () => {
    const { id: postId } = await okJson(server, 'POST', '/api/posts', member.cookie, {
      content: 'A post the metrics must not name',
    });
    const before = samplesOf(await (await scrape()).text());
    const counted = (route: string, status: string, samples = before) =>
      sampleValue(samples, 'http_requests_total', { method: 'GET', route, status }) ?? 0;

    for (let i = 0; i < 3; i++) await okJson(server, 'GET', `/api/posts/${postId}`, member.cookie);
    const absent = randomUUID();
    expect(
      (await server.request(`/api/posts/${absent}`, { headers: { cookie: member.cookie } })).status,
    ).toBe(404);
    // A middleware answers before the route (no session): still the route's pattern.
    expect((await server.request('/api/admin/users')).status).toBe(401);
    // No route at all: one label for every such address, whatever it names.
    const nowhere = `/api/no-such-thing/${randomUUID()}`;
    expect((await server.request(nowhere)).status).toBe(404);

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const after = samplesOf(text);
    expect(counted('/api/posts/:id', '200', after) - counted('/api/posts/:id', '200')).toBe(3);
    expect(counted('/api/posts/:id', '404', after) - counted('/api/posts/:id', '404')).toBe(1);
    expect(counted('/api/admin/users', '401', after) - counted('/api/admin/users', '401')).toBe(1);
    expect(counted('other', '404', after) - counted('other', '404')).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(after, 'http_requests_total', { method: 'POST', route: '/api/posts', status: '201' }),
    ).toBeGreaterThanOrEqual(1);
    // The latency histogram of the same pattern: every request in the +Inf bucket.
    const inf = sampleValue(after, 'http_request_duration_seconds_bucket', {
      method: 'GET',
      route: '/api/posts/:id',
      le: '+Inf',
    });
    expect(inf).toBe(
      sampleValue(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/posts/:id' }),
    );
    expect(inf).toBeGreaterThanOrEqual(4);
    // Every route label is a pattern of the app's, or `other`: no address made it into a label.
    const routes = new Set(after.flatMap((s) => (s.labels.route ? [s.labels.route] : [])));
    const patterns = new Set(server.app.routes.map((route) => route.path));
    for (const route of routes) expect(route === 'other' || patterns.has(route), route).toBe(true);
    expect(text).not.toContain(absent);
    expect(text).not.toContain('no-such-thing');
  });

  it('names no member: no id, username, email or post of theirs appears', async () => {
    const { id: postId } = await okJson(server, 'POST', '/api/posts', member.cookie, {
      content: 'Another post the metrics must not name',
    });
    await okJson(server, 'GET', `/api/profiles/${member.username}`, member.cookie);
    await okJson(server, 'GET', `/api/posts/${postId}`, member.cookie);
    const text = await (await scrape()).text();
    expect(text).toContain('route="/api/profiles/:username"');
    for (const secret of [member.account.userId, member.username, member.account.email, postId]) {
      expect(text).not.toContain(secret);
    }
  });

  it('reports the background jobs: when each last succeeded, its last run, its failures', async () => {
    await server.broadcasts.settle();
    const samples = samplesOf(await (await scrape()).text());
    const job = { job: 'admin-notices' };
    expect(sampleValue(samples, 'yearbook_job_runs_total', job)).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'yearbook_job_failures_total', job)).toBe(0);
    expect(sampleValue(samples, 'yearbook_job_last_success_age_seconds', job)).toBeLessThan(120);
    expect(sampleValue(samples, 'yearbook_job_last_run_duration_seconds', job)).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'yearbook_job_interval_seconds', job)).toBe(60);
  });

  it('reads the outbox backlog: mail waiting and the age of the oldest', async () => {
    const empty = samplesOf(await (await scrape()).text());
    expect(sampleValue(empty, 'yearbook_mail_outbox_waiting')).toBe(0);
    expect(sampleValue(empty, 'yearbook_mail_outbox_oldest_age_seconds')).toBe(0);
    // Two mails stuck for ten minutes (no SMTP worker runs here), and one held for the dev mailbox.
    await server.database.db.execute(sql`
      insert into mail_outbox ("to", subject, text, html, held, created_at) values
        ('stuck-1@example.com', 's', 't', 'h', false, now() - interval '10 minutes'),
        ('stuck-2@example.com', 's', 't', 'h', false, now() - interval '1 minute'),
        ('held@example.com', 's', 't', 'h', true, now() - interval '1 hour')`);
    try {
      const text = await (await scrape()).text();
      const samples = samplesOf(text);
      expect(sampleValue(samples, 'yearbook_mail_outbox_waiting')).toBe(2);
      const age = sampleValue(samples, 'yearbook_mail_outbox_oldest_age_seconds') ?? 0;
      expect(age).toBeGreaterThanOrEqual(600);
      expect(age).toBeLessThan(3600);
      expect(text).not.toContain('stuck-1@example.com');
    } finally {
      await server.database.db.execute(sql`delete from mail_outbox where "to" like '%@example.com'`);
    }
  });

  it('reports the database pool (PostgreSQL) and whether each dependency answers', async () => {
    const samples = samplesOf(await (await scrape()).text());
    expect(sampleValue(samples, 'yearbook_dependency_up', { dependency: 'database' })).toBe(1);
    if (server.database.engine === 'postgres') {
      expect(sampleValue(samples, 'yearbook_db_pool_max_connections')).toBe(20);
      expect(sampleValue(samples, 'yearbook_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, 'yearbook_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(samples, 'yearbook_db_pool_waiting_queries')).toBe(0);
    } else {
      // PGlite is one connection in the process: no pool to report.
      expect(sampleValue(samples, 'yearbook_db_pool_connections')).toBeUndefined();
    }
    // The process's own figures come too.
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Failures are counted for the database; the bucket and SMTP only where they are set up
    // (dependency-outages.test.ts has them failing).
    expect(sampleValue(samples, 'yearbook_dependency_failures_total', { dependency: 'database' })).toBe(0);
    expect(sampleValue(samples, 'yearbook_dependency_up', { dependency: 'storage' })).toBeUndefined();
    expect(sampleValue(samples, 'yearbook_dependency_up', { dependency: 'mail' })).toBeUndefined();
    if (!ownRedis) {
      expect(sampleValue(samples, 'yearbook_dependency_up', { dependency: 'redis' })).toBeUndefined();
      return;
    }
    expect(sampleValue(samples, 'yearbook_dependency_up', { dependency: 'redis' })).toBe(1);
    ownRedis.client.destroy();
    const down = samplesOf(await (await scrape()).text());
    expect(sampleValue(down, 'yearbook_dependency_up', { dependency: 'redis' })).toBe(0);
    expect(sampleValue(down, 'yearbook_dependency_up', { dependency: 'database' })).toBe(1);
  });
});
