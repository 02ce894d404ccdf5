// The three rate-limit stores keep one contract: `limit` hits pass in a window, the next is refused,
// a new window starts over, and concurrent hits are counted exactly. Redis and PostgreSQL are shared by
// every instance, so two limiters over one store must count into the same window. The same for failed
// password guesses: five free, then a wait doubling up to an hour, a lock at 100, cleared by a right
// password, forgotten after 30 days, and exact however many guesses come at once.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { createTestRedis, TEST_REDIS_URL, type TestRedis } from '../../../tests/support/test-redis';
import { PASSWORD_GUESSES } from '../http/rate-limits';
import {
  createMemoryRateLimiter,
  createPostgresRateLimiter,
  createRedisRateLimiter,
  createRedisRateLimiterWithFallback,
  type PasswordFailureStore,
  type RateLimiter,
} from './rate-limit';
import { connectRedis } from './redis';

async function hits(limiter: RateLimiter, key: string, count: number, limit: number, windowMs: number) {
  const answers: boolean[] = [];
  for (let i = 0; i < count; i++) answers.push((await limiter.hit(key, limit, windowMs)).allowed);
  return answers;
}

describe('memory rate limiter', () => {
  it('passes `limit` hits per window and starts over when the window ends', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    expect(await hits(limiter, 'a', 4, 3, 60_000)).toEqual([true, true, true, false]);
    expect((await limiter.hit('b', 3, 60_000)).allowed).toBe(true);
    // A refusal says when the window ends.
    now += 20_000;
    expect(await limiter.hit('a', 3, 60_000)).toEqual({ allowed: false, retryAfterMs: 40_000 });
    now += 40_000;
    expect(await hits(limiter, 'a', 2, 3, 60_000)).toEqual([true, true]);
  });

  it("sweeps each key by its own window: a one-minute hit keeps an hour's counter", async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    expect(await hits(limiter, 'reports', 3, 3, 3_600_000)).toEqual([true, true, true]);
    expect(await hits(limiter, 'likes', 1, 120, 60_000)).toEqual([true]);
    // Past the sweep interval, a minute-long hit sweeps: the minute's key goes, the hour's stays.
    now += 90_000;
    expect(await hits(limiter, 'likes', 1, 120, 60_000)).toEqual([true]);
    expect(await limiter.hit('reports', 3, 3_600_000)).toEqual({
      allowed: false,
      retryAfterMs: 3_600_000 - 90_000,
    });
  });
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Password-failure stores under test: two instances over one store (the same one twice for memory),
 * and a way to let time pass for an account: the memory store's clock, or, for the shared stores whose
 * clock is the server's, the stored time of its last failure moved back.
 */
interface PasswordStores {
  first: PasswordFailureStore;
  second: PasswordFailureStore;
  elapse(account: string, ms: number): Promise<void>;
  /** How far a wait may have run down while the test ran: none on an injected clock. */
  slackMs: number;
}

/** The shared stores' clocks run on between a guess and the next (however busy the machine). */
const SERVER_CLOCK_SLACK_MS = 15_000;

