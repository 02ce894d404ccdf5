// Issue #46 item 4: every call to a service outside the process has a deadline, and a request whose
// client has gone does not commit a change it was never told of. A bucket that accepts and never
// answers makes an upload answer 503 with Retry-After within S3_TIMEOUT_MS, the picture unchanged; a
// client that gives up on a slow bucket gets no change even when the bucket answers later (the object
// goes to the removal queue); a silent mail server fails an attempt after SMTP_TIMEOUT_MS and the
// outbox keeps the mail and tries again, while the request that queued it answered at once.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccount, signInAs } from '../../../tests/support/accounts';
import { createCameraJpeg } from '../../../tests/support/images';
import { scaled } from '../../../tests/support/machine-factor';
import { type StalledS3, startStalledS3 } from '../../../tests/support/s3-server';
import { NO_RATE_LIMITS, startTestServer, type TestServer } from '../../../tests/support/test-server';
import { SERVICE_TROUBLE_MESSAGE } from '../../shared/service-trouble';
import { mailOutbox, objectRemovals, profiles } from '../db/schema';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverOn(s3: StalledS3, timeoutMs: number): Promise<TestServer> {
  const server = await startTestServer({ settings: { ...s3.settings, S3_TIMEOUT_MS: String(timeoutMs) } });
  cleanups.push(() => server.close());
  return server;
}

async function pictureKeyOf(server: TestServer, userId: string) {
  const [row] = await server.database.db
    .select({ key: profiles.profilePictureKey })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.key ?? null;
}

function upload(server: TestServer, username: string, cookie: string, bytes: Buffer, signal: AbortSignal) {
  return server.request(`/api/profiles/${username}/photo`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', cookie },
    body: new Uint8Array(bytes),
    signal,
  });
}

const until = async (check: () => Promise<boolean> | boolean, withinMs: number) => {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('a bucket that does not answer', () => {
  it('makes an upload answer 503 with Retry-After within S3_TIMEOUT_MS, the picture unchanged', async () => {
    const s3 = await startStalledS3();
    cleanups.push(() => s3.close());
    const TIMEOUT_MS = 1_000;
    const server = await serverOn(s3, TIMEOUT_MS);
    const owner = await createAccount(server);
    const cookie = await signInAs(server, owner);
    const before = await pictureKeyOf(server, owner.userId);

    const started = performance.now();
    // Without a deadline the bucket would keep the request forever: the test gives up on it first.
    const res = await upload(
      server,
      owner.username ?? '',
      cookie,
      await createCameraJpeg({ width: 300, height: 200 }),
      AbortSignal.timeout(scaled(15_000)),
    );
    const tookMs = performance.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await res.json()).error).toMatchObject({
      code: 'unavailable',
      message: SERVICE_TROUBLE_MESSAGE,
    });
    // The deadline, plus the image's processing and a busy machine's slack.
    expect(tookMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(tookMs).toBeLessThan(TIMEOUT_MS + scaled(5_000));
    expect(s3.received.some((line) => line.startsWith('PUT '))).toBe(true);
    expect(await pictureKeyOf(server, owner.userId)).toBe(before);
    // The bucket may have stored it anyway: it is queued for removal.
    expect(await server.database.db.select().from(objectRemovals)).toHaveLength(1);
    // The outage is the bucket's, and its cause says it did not answer in time.
    expect(server.dependencyHealth.status('storage')).toMatchObject({
      state: 'down',
      failures: 1,
      lastCause: { code: 'TimeoutError', message: `no answer within S3_TIMEOUT_MS (${TIMEOUT_MS} ms)` },
    });
  }, 60_000);

  it('leaves the picture unchanged when the client gave up, even after the bucket answers', async () => {
    const ANSWER_AFTER_MS = 2_000;
    const s3 = await startStalledS3({ answerAfterMs: ANSWER_AFTER_MS });
    cleanups.push(() => s3.close());
    // The deadline is far off: only the client's going away can stop the change.
    const server = await serverOn(s3, 60_000);
    const owner = await createAccount(server);
    const cookie = await signInAs(server, owner);
    const before = await pictureKeyOf(server, owner.userId);

    const client = new AbortController();
    const answer = upload(
      server,
      owner.username ?? '',
      cookie,
      await createCameraJpeg({ width: 300, height: 200 }),
      client.signal,
    ).catch((error: unknown) => error);
    // The client gives up once the picture is on its way to the bucket.
    await until(() => s3.received.some((line) => line.startsWith('PUT ')), scaled(10_000));
    client.abort();
    expect(await answer).toBeInstanceOf(Error);

    // The bucket answers (or would have) after its delay; the server has had time to commit by then.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_AFTER_MS + scaled(1_000)));
    expect(await pictureKeyOf(server, owner.userId)).toBe(before);
    await until(
      async () => (await server.database.db.select().from(objectRemovals)).length === 1,
      scaled(5_000),
    );
  }, 60_000);
});

describe('a mail server that does not answer', () => {
  it('keeps the mail and tries again, while the request that queued it answers at once', async () => {
    // Accepts connections and never greets.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const { port } = silent.address() as net.AddressInfo;
    const server = await startTestServer({
      settings: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_TIMEOUT_MS: '500' },
      rateLimiter: NO_RATE_LIMITS,
      mailWorker: { pollMs: 100, retryBaseMs: 100, maxRetryMs: 200 },
    });
    cleanups.push(() => server.close());
    const account = await createAccount(server);

    const started = performance.now();
    const res = await server.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, redirectTo: '/reset-password' }),
    });
    expect(res.status).toBe(200);
    await res.text();
    expect(performance.now() - started).toBeLessThan(scaled(2_000));

    const outbox = () => server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, account.email));
    // Two attempts failed on the silence (each after SMTP_TIMEOUT_MS), and the mail is still kept.
    await until(async () => ((await outbox())[0]?.attempts ?? 0) >= 2, scaled(15_000));
    const [row] = await outbox();
    expect(row?.failedAt).toBeNull();
    // A timeout, whichever of nodemailer's timers (greeting, socket: both SMTP_TIMEOUT_MS) fired first
    // on a busy machine; not a refusal or a protocol error.
    expect(row?.lastError).toMatch(/greeting never received|^timeout$/i);
  }, 60_000);
});
