// A Redis namespace for one test file: the server of TEST_REDIS_URL (the one this machine kind starts,
// in `npm test -- --postgres` and CI) with a key prefix of its own, every key under it deleted afterwards.
import { randomBytes } from 'node:crypto';
import { connectRedis, type Redis } from '../../src/server/platform/redis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

export interface TestRedis {
  url: string;
  keyPrefix: string;
  redis: Redis;
  /** The keys written under this prefix so far. */
  keys(): Promise<string[]>;
  /** Deletes every key under the prefix and closes the connection. */
  destroy(): Promise<void>;
}

export async function createTestRedis(): Promise<TestRedis> {
  if (!TEST_REDIS_URL) throw new Error('createTestRedis needs TEST_REDIS_URL');
  const keyPrefix = `yb-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const redis = await connectRedis({ url: TEST_REDIS_URL, keyPrefix });
  const keys = async () => {
    const found: string[] = [];
    for await (const batch of redis.client.scanIterator({ MATCH: `${keyPrefix}*`, COUNT: 500 })) {
      found.push(...batch);
    }
    return found;
  };
  return {
    url: TEST_REDIS_URL,
    keyPrefix,
    redis,
    keys,
    async destroy() {
      const left = await keys();
      if (left.length > 0) await redis.client.del(left);
      await redis.close();
    },
  };
}
