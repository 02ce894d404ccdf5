// The fault suite (issue #46): production mode as a campus runs it — two app instances on a
// PostgreSQL, a Redis and an S3-compatible store of this suite's own processes (never the machine's
// shared ones) — under a steady load of sign-ins, posts, likes, photo uploads and reads, while each
// service is stopped and started again in turn and a lock is held on `posts`. For each fault it checks
// what docs/operations.md promises: reads that need no broken service keep working, what cannot
// succeed answers 503 with Retry-After (never 500, never a hang), health tells degraded from down, the
// outage is logged once, and everything works again when the service returns, with no restart. At the
// end, nothing acknowledged is lost: every post answered 201 and every like answered 200 is in the
// database. It prints the figures (answers by kind and status, time to recover) that
// docs/operations.md quotes.
//
// Run by `npm run test:faults` (README; CI runs it in its PostgreSQL stage). Needs PostgreSQL's server
// programs (initdb, pg_ctl) and redis-server on the machine; the web build (the command makes it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { insertAccount, type TestAccount } from '../support/accounts';
import { cookiesFrom } from '../support/cookies';
import { createCameraJpeg } from '../support/images';
import { scaled } from '../support/machine-factor';
import {
  type OwnS3,
  type OwnService,
  startOwnPostgres,
  startOwnRedis,
  startOwnS3,
} from '../support/own-services';
import { type ServerProcess, startServerProcess } from '../support/server-process';

const PUBLIC_URL = 'http://127.0.0.1:3000';
/** Members doing the load: enough that no one reaches the posting limit (20 in 10 minutes). */
const MEMBERS = 30;
/** Load loops running at once, each pausing this long between its requests. */
const LOOPS = 4;
const PAUSE_MS = 120;
/** How long each fault lasts. */
const FAULT_MS = 8_000;
/** A request that has not answered in this long counts as hung (a fault must not make one). */
const HUNG_MS = 30_000;

type Kind =
  | 'landing page'
  | 'dashboard page'
  | 'session'
  | 'feed'
  | 'one post'
  | 'sign in'
  | 'post'
  | 'like'
  | 'photo';
/** What each kind needs: which faults may make it fail. */
// A photo's answer is the profile with its header counts, read from posts (before the change: a 503
// then has changed nothing).
const NEEDS_POSTS_TABLE: readonly Kind[] = ['dashboard page', 'feed', 'one post', 'post', 'like', 'photo'];
const WRITES_POSTS: readonly Kind[] = ['post', 'like'];

interface Outcome {
  /** The phase the request was sent in. */
  phase: string;
  /** The phase its answer came in: a request sent in a fault and answered after it may have been served by
   * the restored service, and is judged only by what holds throughout (no 500, no hang). */
  answeredIn: string;
  kind: Kind;
  instance: number;
  /** The HTTP status, or 'hung' (no answer in HUNG_MS) or 'refused' (no connection). */
  status: number | 'hung' | 'refused';
  retryAfter: string | null;
  errorCode: string | null;
  startedAt: number;
  endedAt: number;
}

interface HealthReading {
  phase: string;
  instance: number;
  at: number;
  status: number | 'none';
  body: { status?: string; database?: string; redis?: string } | null;
}

