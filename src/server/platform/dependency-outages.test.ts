// The bucket and the mail server going down and coming back, as an operator sees it (issue #46): an
// upload answers 503 with Retry-After while the bucket is down, and mail waits in the outbox while
// SMTP is; each outage is one warning with its cause (no stack per request or per mail) and one
// recovery line, health says "degraded" with 200, and /metrics shows the service down and its failures
// counted. Coming back needs nothing: the tracker's probe notices it before the next upload or send.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../tests/support/accounts';
import { freePort } from '../../../tests/support/free-port';
import { createCameraJpeg } from '../../../tests/support/images';
import { captureLogs, LOG_LEVEL, type LogLine } from '../../../tests/support/log-capture';
import { scaled } from '../../../tests/support/machine-factor';
import { samplesOf, sampleValue } from '../../../tests/support/prometheus-text';
import { startTestS3 } from '../../../tests/support/s3-server';
import { startTestSmtp } from '../../../tests/support/smtp-server';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server';
import { SERVICE_TROUBLE_MESSAGE } from '../../shared/service-trouble';
import { loadConfig } from '../config';
import { objectRemovals } from '../db/schema';
import { removeQueuedObjects } from './object-removals';
import { createS3Storage } from './storage';

const TOKEN = 'metrics-token-for-the-outage-test-0123';
const QUIET_MS = 300;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverWith(
  settings: Record<string, string>,
  logger: ReturnType<typeof captureLogs>['logger'],
) {
  const server = await startTestServer({
    settings: { METRICS_TOKEN: TOKEN, ...settings },
    rateLimiter: NO_RATE_LIMITS,
    logger,
    recoveryQuietMs: QUIET_MS,
    mailWorker: { pollMs: 100, retryBaseMs: 100, maxRetryMs: 200 },
  });
  cleanups.push(() => server.close());
  return server;
}

/** `dependency`'s gauge and failure count in a scrape of /metrics. */
async function dependencyMetrics(server: TestServer, dependency: string) {
  const res = await server.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  const samples = samplesOf(await res.text());
  return {
    up: sampleValue(samples, 'yearbook_dependency_up', { dependency }),
    failures: sampleValue(samples, 'yearbook_dependency_failures_total', { dependency }),
    outages: sampleValue(samples, 'yearbook_dependency_outages_total', { dependency }),
  };
}

