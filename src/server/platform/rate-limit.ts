// Fixed-window counters per key (client address + route, or an identifier being tried): a window opens
// at a key's first hit and lasts `windowMs`. Beside them, consecutive failed password guesses per
// account, answered with a growing wait (auth/password-attempts.ts). Three stores behind one
// interface: process memory (embedded mode, one process), Redis (REDIS_URL) and, with DATABASE_URL
// but no Redis, PostgreSQL; in the last two every instance counts into the same state. While Redis is
// away, the other two stand in for it (createRedisRateLimiterWithFallback).
//
// We keep these three small stores rather than a library (rate-limiter-flexible was considered in
// issue #43): each is one atomic step per hit, and the password rule below is not a window.
import { eq, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { passwordFailures, rateLimitWindows } from '../db/schema';
import type { Redis } from './redis';

/** One hit counted: whether it is within the limit, and how long until the key's window ends. */
export interface RateDecision {
  allowed: boolean;
  /** Milliseconds until the window ends (and a refused caller may try again); at least 1. */
  retryAfterMs: number;
}

/** How consecutive failed guesses at one account's password are answered (http/rate-limits.ts). */
export interface PasswordGuessPolicy {
  /** Failures that cost nothing. */
  freeFailures: number;
  /** The wait before the next guess after the last free failure; it doubles with each failure after. */
  firstWaitMs: number;
  longestWaitMs: number;
  /** Consecutive failures after which no guess is taken (until the count is cleared: a reset). */
  lockAfter: number;
  /** The count is forgotten this long after the last failure. */
  forgetAfterMs: number;
}

/** A guess taken (and counted as a failure until cleared), or refused without being counted. */
export type PasswordGuessDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** Refused until the count is cleared (or forgotten), not for a wait. */
      locked: boolean;
      /** Milliseconds until a guess is taken again (locked: until the count is forgotten); at least 1. */
      retryAfterMs: number;
    };

export interface PasswordFailureStore {
  /**
   * Before a password is checked: in one atomic step, whether a guess may be made now and, if so, the
   * guess counted as a failure, so guesses sent at once cannot pass the limit. A refused guess is
   * not counted.
   */
  countGuess(account: string, policy: PasswordGuessPolicy): Promise<PasswordGuessDecision>;
  /** The password was right, or was reset: the count starts over. */
  clear(account: string): Promise<void>;
}

export interface RateLimiter {
  /**
   * Counts one hit. Callers go through http/rate-limits.ts, which names every limit and answers a
   * refusal with 429 and Retry-After.
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /**
   * Failed password guesses per account; callers go through auth/password-attempts.ts. Every store
   * here has it; a stand-in without it (a test's NO_RATE_LIMITS) limits no guesses, as it limits
   * nothing else.
   */
  passwordFailures?: PasswordFailureStore;
}

function decision(count: number, limit: number, remainingMs: number): RateDecision {
  return { allowed: count <= limit, retryAfterMs: Math.max(1, Math.ceil(remainingMs)) };
}

/** The wait owed after `failures` consecutive failures: none while they are free, then doubling. */
export function waitAfterFailures(failures: number, policy: PasswordGuessPolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.firstWaitMs * 2 ** (failures - policy.freeFailures), policy.longestWaitMs);
}

/**
 * Why a guess `elapsedMs` after the last of `failures` consecutive failures is refused, or null when
 * it may be made. The Redis script and the PostgreSQL statement apply the same rule.
 */
function refusalOf(
  failures: number,
  elapsedMs: number,
  policy: PasswordGuessPolicy,
): PasswordGuessDecision | null {
  if (failures === 0 || elapsedMs >= policy.forgetAfterMs) return null;
  if (failures >= policy.lockAfter) {
    return {
      allowed: false,
      locked: true,
      retryAfterMs: Math.max(1, Math.ceil(policy.forgetAfterMs - elapsedMs)),
    };
  }
  const waitMs = waitAfterFailures(failures, policy);
  if (elapsedMs >= waitMs) return null;
  return { allowed: false, locked: false, retryAfterMs: Math.max(1, Math.ceil(waitMs - elapsedMs)) };
}

