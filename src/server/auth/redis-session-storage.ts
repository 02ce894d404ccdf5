// better-auth's secondary storage in Redis (REDIS_URL): sessions are looked up there first, so every
// instance sees a session made on any other, and a signed-in request needs no database round trip to
// find its session. The session rows are still written to PostgreSQL (auth.ts: storeSessionInDatabase),
// which stays the record: backups hold them and a flushed Redis signs nobody out.
import type { SecondaryStorage } from 'better-auth';
import type { Redis } from '../platform/redis';

const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

export function createRedisSessionStorage(redis: Redis): SecondaryStorage {
  const { client } = redis;
  const key = (name: string) => redis.key(`auth:${name}`);
  return {
    get: (name) => client.get(key(name)),
    getAndDelete: (name) => client.getDel(key(name)),
    async set(name, value, ttl) {
      // better-auth gives seconds; no TTL (or a non-positive one) keeps the key until it is deleted.
      if (ttl && ttl > 0)
        await client.set(key(name), value, { expiration: { type: 'EX', value: Math.ceil(ttl) } });
      else await client.set(key(name), value);
    },
    async delete(name) {
      await client.del(key(name));
    },
    async increment(name, ttl) {
      const count = await client.eval(INCREMENT_SCRIPT, {
        keys: [key(name)],
        arguments: [String(Math.max(1, Math.ceil(ttl)))],
      });
      return Number(count);
    },
  };
}