function passwordFailureContract(open: () => Promise<PasswordStores>) {
  let slackMs = 0;
  /** A guess's answer; a wait within the store's slack of `expected` is given as `expected`. */
  async function guess(store: PasswordFailureStore, account: string, expectedWaitMs?: number) {
    const answer = await store.countGuess(account, PASSWORD_GUESSES);
    if (answer.allowed || expectedWaitMs === undefined) return answer;
    const ranDown = expectedWaitMs - answer.retryAfterMs;
    return ranDown >= 0 && ranDown <= slackMs ? { ...answer, retryAfterMs: expectedWaitMs } : answer;
  }
  const allowed = { allowed: true };
  const waiting = (ms: number) => ({ allowed: false, locked: false, retryAfterMs: ms });
  const opened = async () => {
    const stores = await open();
    slackMs = stores.slackMs;
    return stores;
  };

  it('takes five failures free, then makes the next guess wait, doubling up to an hour', async () => {
    const { first, second, elapse } = await opened();
    for (let i = 0; i < 5; i++) expect(await guess(i % 2 ? first : second, 'ravi')).toEqual(allowed);
    // Each refusal counts nothing: asking again still waits as long.
    expect(await guess(first, 'ravi', MINUTE)).toEqual(waiting(MINUTE));
    expect(await guess(second, 'ravi', MINUTE)).toEqual(waiting(MINUTE));
    // Another account is not held up.
    expect(await guess(first, 'kiran')).toEqual(allowed);
    await elapse('ravi', 30_000);
    expect(await guess(first, 'ravi', 30_000)).toEqual(waiting(30_000));
    await elapse('ravi', 30_000);
    const waits = [2, 4, 8, 16, 32, 60, 60].map((minutes) => minutes * MINUTE);
    for (const wait of waits) {
      expect(await guess(second, 'ravi')).toEqual(allowed);
      expect(await guess(first, 'ravi', wait)).toEqual(waiting(wait));
      await elapse('ravi', wait);
    }
  });

  it('starts over once the password proves right', async () => {
    const { first, second } = await opened();
    for (let i = 0; i < 5; i++) expect(await guess(first, 'meera')).toEqual(allowed);
    expect((await guess(second, 'meera')).allowed).toBe(false);
    await second.clear('meera');
    for (let i = 0; i < 5; i++) expect(await guess(first, 'meera')).toEqual(allowed);
    expect(await guess(second, 'meera', MINUTE)).toEqual(waiting(MINUTE));
  });

  it('locks the account at 100 failures until cleared, and forgets 30 days after the last failure', async () => {
    const { first, second, elapse } = await opened();
    for (let i = 0; i < 100; i++) {
      expect(await guess(i % 2 ? first : second, 'dev')).toEqual(allowed);
      await elapse('dev', HOUR);
    }
    // Until the count would be forgotten: 30 days after the last failure, an hour ago.
    expect(await guess(first, 'dev', 30 * DAY - HOUR)).toEqual({
      allowed: false,
      locked: true,
      retryAfterMs: 30 * DAY - HOUR,
    });
    await elapse('dev', 10 * DAY);
    expect(await guess(second, 'dev')).toMatchObject({ allowed: false, locked: true });
    await first.clear('dev');
    expect(await guess(second, 'dev')).toEqual(allowed);

    // Forgotten: a count left alone for 30 days starts over, five free again.
    for (let i = 0; i < 5; i++) expect(await guess(first, 'asha')).toEqual(allowed);
    await elapse('asha', 30 * DAY);
    for (let i = 0; i < 5; i++) expect(await guess(second, 'asha')).toEqual(allowed);
    expect(await guess(first, 'asha', MINUTE)).toEqual(waiting(MINUTE));
  });

  it('counts guesses sent at once exactly: five pass, whichever instance takes them', async () => {
    const { first, second } = await opened();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? first : second).countGuess('burst', PASSWORD_GUESSES)),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5);
  });
}

describe('memory password failures', () => {
  passwordFailureContract(async () => {
    let now = 1_000_000;
    const store = createMemoryRateLimiter(() => now).passwordFailures;
    if (!store) throw new Error('the memory limiter has no password store');
    return {
      first: store,
      second: store,
      elapse: async (_account, ms) => {
        now += ms;
      },
      slackMs: 0,
    };
  });
});

/** The contract of a store every instance shares, given two limiters over the same store. */
function sharedStoreContract(open: () => Promise<[RateLimiter, RateLimiter]>) {
  it('counts hits from two instances into one window', async () => {
    const [first, second] = await open();
    expect(await hits(first, 'shared', 3, 5, 60_000)).toEqual([true, true, true]);
    expect(await hits(second, 'shared', 3, 5, 60_000)).toEqual([true, true, false]);
    const refused = await first.hit('shared', 5, 60_000);
    expect(refused.allowed).toBe(false);
    // The window opened with the first hit, a moment ago: the caller may try again when it ends.
    expect(refused.retryAfterMs).toBeGreaterThan(30_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await first.hit('other', 5, 60_000)).allowed).toBe(true);
  });

  it('opens a new window once the last one ends', async () => {
    const [first, second] = await open();
    expect(await hits(first, 'short', 3, 2, 300)).toEqual([true, true, false]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await hits(second, 'short', 3, 2, 300)).toEqual([true, true, false]);
  });

  it('is exact under concurrent hits from both instances', async () => {
    const [first, second] = await open();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).hit('burst', 15, 60_000)),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(15);
  });
}

describe('PostgreSQL rate limiter', () => {
  let database: TestDatabase;
  let limiters: (RateLimiter & { stop(): void })[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const limiter of limiters) limiter.stop();
    await database.destroy();
  });

  sharedStoreContract(async () => {
    limiters = [createPostgresRateLimiter(database.db), createPostgresRateLimiter(database.db)];
    return [limiters[0] as RateLimiter, limiters[1] as RateLimiter];
  });

  passwordFailureContract(async () => {
    const [first, second] = [createPostgresRateLimiter(database.db), createPostgresRateLimiter(database.db)];
    limiters.push(first, second);
    if (!first.passwordFailures || !second.passwordFailures) throw new Error('no password store');
    await database.db.execute(sql`delete from password_failures`);
    return {
      first: first.passwordFailures,
      second: second.passwordFailures,
      elapse: async (account, ms) => {
        await database.db.execute(
          sql`update password_failures set last_failed_at = last_failed_at - ${ms} * interval '1 millisecond'
              where key = ${account}`,
        );
      },
      slackMs: SERVER_CLOCK_SLACK_MS,
    };
  });
});