/** How often the memory store drops what has ended (windows, forgotten failures). */
const MEMORY_SWEEP_EVERY_MS = 60_000;

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  // Each entry keeps its own end: one map holds one-minute and one-hour windows side by side.
  const windows = new Map<string, { endsAt: number; count: number }>();
  const failures = new Map<string, { failures: number; lastFailedAt: number; forgetAt: number }>();
  let lastSweep = now();
  function sweep(time: number) {
    if (time - lastSweep <= MEMORY_SWEEP_EVERY_MS) return;
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
    for (const [key, state] of failures) if (state.forgetAt <= time) failures.delete(key);
    lastSweep = time;
  }
  return {
    async hit(key, limit, windowMs) {
      const time = now();
      sweep(time);
      const current = windows.get(key);
      if (!current || current.endsAt <= time) {
        windows.set(key, { endsAt: time + windowMs, count: 1 });
        return decision(1, limit, windowMs);
      }
      current.count += 1;
      return decision(current.count, limit, current.endsAt - time);
    },
    passwordFailures: {
      // One event loop: nothing runs between the check and the count.
      async countGuess(account, policy) {
        const time = now();
        sweep(time);
        const state = failures.get(account);
        const elapsedMs = state ? time - state.lastFailedAt : 0;
        const refusal = state ? refusalOf(state.failures, elapsedMs, policy) : null;
        if (refusal) return refusal;
        const counted = state && elapsedMs < policy.forgetAfterMs ? state.failures + 1 : 1;
        failures.set(account, {
          failures: counted,
          lastFailedAt: time,
          forgetAt: time + policy.forgetAfterMs,
        });
        return { allowed: true };
      },
      async clear(account) {
        failures.delete(account);
      },
    },
  };
}

// One round trip, atomic: the first hit of a window also sets when the window ends; answers the count
// and the milliseconds left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

// One round trip, atomic, on Redis's clock (the same for every instance): refusalOf, then the count.
// The account's hash holds its failures and the last one's time (ms); it expires when forgotten.
// ARGV: freeFailures, firstWaitMs, longestWaitMs, lockAfter, forgetAfterMs. Answers {0} for a guess
// taken, {1, ms} for one that must wait, {2, ms} at a locked account.
const GUESS_SCRIPT = `
local free, first, longest, lock, forget =
  tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'failures', 'last')
local failures, last = tonumber(state[1]) or 0, tonumber(state[2]) or now
if now - last >= forget then failures = 0 end
if failures >= lock then return {2, math.max(1, last + forget - now)} end
if failures >= free then
  local wait = math.min(first * 2 ^ (failures - free), longest)
  if now - last < wait then return {1, math.max(1, last + wait - now)} end
end
redis.call('HSET', KEYS[1], 'failures', failures + 1, 'last', string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], forget)
return {0}`;

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  const failuresKey = (account: string) => redis.key(`rate:password:${account}`);
  return {
    async hit(key, limit, windowMs) {
      const [count, remainingMs] = (await redis.run((client) =>
        client.eval(HIT_SCRIPT, { keys: [redis.key(`rate:${key}`)], arguments: [String(windowMs)] }),
      )) as [number, number];
      return decision(Number(count), limit, Number(remainingMs) > 0 ? Number(remainingMs) : windowMs);
    },
    passwordFailures: {
      async countGuess(account, policy) {
        const [outcome, retryAfterMs] = (await redis.run((client) =>
          client.eval(GUESS_SCRIPT, {
            keys: [failuresKey(account)],
            arguments: [
              policy.freeFailures,
              policy.firstWaitMs,
              policy.longestWaitMs,
              policy.lockAfter,
              policy.forgetAfterMs,
            ].map(String),
          }),
        )) as [number, number?];
        if (Number(outcome) === 0) return { allowed: true };
        return { allowed: false, locked: Number(outcome) === 2, retryAfterMs: Number(retryAfterMs) };
      },
      async clear(account) {
        await redis.run((client) => client.del(failuresKey(account)));
      },
    },
  };
}

