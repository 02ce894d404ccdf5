// better-auth's secondary storage in Redis (REDIS_URL): sessions are looked up there first, so every
// instance sees a session made on any other, and a signed-in request needs no database round trip to
// find its session. The session rows are still written to PostgreSQL (auth.ts: storeSessionInDatabase),
// which stays the record: backups hold them and a flushed Redis signs nobody out.
//
// A Redis outage costs speed, not sessions (issue #46; docs/decisions/025): a read that fails is a
// miss, and better-auth then reads the database (findSession with storeSessionInDatabase); a write or
// delete that fails is dropped (platform/redis.ts logs the outage once). What a dropped delete leaves
// behind, a cached copy of a session ended during the outage, is mended when Redis answers again:
// `forgetEndedSessions` drops every cached session the database no longer has as it was cached, and
// until it has, every read is a miss (`SessionCacheMending.readable`), so no stale copy is served.
import type { SecondaryStorage } from 'better-auth';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { sessions, users, verifications } from '../db/schema';
import type { Redis } from '../platform/redis';

const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** `readable`: whether reads may be answered from Redis now (false: a miss, the database answers). */
export function createRedisSessionStorage(
  redis: Redis,
  readable: () => boolean = () => true,
): SecondaryStorage {
  const key = (name: string) => redis.key(`auth:${name}`);
  /** A miss (or nothing done) when Redis fails: the database answers instead. */
  const soft = <T>(fallback: T, command: Parameters<Redis['run']>[0]): Promise<T> =>
    redis.run(command).then(
      (value) => value as T,
      () => fallback,
    );
  return {
    get: async (name) => (readable() ? soft<string | null>(null, (client) => client.get(key(name))) : null),
    // Deletes whether or not it may read: what it takes must not stay behind.
    getAndDelete: async (name) => {
      const value = await soft<string | null>(null, (client) => client.getDel(key(name)));
      return readable() ? value : null;
    },
    async set(name, value, ttl) {
      // better-auth gives seconds; no TTL (or a non-positive one) keeps the key until it is deleted.
      await soft(undefined, (client) =>
        ttl && ttl > 0
          ? client.set(key(name), value, { expiration: { type: 'EX', value: Math.ceil(ttl) } })
          : client.set(key(name), value),
      );
    },
    async delete(name) {
      await soft(undefined, (client) => client.del(key(name)));
    },
    // Only better-auth's own rate limiter counts here, and it is off (auth.ts): ours is rate-limit.ts.
    async increment(name, ttl) {
      const count = await redis.run((client) =>
        client.eval(INCREMENT_SCRIPT, {
          keys: [key(name)],
          arguments: [String(Math.max(1, Math.ceil(ttl)))],
        }),
      );
      return Number(count);
    },
  };
}

/** better-auth's session tokens (generateId(32)); its other keys have a '-' or ':' in their names. */
const SESSION_TOKEN = /^[A-Za-z0-9]{32}$/;
const VERIFICATION = 'verification:';
const BATCH = 500;

/**
 * Drops from Redis every cached session whose row is gone or expired, or whose user changed after
 * it was cached, and every cached confirmation or reset token whose row is gone: what deletes and
 * rewrites dropped during an outage would have done (a sign-out, a suspension, an account deleted, a
 * new address). Run when Redis is back and at start-up (a process that dropped a delete may have
 * stopped before Redis came back). A session dropped by mistake costs only a database read per
 * request (better-auth reads it there), never a sign-out. Answers how many keys went.
 */
export async function forgetEndedSessions(redis: Redis, db: Db): Promise<number> {
  const prefix = redis.key('auth:');
  let dropped = 0;
  const tokens: string[] = [];
  const identifiers: string[] = [];
  const flush = async (force: boolean) => {
    if (tokens.length >= BATCH || (force && tokens.length > 0)) {
      dropped += await dropEndedSessions(redis, db, prefix, tokens.splice(0));
    }
    if (identifiers.length >= BATCH || (force && identifiers.length > 0)) {
      dropped += await dropEndedVerifications(redis, db, prefix, identifiers.splice(0));
    }
  };
  await redis.run(async (client) => {
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: BATCH })) {
      for (const key of batch) {
        const name = key.slice(prefix.length);
        if (SESSION_TOKEN.test(name)) tokens.push(name);
        else if (name.startsWith(VERIFICATION)) identifiers.push(name.slice(VERIFICATION.length));
      }
      await flush(false);
    }
  });
  await flush(true);
  return dropped;
}

