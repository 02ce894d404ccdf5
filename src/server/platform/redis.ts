// The Redis connection of production mode (REDIS_URL): counters every instance shares (rate limits)
// and better-auth's session cache. Every key starts with REDIS_KEY_PREFIX, so one Redis can serve
// several apps, and every test run, without their keys meeting.

import type { Logger } from 'pino';
import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

export interface Redis {
  client: RedisClient;
  /** `name` under this app's prefix. */
  key(name: string): string;
  close(): Promise<void>;
}

export async function connectRedis(
  options: { url: string; keyPrefix: string },
  logger?: Pick<Logger, 'error'>,
): Promise<Redis> {
  let connectedOnce = false;
  const client = createClient({
    url: options.url,
    // A request must fail at once while Redis is away, not wait in a queue for it to come back.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      // At start-up, give up after three tries so the process says what is wrong instead of waiting
      // forever; once it has run, keep reconnecting (backing off up to 5 s) through a Redis restart.
      reconnectStrategy: (retries, cause) =>
        connectedOnce ? Math.min(100 * 2 ** retries, 5_000) : retries >= 2 ? cause : 500,
    },
  });
  // Without a listener a lost connection would crash the process; the client reconnects by itself.
  let lastReported = 0;
  client.on('error', (err: unknown) => {
    if (Date.now() - lastReported < 10_000) return;
    lastReported = Date.now();
    logger?.error({ err }, 'redis connection error');
  });
  try {
    await client.connect();
  } catch (error) {
    const where = new URL(options.url);
    throw new Error(`Redis at ${where.host} (REDIS_URL) did not answer: ${(error as Error).message}`);
  }
  connectedOnce = true;
  return {
    client,
    key: (name) => `${options.keyPrefix}${name}`,
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}
