// The three rate-limit stores keep one contract: `limit` hits pass in a window, the next is refused,
// a new window starts over, and concurrent hits are counted exactly. Redis and PostgreSQL are shared by
// every instance, so two limiters over one store must count into the same window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { createTestRedis, TEST_REDIS_URL, type TestRedis } from '../../../tests/support/test-redis';
import {
  createMemoryRateLimiter,
  createPostgresRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './rate-limit';

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
});