const until = async (check: () => Promise<boolean> | boolean, withinMs: number) => {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const linesOf = (lines: LogLine[], dependency: string, level: number) =>
  lines.filter((line) => line.dependency === dependency && line.level === level);

describe('the bucket down, then back', () => {
  const upload = async (server: TestServer, member: Member) =>
    server.request(`/api/profiles/${member.username}/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', cookie: member.cookie },
      body: new Uint8Array(await createCameraJpeg({ width: 300, height: 200 })),
    });

  it('answers uploads 503, logs the outage once, shows it in health and /metrics, and recovers alone', async () => {
    const s3 = await startTestS3();
    cleanups.push(() => s3.close());
    const { logger, lines } = captureLogs();
    const server = await serverWith({ ...s3.settings, S3_TIMEOUT_MS: '2000' }, logger);
    const member = await createMember(server);
    expect((await upload(server, member)).status).toBe(200);
    expect(await dependencyMetrics(server, 'storage')).toEqual({ up: 1, failures: 0, outages: 0 });

    await s3.stop();
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await upload(server, member);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await res.json()).error).toMatchObject({
        code: 'unavailable',
        message: SERVICE_TROUBLE_MESSAGE,
      });
    }
    const outage = linesOf(lines, 'storage', LOG_LEVEL.warn);
    expect(outage).toHaveLength(1);
    expect(outage[0]?.cause?.code).toBe('ECONNREFUSED');
    // No stack anywhere: the bucket's trouble is not our bug.
    expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
    expect(await dependencyMetrics(server, 'storage')).toEqual({ up: 0, failures: 3, outages: 1 });
    const health = await callJson(server, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'degraded', database: 'ok', storage: 'error' });
    // The uploads' objects (the bucket may have stored them) wait for removal; the sweep cannot reach
    // the bucket either: a line per object with the bucket's words, no stack, and the row kept.
    const queued = await server.database.db.select().from(objectRemovals);
    expect(queued.length).toBeGreaterThan(0);
    const settings = loadConfig({ ...s3.settings, S3_TIMEOUT_MS: '2000' }).s3;
    if (!settings) throw new Error('expected S3 settings');
    expect(
      await removeQueuedObjects({ db: server.database.db, storage: createS3Storage(settings), logger }),
    ).toEqual({ removed: 0, failed: queued.length });
    expect(lines.filter((line) => line.msg.startsWith('a stored object could not be removed'))).toHaveLength(
      queued.length,
    );
    expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
    const [kept] = await server.database.db.select().from(objectRemovals).limit(1);
    expect(kept?.lastError).toContain('ECONNREFUSED');

    // Back: the probe sees it without an upload, and the recovery is logged once.
    await s3.restart();
    await until(async () => (await dependencyMetrics(server, 'storage')).up === 1, scaled(10_000));
    const recovered = linesOf(lines, 'storage', LOG_LEVEL.info);
    expect(recovered).toHaveLength(1);
    expect(recovered[0]).toMatchObject({ failures: 3 });
    expect((await upload(server, member)).status).toBe(200);
    expect(linesOf(lines, 'storage', LOG_LEVEL.info)).toHaveLength(1);
    expect(await dependencyMetrics(server, 'storage')).toEqual({ up: 1, failures: 3, outages: 1 });
    expect((await callJson(server, 'GET', '/api/health')).body).toMatchObject({
      status: 'ok',
      storage: 'ok',
    });
  });
});

describe('the mail server down, then back', () => {
  it('keeps the mail, logs the outage once, shows it in health and /metrics, and sends it all once back', async () => {
    // Nothing listens here yet: every connection is refused.
    const port = await freePort();
    const { logger, lines } = captureLogs();
    const server = await serverWith({ SMTP_URL: `smtp://127.0.0.1:${port}` }, logger);
    const to = ['one', 'two', 'three'].map((name) => `${name}-${port}@example.com`);
    for (const address of to) {
      await server.database.db.execute(
        sql`insert into mail_outbox ("to", subject, text, html) values (${address}, 'Hello', 'Hello', '<p>Hello</p>')`,
      );
    }
    await until(() => server.dependencyHealth.status('mail').failures >= 3, scaled(15_000));

    const outage = linesOf(lines, 'mail', LOG_LEVEL.warn);
    expect(outage).toHaveLength(1);
    expect(outage[0]?.cause?.code).toBe('ESOCKET');
    // Each attempt has its own line, without a stack; the mail waits.
    expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
    const down = await dependencyMetrics(server, 'mail');
    expect(down).toMatchObject({ up: 0, outages: 1 });
    expect(down.failures).toBeGreaterThanOrEqual(3);
    const health = await callJson(server, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'degraded', database: 'ok', mail: 'error' });

    // The server comes back where it was: every mail goes, once, and the recovery is logged once.
    const smtp = await startTestSmtp({ port });
    cleanups.push(() => smtp.close());
    await smtp.waitFor(3, scaled(15_000));
    await until(async () => (await dependencyMetrics(server, 'mail')).up === 1, scaled(10_000));
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([...to].sort());
    expect(linesOf(lines, 'mail', LOG_LEVEL.info)).toHaveLength(1);
    expect(linesOf(lines, 'mail', LOG_LEVEL.warn)).toHaveLength(1);
    expect((await callJson(server, 'GET', '/api/health')).body).toMatchObject({ status: 'ok', mail: 'ok' });
  });
});