const weights: [Kind, number][] = [
  ['landing page', 1],
  ['dashboard page', 1],
  ['session', 2],
  ['feed', 3],
  ['one post', 2],
  ['sign in', 0.3],
  ['post', 1],
  ['like', 3],
  ['photo', 0.25],
];
const totalWeight = weights.reduce((sum, [, weight]) => sum + weight, 0);
function pickKind(): Kind {
  let roll = Math.random() * totalWeight;
  for (const [kind, weight] of weights) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'feed';
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('faults under load: two instances on services of their own', () => {
  let postgres: OwnService;
  let redis: OwnService;
  let s3: OwnS3;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const members: { account: TestAccount; cookie: string }[] = [];
  let photo: Uint8Array<ArrayBuffer>;

  let phase = 'setup';
  const outcomes: Outcome[] = [];
  const health: HealthReading[] = [];
  /** Acknowledged writes: posts answered 201 (their ids) and likes answered 200 (member:post). */
  const postsAcknowledged = new Set<string>();
  const likesAcknowledged = new Set<string>();
  /** Posts there are to read and like. */
  const knownPosts: string[] = [];
  /** When each fault was put right, and the phase of its recovery. */
  const restoredAt = new Map<string, number>();
  let loadRunning = false;
  let loadDone: Promise<unknown> = Promise.resolve();

  async function send(
    kind: Kind,
    instance: number,
    method: string,
    url: string,
    options: { cookie?: string; json?: unknown; body?: Uint8Array<ArrayBuffer>; contentType?: string } = {},
  ): Promise<Response | null> {
    const server = servers[instance];
    if (!server) throw new Error(`no instance ${instance}`);
    const startedAt = Date.now();
    const phaseAt = phase;
    const record = (status: Outcome['status'], res?: Response, errorCode: string | null = null) =>
      outcomes.push({
        phase: phaseAt,
        answeredIn: phase,
        kind,
        instance,
        status,
        retryAfter: res?.headers.get('retry-after') ?? null,
        errorCode,
        startedAt,
        endedAt: Date.now(),
      });
    try {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          origin: PUBLIC_URL,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.contentType ? { 'content-type': options.contentType } : {}),
        },
        body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
        signal: AbortSignal.timeout(HUNG_MS),
      });
      let errorCode: string | null = null;
      if (res.status >= 400 && res.headers.get('content-type')?.includes('json')) {
        const body = (await res.clone().json()) as { error?: { code?: string } };
        errorCode = body.error?.code ?? null;
      }
      record(res.status, res, errorCode);
      return res;
    } catch (error) {
      const name = (error as Error).name;
      record(name === 'TimeoutError' || name === 'AbortError' ? 'hung' : 'refused');
      return null;
    }
  }

  /** One request of the load, of a random kind, by a random member, to a random instance. */
  async function act(kind: Kind, instance: number): Promise<void> {
    const member = pick(members);
    const cookie = member.cookie;
    switch (kind) {
      case 'landing page': {
        const res = await send(kind, instance, 'GET', '/');
        await res?.body?.cancel();
        return;
      }
      case 'dashboard page': {
        const res = await send(kind, instance, 'GET', '/dashboard', { cookie });
        await res?.text();
        return;
      }
      case 'session':
        await (await send(kind, instance, 'GET', '/api/session', { cookie }))?.text();
        return;
      case 'feed':
        await (await send(kind, instance, 'GET', '/api/posts?sort=newest', { cookie }))?.text();
        return;
      case 'one post':
        await (await send(kind, instance, 'GET', `/api/posts/${pick(knownPosts)}`, { cookie }))?.text();
        return;
      case 'sign in': {
        const res = await send(kind, instance, 'POST', '/api/session', {
          json: { identifier: member.account.email, password: member.account.password },
        });
        await res?.text();
        return;
      }
      case 'post': {
        const res = await send(kind, instance, 'POST', '/api/posts', {
          cookie,
          json: { content: `Under load, in phase ${phase}, ${Math.random().toString(36).slice(2, 8)}` },
        });
        if (res?.status === 201) {
          const { id } = (await res.json()) as { id: string };
          postsAcknowledged.add(id);
          knownPosts.push(id);
        } else await res?.text();
        return;
      }
      case 'like': {
        const postId = pick(knownPosts);
        const res = await send(kind, instance, 'PUT', `/api/posts/${postId}/like`, { cookie });
        if (res?.status === 200) likesAcknowledged.add(`${member.account.userId}:${postId}`);
        await res?.text();
        return;
      }
      case 'photo': {
        const username = member.account.username ?? '';
        const res = await send(kind, instance, 'PUT', `/api/profiles/${username}/photo`, {
          cookie,
          body: photo,
          contentType: 'image/jpeg',
        });
        await res?.text();
        return;
      }
    }
  }

  function startLoad() {
    loadRunning = true;
    const loops = Array.from({ length: LOOPS }, async (_, loop) => {
      let turn = loop;
      while (loadRunning) {
        await act(pickKind(), turn++ % servers.length);
        await sleep(PAUSE_MS);
      }
    });
    const healthLoop = (async () => {
      while (loadRunning) {
        await Promise.all(
          servers.map(async (server, instance) => {
            const at = Date.now();
            const phaseAt = phase;
            try {
              const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(HUNG_MS) });
              health.push({ phase: phaseAt, instance, at, status: res.status, body: await res.json() });
            } catch {
              health.push({ phase: phaseAt, instance, at, status: 'none', body: null });
            }
          }),
        );
        await sleep(250);
      }
    })();
    loadDone = Promise.all([...loops, healthLoop]);
  }

  /** Waits until both instances' health answers 200 "ok" (the recovery of the last fault is over). */
  async function untilHealthy(timeoutMs = scaled(60_000)): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const readings = await Promise.all(
        servers.map((server) =>
          fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(HUNG_MS) })
            .then(async (res) => ({ status: res.status, body: (await res.json()) as { status: string } }))
            .catch(() => null),
        ),
      );
      if (readings.every((reading) => reading?.status === 200 && reading.body.status === 'ok')) return;
      await sleep(250);
    }
    throw new Error(`the instances were not healthy again within ${timeoutMs} ms (phase ${phase})`);
  }

  /**
   * Runs one fault: `phase` names it while it lasts, then `${phase}: recovery` until healthy again.
   * While the service is being stopped the phase is `${name}: beginning`: a request sent then may be
   * served by it still, and is judged only by what holds throughout (no 500, no hang). `meanwhile`
   * runs once it is down.
   */
  async function fault(
    name: string,
    begin: () => Promise<void>,
    end: () => Promise<void>,
    meanwhile: () => Promise<unknown> = async () => {},
  ) {
    phase = `${name}: beginning`;
    await begin();
    phase = name;
    await meanwhile();
    await sleep(FAULT_MS);
    await end();
    restoredAt.set(name, Date.now());
    phase = `${name}: recovery`;
    await untilHealthy();
    // A little of normal life between faults.
    phase = `after ${name}`;
    await sleep(1_500);
  }

  /** What was sent and answered within the phase (see Outcome.answeredIn). */
  const during = (name: string) =>
    outcomes.filter((outcome) => outcome.phase === name && outcome.answeredIn === name);
  const statusesOf = (list: Outcome[]) => new Set(list.map((outcome) => outcome.status));

  beforeAll(async () => {
    [postgres, redis, s3] = await Promise.all([startOwnPostgres(), startOwnRedis(), startOwnS3()]);
    const start = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-fault-instance-'));
      dataDirs.push(dataDir);
      return startServerProcess({
        NODE_ENV: 'production',
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        AUTH_SECRET: 'fault-suite-secret-fault-suite-secret',
        PUBLIC_URL,
        DATA_DIR: dataDir,
        ...s3.settings,
      });
    };
    // Both migrate the new database at once: the advisory lock lets one do it.
    servers.push(...(await Promise.all([start(), start()])));

    const database = await openDatabase({ engine: 'postgres', url: postgres.url, maxConnections: 4 });
    try {
      for (let i = 0; i < MEMBERS; i++)
        members.push({ account: await insertAccount(database.db), cookie: '' });
    } finally {
      await database.close();
    }
    for (const [index, member] of members.entries()) {
      const res = await fetch(`${servers[index % 2]?.url}/api/session`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: member.account.email, password: member.account.password }),
      });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      member.cookie = cookiesFrom(res);
    }
    for (const member of members.slice(0, 10)) {
      const res = await fetch(`${servers[0]?.url}/api/posts`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json', cookie: member.cookie },
        body: JSON.stringify({ content: 'Before any fault' }),
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      postsAcknowledged.add(id);
      knownPosts.push(id);
    }
    photo = new Uint8Array(await createCameraJpeg({ width: 800, height: 600 }));
  }, scaled(180_000));

  afterAll(async () => {
    loadRunning = false;
    await loadDone;
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await Promise.all([postgres?.remove(), redis?.remove(), s3?.remove()]);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, scaled(60_000));

  it('runs the load through every fault in turn', async () => {
    startLoad();
    phase = 'baseline';
    await sleep(4_000);

    await fault(
      'Redis down',
      () => redis.stop(),
      () => redis.start(),
    );
    await fault(
      'PostgreSQL down',
      () => postgres.stop(),
      () => postgres.start(),
    );
    await fault(
      'S3 down',
      () => s3.stop(),
      () => s3.start(),
      // Uploads are rare in the load: make sure some come during the outage.
      () => Promise.all(servers.map((_, instance) => act('photo', instance))),
    );
    let locker: pg.Client | null = null;
    const holdLock = (mode: string) => async () => {
      locker = new pg.Client({ connectionString: postgres.url });
      await locker.connect();
      await locker.query('begin');
      await locker.query(`lock table posts in ${mode} mode`);
    };
    const releaseLock = async () => {
      await locker?.query('commit');
      await locker?.end();
      locker = null;
    };
    // As a migration or an operator's ALTER TABLE would hold it.
    await fault('posts locked (ACCESS EXCLUSIVE)', holdLock('access exclusive'), releaseLock);
    // As a CREATE INDEX (not CONCURRENTLY) holds it: reads go on, writes wait.
    await fault('posts locked (SHARE)', holdLock('share'), releaseLock);

    phase = 'end';
    await sleep(2_000);
    loadRunning = false;
    await loadDone;
    printFigures();
  });

  it('answered everything before the faults', () => {
    const baseline = during('baseline');
    expect(baseline.length).toBeGreaterThan(20);
    expect(baseline.filter((outcome) => outcome.status !== 200 && outcome.status !== 201)).toEqual([]);
  });

  it('never answered 500, never hung, never refused a connection, and logged no bug', () => {
    expect(outcomes.filter((outcome) => outcome.status === 'hung' || outcome.status === 'refused')).toEqual(
      [],
    );
    expect(
      outcomes.filter(
        (outcome) => typeof outcome.status === 'number' && outcome.status >= 500 && outcome.status !== 503,
      ),
    ).toEqual([]);
    // Every 503 says when to come back, and why (the service, not the person).
    for (const outcome of outcomes.filter((o) => o.status === 503)) {
      expect(outcome.retryAfter).toMatch(/^\d+$/);
      expect(outcome.errorCode).toBe('unavailable');
    }
    for (const server of servers) {
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/unhandled error/);
      // Each database outage is logged once (PostgreSQL down, then each lock), with its recovery.
      const warnings = server.output().match(/database cannot serve/g) ?? [];
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThanOrEqual(3);
      expect((server.output().match(/database recovered after/g) ?? []).length).toBe(warnings.length);
    }
  });

  it('Redis down: everything still works, from PostgreSQL; health says degraded, not down', () => {
    const list = during('Redis down');
    expect(list.length).toBeGreaterThan(20);
    expect(list.filter((outcome) => outcome.status !== 200 && outcome.status !== 201)).toEqual([]);
    const readings = health.filter((reading) => reading.phase === 'Redis down');
    expect(readings.some((reading) => reading.status === 503)).toBe(false);
    for (const instance of [0, 1]) {
      expect(
        readings.some(
          (r) => r.instance === instance && r.body?.status === 'degraded' && r.body.redis === 'error',
        ),
      ).toBe(true);
    }
    for (const server of servers) expect(server.output().match(/redis is unavailable/g)).toHaveLength(1);
  });

  it('PostgreSQL down: what needs it answers 503 with Retry-After, health says down, the landing page is served', () => {
    const list = during('PostgreSQL down');
    expect(list.filter((outcome) => outcome.status === 503).length).toBeGreaterThan(5);
    expect(
      list.filter((outcome) => outcome.status !== 503 && outcome.status !== 200 && outcome.status !== 201),
    ).toEqual([]);
    expect(statusesOf(list.filter((outcome) => outcome.kind === 'landing page'))).toEqual(new Set([200]));
    const readings = health.filter((reading) => reading.phase === 'PostgreSQL down');
    for (const instance of [0, 1]) {
      expect(
        readings.some((r) => r.instance === instance && r.status === 503 && r.body?.database === 'error'),
      ).toBe(true);
    }
  });

  it('S3 down: uploads answer 503 with Retry-After, the rest is served', () => {
    const list = during('S3 down');
    const uploads = list.filter((outcome) => outcome.kind === 'photo');
    expect(uploads.length).toBeGreaterThanOrEqual(2);
    expect(statusesOf(uploads)).toEqual(new Set([503]));
    expect(
      list.filter((outcome) => outcome.kind !== 'photo' && outcome.status !== 200 && outcome.status !== 201),
    ).toEqual([]);
    expect(health.filter((reading) => reading.phase === 'S3 down' && reading.status !== 200)).toEqual([]);
  });

  it('a lock on posts: what needs posts answers 503 with Retry-After after the lock timeout, the rest is served; health says busy', () => {
    const exclusive = during('posts locked (ACCESS EXCLUSIVE)');
    expect(exclusive.filter((outcome) => outcome.status === 503).length).toBeGreaterThan(3);
    for (const outcome of exclusive.filter((o) => o.status === 503)) {
      expect(NEEDS_POSTS_TABLE).toContain(outcome.kind);
    }
    for (const kind of ['landing page', 'session', 'sign in'] as const) {
      expect(exclusive.filter((outcome) => outcome.kind === kind && outcome.status !== 200)).toEqual([]);
    }
    const share = during('posts locked (SHARE)');
    for (const outcome of share.filter((o) => o.status !== 200 && o.status !== 201)) {
      expect(outcome.status).toBe(503);
      expect(WRITES_POSTS).toContain(outcome.kind);
    }
    // Reads go on under an index build's lock.
    const reads = share.filter((outcome) => outcome.kind === 'feed' || outcome.kind === 'one post');
    expect(reads.length).toBeGreaterThan(3);
    expect(statusesOf(reads)).toEqual(new Set([200]));
    for (const name of ['posts locked (ACCESS EXCLUSIVE)', 'posts locked (SHARE)']) {
      const readings = health.filter((reading) => reading.phase === name);
      expect(readings.filter((reading) => reading.status !== 200)).toEqual([]);
    }
    expect(
      health.some((r) => r.phase === 'posts locked (ACCESS EXCLUSIVE)' && r.body?.database === 'busy'),
    ).toBe(true);
  });

  it('recovers from every fault without a restart: the last writes on each instance succeed', () => {
    const after = outcomes.filter((outcome) => outcome.phase === 'end');
    for (const instance of [0, 1]) {
      const writes = after.filter((o) => o.instance === instance && (o.kind === 'post' || o.kind === 'like'));
      expect(writes.length).toBeGreaterThan(0);
    }
    expect(after.filter((outcome) => outcome.status !== 200 && outcome.status !== 201)).toEqual([]);
  });

  it('lost nothing acknowledged: every post answered 201 and every like answered 200 is kept', async () => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const posts = await client.query<{ id: string }>('select id from posts where id = any($1::uuid[])', [
        [...postsAcknowledged],
      ]);
      expect(posts.rowCount).toBe(postsAcknowledged.size);
      const pairs = [...likesAcknowledged].map((pair) => pair.split(':'));
      const likes = await client.query<{ n: string }>(
        `select count(*) as n from likes
           join unnest($1::text[], $2::uuid[]) as acknowledged(user_id, post_id)
             on likes.user_id = acknowledged.user_id and likes.post_id = acknowledged.post_id`,
        [pairs.map(([user]) => user), pairs.map(([, post]) => post)],
      );
      expect(Number(likes.rows[0]?.n)).toBe(likesAcknowledged.size);
    } finally {
      await client.end();
    }
  });

  function printFigures() {
    const phases = [...new Set(outcomes.map((outcome) => outcome.phase))];
    const lines = ['', '## Fault suite: answers by phase and status (both instances)', ''];
    lines.push(
      '| phase | requests | 2xx | 503 | other | 503 by kind | other by kind | answered in a later phase |',
      '|---|---|---|---|---|---|---|---|',
    );
    const tally = (list: Outcome[], withStatus: boolean) => {
      const byKind = new Map<string, number>();
      for (const o of list) {
        const key = withStatus ? `${o.kind} ${o.status}` : o.kind;
        byKind.set(key, (byKind.get(key) ?? 0) + 1);
      }
      return [...byKind].map(([key, n]) => `${key}: ${n}`).join(', ');
    };
    for (const name of phases) {
      const list = during(name);
      const ok = list.filter((o) => o.status === 200 || o.status === 201);
      const unavailable = list.filter((o) => o.status === 503);
      const other = list.filter((o) => !ok.includes(o) && !unavailable.includes(o));
      const later = outcomes.filter((o) => o.phase === name && o.answeredIn !== name);
      lines.push(
        `| ${name} | ${list.length} | ${ok.length} | ${unavailable.length} | ${other.length} | ${tally(unavailable, false)} | ${tally(other, true)} | ${later.length} |`,
      );
    }
    lines.push(
      '',
      '## Time to recover (from the service back to health "ok" on both / the first write answered)',
      '',
    );
    lines.push('| fault | health ok on both | first write after |', '|---|---|---|');
    for (const [name, at] of restoredAt) {
      const healthyAgain = [0, 1].map((instance) =>
        health.find(
          (r) => r.instance === instance && r.at >= at && r.status === 200 && r.body?.status === 'ok',
        ),
      );
      const healthyAt = healthyAgain.every(Boolean) ? Math.max(...healthyAgain.map((r) => r?.at ?? 0)) : null;
      const firstWrite = outcomes.find(
        (o) =>
          o.startedAt >= at &&
          (o.kind === 'post' || o.kind === 'like') &&
          (o.status === 200 || o.status === 201),
      );
      const seconds = (ms: number | null | undefined) =>
        ms == null ? '—' : `${((ms - at) / 1000).toFixed(1)} s`;
      lines.push(`| ${name} | ${seconds(healthyAt)} | ${seconds(firstWrite?.endedAt)} |`);
    }
    lines.push('', `Acknowledged: ${postsAcknowledged.size} posts, ${likesAcknowledged.size} likes.`);
    console.log(lines.join('\n'));
  }
});