/**
 * Redis, and while it is away (issue #46; docs/decisions/025) what does not need it: windows are
 * counted in this process's memory (with N instances a limit allows up to N times as much, and a
 * window partly used in Redis starts over: these limits are against floods, and an outage is short),
 * and password guesses in PostgreSQL, which every instance shares (they guard accounts: the count an
 * account had in Redis is not seen, so at most the free failures start over, once per outage). No
 * request waits for a dead Redis: platform/redis.ts refuses at once while it is away. A right
 * password clears the count in both, so no count kept during an outage holds its owner up later.
 */
export function createRedisRateLimiterWithFallback(
  redis: Redis,
  fallback: { windows: RateLimiter; passwordFailures: PasswordFailureStore },
): RateLimiter {
  const primary = createRedisRateLimiter(redis);
  const guesses = primary.passwordFailures as PasswordFailureStore;
  return {
    hit: (key, limit, windowMs) =>
      primary.hit(key, limit, windowMs).catch(() => fallback.windows.hit(key, limit, windowMs)),
    passwordFailures: {
      countGuess: (account, policy) =>
        guesses
          .countGuess(account, policy)
          .catch(() => fallback.passwordFailures.countGuess(account, policy)),
      async clear(account) {
        await Promise.all([
          guesses.clear(account).catch(() => undefined),
          fallback.passwordFailures.clear(account),
        ]);
      },
    },
  };
}

/** Windows that ended, and failures forgotten, are swept this often by each instance (indexed deletes). */
const SWEEP_EVERY_MS = 5 * 60_000;

export function createPostgresRateLimiter(db: Db): RateLimiter & { stop(): void } {
  // The sweep forgets failures as the policy does; it learns how long from the guesses it counts.
  let forgetFailuresAfterMs: number | null = null;
  const sweep = setInterval(() => {
    db.delete(rateLimitWindows)
      .where(lt(rateLimitWindows.endsAt, sql`now()`))
      .catch(() => undefined);
    if (forgetFailuresAfterMs === null) return;
    db.delete(passwordFailures)
      .where(
        lt(
          passwordFailures.lastFailedAt,
          sql`now() - ${forgetFailuresAfterMs}::double precision * interval '1 millisecond'`,
        ),
      )
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
    passwordFailures: {
      async countGuess(account, policy) {
        forgetFailuresAfterMs = policy.forgetAfterMs;
        const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`;
        const forgotten = sql`f.last_failed_at <= now() - ${ms(policy.forgetAfterMs)}`;
        const waitOwed = sql`least(${policy.firstWaitMs}::double precision
          * power(2, f.failures - ${policy.freeFailures}::integer), ${policy.longestWaitMs}::double precision)`;
        // One atomic statement, refusalOf in SQL: the row is locked from the check to the count. A
        // refused guess updates nothing and returns no row.
        const counted = await queryRows<{ failures: number }>(
          db,
          sql`insert into password_failures as f (key, failures, last_failed_at)
              values (${account}, 1, now())
              on conflict (key) do update set
                failures = case when ${forgotten} then 1 else f.failures + 1 end,
                last_failed_at = now()
              where ${forgotten}
                or f.failures < ${policy.freeFailures}::integer
                or (f.failures < ${policy.lockAfter}::integer
                    and f.last_failed_at + ${waitOwed} * interval '1 millisecond' <= now())
              returning failures`,
        );
        if (counted.length > 0) return { allowed: true };
        // Refused: how long to wait, read afresh (the refusal itself was decided above).
        const [state] = await queryRows<{ failures: number; elapsed_ms: number }>(
          db,
          sql`select failures, extract(epoch from (now() - last_failed_at)) * 1000 as elapsed_ms
              from password_failures where key = ${account}`,
        );
        const refusal = state ? refusalOf(Number(state.failures), Number(state.elapsed_ms), policy) : null;
        // Cleared or forgotten in between: the next guess may come at once.
        return refusal ?? { allowed: false, locked: false, retryAfterMs: 1 };
      },
      async clear(account) {
        await db.delete(passwordFailures).where(eq(passwordFailures.key, account));
      },
    },
    stop: () => clearInterval(sweep),
  };
}
