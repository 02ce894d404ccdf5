// Fixed-window counters per key (client address + route, or an identifier being tried): a window opens
// at a key's first hit and lasts `windowMs`. Three stores behind one interface: process memory
// (embedded mode, one process), Redis (REDIS_URL) and, with DATABASE_URL but no Redis, PostgreSQL;
// in the last two every instance counts into the same window.
import { lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { rateLimitWindows } from '../db/schema';
import type { Redis } from './redis';

export interface RateLimiter {
  /** Counts one hit; true when the key is still within its limit. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
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
        return true;
      }
      current.count += 1;
      return current.count <= limit;
    },
  };
}

// One round trip, atomic: the first hit of a window also sets when the window ends.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const count = await redis.client.eval(HIT_SCRIPT, {
        keys: [redis.key(`rate:${key}`)],
        arguments: [String(windowMs)],
      });
      return Number(count) <= limit;
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
      const [row] = await queryRows<{ hits: number }>(
        db,
        sql`insert into rate_limit_windows as w (key, hits, ends_at)
            values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when w.ends_at <= now() then 1 else w.hits + 1 end,
              ends_at = case when w.ends_at <= now() then excluded.ends_at else w.ends_at end
            returning hits`,
      );
      return Number(row?.hits) <= limit;
    },
    stop: () => clearInterval(sweep),
  };
}