async function dropEndedSessions(redis: Redis, db: Db, prefix: string, tokens: string[]): Promise<number> {
  const cached = await redis.run((client) => client.mGet(tokens.map((token) => `${prefix}${token}`)));
  const rows = await db
    .select({ token: sessions.token, userUpdatedAt: users.updatedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.token, tokens), gt(sessions.expiresAt, sql`now()`)));
  const live = new Map(rows.map((row) => [row.token, row.userUpdatedAt.getTime()]));
  const ended = tokens.filter((token, index) => {
    const userUpdatedAt = live.get(token);
    if (userUpdatedAt === undefined) return true;
    const value = cached[index];
    if (value === null || value === undefined) return false;
    return cachedUserUpdatedAt(value) !== userUpdatedAt;
  });
  if (ended.length === 0) return 0;
  return redis.run((client) => client.del(ended.map((token) => `${prefix}${token}`)));
}

/** The user's updatedAt in a cached session (better-auth's JSON), or NaN when it cannot be read. */
function cachedUserUpdatedAt(value: string): number {
  try {
    const parsed = JSON.parse(value) as { user?: { updatedAt?: string } };
    return new Date(parsed.user?.updatedAt ?? Number.NaN).getTime();
  } catch {
    return Number.NaN;
  }
}

async function dropEndedVerifications(
  redis: Redis,
  db: Db,
  prefix: string,
  identifiers: string[],
): Promise<number> {
  const rows = await db
    .select({ identifier: verifications.identifier })
    .from(verifications)
    .where(inArray(verifications.identifier, identifiers));
  const kept = new Set(rows.map((row) => row.identifier));
  const ended = identifiers.filter((identifier) => !kept.has(identifier));
  if (ended.length === 0) return 0;
  return redis.run((client) =>
    client.del(ended.map((identifier) => `${prefix}${VERIFICATION}${identifier}`)),
  );
}

/** How often a failed check of the cached sessions is tried again (reads wait on the database). */
const RETRY_MEND_MS = 5_000;

export interface SessionCacheMending {
  /** False until the cached sessions were checked since Redis was last away: reads are misses then. */
  readable(): boolean;
  stop(): void;
}

/**
 * Checks the cached sessions against the database (`forgetEndedSessions`) at start-up (a process
 * that dropped a delete may have stopped before Redis came back) and each time Redis is back; until a
 * check has finished, session reads go to the database. A failed check is logged and tried again.
 */
export function mendSessionCacheAfterOutages(redis: Redis, db: Db, logger: Logger): SessionCacheMending {
  let checked = false;
  let round = 0;
  let retry: NodeJS.Timeout | undefined;
  const mend = (why: string) => {
    clearTimeout(retry);
    checked = false;
    const thisRound = ++round;
    forgetEndedSessions(redis, db).then(
      (dropped) => {
        if (thisRound !== round) return;
        checked = true;
        if (dropped > 0) logger.info({ dropped }, `dropped cached sessions ended while ${why}`);
      },
      (err: unknown) => {
        if (thisRound !== round) return;
        if (redis.available) {
          logger.warn({ err }, 'could not check the cached sessions against the database; trying again');
        }
        retry = setTimeout(() => mend(why), RETRY_MEND_MS);
        retry.unref();
      },
    );
  };
  mend('this instance was not running');
  const stopListening = redis.onRecovery(() => mend('redis was away'));
  return {
    readable: () => checked && redis.available,
    stop() {
      clearTimeout(retry);
      stopListening();
    },
  };
}
