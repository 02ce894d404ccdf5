// Fixed-window counters per key (client address + route, or an identifier being tried): a window opens
// at a key's first hit and lasts `windowMs`. Three stores behind one interface: process memory
// (embedded mode, one process), Redis (REDIS_URL) and, with DATABASE_URL but no Redis, PostgreSQL;
// in the last two every instance counts into the same window.
import { lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { rateLimitWindows } from '../db/schema';
import type { Redis } from './redis';

/** One hit counted: whether it is within the limit, and how long until the key's window ends. */
export interface RateDecision {
  allowed: boolean;
  /** Milliseconds until the window ends (and a refused caller may try again); at least 1. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /**
   * Counts one hit. Callers go through http/rate-limits.ts, which names every limit and answers a
   * refusal with 429 and Retry-After.
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
}

function decision(count: number, limit: number, remainingMs: number): RateDecision {
  return { allowed: count <= limit, retryAfterMs: Math.max(1, Math.ceil(remainingMs)) };
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = now();
  return {
    async hit(key, limit, windowMs) {
      const time = now();
      if (time - lastSweep > 60_000) {
        for (const [k, w] of windows) if (time - w.startedAt > windowMs) windows.delete(k);
        lastSweep = time;
      }
      const current = windows.get(key);
      if (!current || time - current.startedAt >= windowMs) {
        windows.set(key, { startedAt: time, count: 1 });
        return decision(1, limit, windowMs);
      }
      current.count += 1;
      return decision(current.count, limit, current.startedAt + windowMs - time);
    },
  };
}

// One round trip, atomic: the first hit of a window also sets when the window ends; answers the count
// and the milliseconds left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const [count, remainingMs] = (await redis.client.eval(HIT_SCRIPT, {
        keys: [redis.key(`rate:${key}`)],
        arguments: [String(windowMs)],
      })) as [number, number];
      return decision(Number(count), limit, Number(remainingMs) > 0 ? Number(remainingMs) : windowMs);
    },
  };
}

/** Windows that ended are swept this often by each instance (one indexed delete). */
const SWEEP_EVERY_MS = 5 * 60_000;

export function createPostgresRateLimiter(db: Db): RateLimiter & { stop(): void } {
  const sweep = setInterval(() => {
    db.delete(rateLimitWindows)
      .where(lt(rateLimitWindows.endsAt, sql`now()`))
      .catch(() => undefined);
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    async hit(key, limit, windowMs) {
      // One atomic statement: a new or ended window starts over at 1, a live one counts up.
      const [row] = await queryRows<{ hits: number; remaining_ms: number }>(
        db,
        sql`insert into rate_limit_windows as w (key, hits, ends_at)
            values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when w.ends_at <= now() then 1 else w.hits + 1 end,
              ends_at = case when w.ends_at <= now() then excluded.ends_at else w.ends_at end
            returning hits, extract(epoch from (ends_at - now())) * 1000 as remaining_ms`,
      );
      return decision(Number(row?.hits), limit, Number(row?.remaining_ms));
    },
    stop: () => clearInterval(sweep),
  };
}