describe.runIf(TEST_REDIS_URL)('Redis rate limiter', () => {
  const namespaces: TestRedis[] = [];
  afterAll(async () => {
    for (const namespace of namespaces) await namespace.destroy();
  });

  sharedStoreContract(async () => {
    // Two connections under one prefix: two instances of the app.
    const first = await createTestRedis();
    namespaces.push(first);
    const second = await createTestRedis();
    namespaces.push(second);
    const shared = { ...second.redis, key: first.redis.key };
    return [createRedisRateLimiter(first.redis), createRedisRateLimiter(shared)];
  });

  passwordFailureContract(async () => {
    const first = await createTestRedis();
    namespaces.push(first);
    const second = await createTestRedis();
    namespaces.push(second);
    const shared = { ...second.redis, key: first.redis.key };
    const [one, two] = [createRedisRateLimiter(first.redis), createRedisRateLimiter(shared)];
    if (!one.passwordFailures || !two.passwordFailures) throw new Error('no password store');
    return {
      first: one.passwordFailures,
      second: two.passwordFailures,
      elapse: async (account, ms) => {
        await first.redis.client.hIncrBy(first.redis.key(`rate:password:${account}`), 'last', -ms);
      },
      slackMs: SERVER_CLOCK_SLACK_MS,
    };
  });

  it('writes failed guesses under the key prefix, forgotten 30 days after the last', async () => {
    const namespace = await createTestRedis();
    namespaces.push(namespace);
    const store = createRedisRateLimiter(namespace.redis).passwordFailures;
    await store?.countGuess('ravi.m@example.com', PASSWORD_GUESSES);
    const keys = await namespace.keys();
    expect(keys).toEqual([`${namespace.keyPrefix}rate:password:ravi.m@example.com`]);
    const ttl = await namespace.redis.client.pTTL(keys[0] ?? '');
    expect(ttl).toBeGreaterThan(30 * DAY - MINUTE);
    expect(ttl).toBeLessThanOrEqual(30 * DAY);
    await store?.clear('ravi.m@example.com');
    expect(await namespace.keys()).toEqual([]);
  });

  it('writes its counters under the key prefix, expiring with their window', async () => {
    const namespace = await createTestRedis();
    namespaces.push(namespace);
    await createRedisRateLimiter(namespace.redis).hit('sign-in:ip:10.0.0.1', 5, 60_000);
    const keys = await namespace.keys();
    expect(keys).toEqual([`${namespace.keyPrefix}rate:sign-in:ip:10.0.0.1`]);
    const ttl = await namespace.redis.client.pTTL(keys[0] ?? '');
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('counts without Redis, at once, while it is away: windows in memory, guesses in the stand-in', async () => {
    const namespace = await createTestRedis();
    namespaces.push(namespace);
    // A connection of the limiter's own, to cut; `namespace` cleans up after.
    const own = await connectRedis({ url: namespace.url, keyPrefix: namespace.keyPrefix });
    const windows = createMemoryRateLimiter();
    const guesses = createMemoryRateLimiter().passwordFailures as PasswordFailureStore;
    const limiter = createRedisRateLimiterWithFallback(own, { windows, passwordFailures: guesses });
    await limiter.hit('like:user:1', 3, 60_000);
    expect(await namespace.keys()).toEqual([`${namespace.keyPrefix}rate:like:user:1`]);

    own.client.destroy();
    // Counted in memory from the first hit of the outage: the window in Redis is not seen.
    expect(await hits(limiter, 'like:user:1', 4, 3, 60_000)).toEqual([true, true, true, false]);
    for (let guess = 0; guess < PASSWORD_GUESSES.freeFailures; guess++) {
      expect(await limiter.passwordFailures?.countGuess('asha@example.com', PASSWORD_GUESSES)).toEqual({
        allowed: true,
      });
    }
    expect(await guesses.countGuess('asha@example.com', PASSWORD_GUESSES)).toMatchObject({ allowed: false });
    // A right password clears the stand-in's count too, whether or not Redis answers.
    await limiter.passwordFailures?.clear('asha@example.com');
    expect(await guesses.countGuess('asha@example.com', PASSWORD_GUESSES)).toEqual({ allowed: true });
    expect(await namespace.keys()).toEqual([`${namespace.keyPrefix}rate:like:user:1`]);
  });
});
