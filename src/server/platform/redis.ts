// The Redis connection of production mode (REDIS_URL): counters every instance shares (rate limits)
// and better-auth's session cache. Every key starts with REDIS_KEY_PREFIX, so one Redis can serve
// several apps, and every test run, without their keys meeting.
//
// Redis is a cache here, never the record (issue #46): callers send commands through `run`, which
// fails at once while Redis is away (no request waits for a dead Redis), and each caller falls back
// (sessions to PostgreSQL, rate limits to memory or PostgreSQL). An outage is logged once when it
// starts and once when it ends, with its length; `onRecovery` tells who must mend what the outage
// left behind (auth/redis-session-storage.ts).

import type { Logger } from 'pino';
import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

export interface Redis {
  client: RedisClient;
  /** `name` under this app's prefix. */
  key(name: string): string;
  /**
   * Runs commands on the client, or throws RedisUnavailableError at once while Redis is known to be
   * away. A failure (an error or no answer within COMMAND_TIMEOUT_MS) starts an outage; an answer, or
   * the connection being ready again, ends it.
   */
  run<T>(command: (client: RedisClient) => Promise<T>): Promise<T>;
  /** Whether commands are being sent (false during an outage, between probes). */
  readonly available: boolean;
  /** Called each time Redis is back after an outage; returns a function that stops the calls. */
  onRecovery(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Thrown by `run` without sending anything while Redis is away. */
export class RedisUnavailableError extends Error {
  constructor() {
    super('Redis is unavailable');
    this.name = 'RedisUnavailableError';
  }
}

/** Redis answers in well under a millisecond; one that takes this long is as good as away. */
const COMMAND_TIMEOUT_MS = 1_000;
/**
 * During an outage with the connection still open (a hung Redis), one command at most this often is
 * let through to see whether it answers again; the others fall back at once.
 */
const PROBE_EVERY_MS = 1_000;

export async function connectRedis(
  options: { url: string; keyPrefix: string },
  logger?: Pick<Logger, 'warn' | 'info'>,
): Promise<Redis> {
  let connectedOnce = false;
  const client = createClient({
    url: options.url,
    // A request must fail at once while Redis is away, not wait in a queue for it to come back.
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: 5_000,
      // At start-up, give up after three tries so the process says what is wrong instead of waiting
      // forever; once it has run, keep reconnecting (backing off up to 5 s) through a Redis restart.
      reconnectStrategy: (retries, cause) =>
        connectedOnce ? Math.min(100 * 2 ** retries, 5_000) : retries >= 2 ? cause : 500,
    },
  });

  let outageSince: number | null = null;
  let nextProbeAt = 0;
  let probing = false;
  const recoveryListeners = new Set<() => void>();
  const failed = (err: unknown) => {
    nextProbeAt = Date.now() + PROBE_EVERY_MS;
    if (outageSince !== null || !connectedOnce) return;
    outageSince = Date.now();
    logger?.warn(
      { err },
      'redis is unavailable: sessions are read from the database and rate limits counted without it until it is back',
    );
  };
  const answered = () => {
    if (outageSince === null) return;
    const outageMs = Date.now() - outageSince;
    outageSince = null;
    logger?.info({ outageMs }, `redis is back after ${Math.round(outageMs / 1000)} s`);
    for (const listener of recoveryListeners) listener();
  };
  // Without a listener a lost connection would crash the process; the client reconnects by itself.
  client.on('error', failed);
  client.on('ready', answered);
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
    async run(command) {
      if (!client.isReady) {
        failed(new Error('not connected to Redis'));
        throw new RedisUnavailableError();
      }
      const probe = outageSince !== null;
      if (probe && (probing || Date.now() < nextProbeAt)) throw new RedisUnavailableError();
      if (probe) probing = true;
      try {
        const result = await command(client);
        answered();
        return result;
      } catch (error) {
        failed(error);
        throw error;
      } finally {
        if (probe) probing = false;
      }
    },
    get available() {
      return client.isReady && (outageSince === null || Date.now() >= nextProbeAt);
    },
    onRecovery(listener) {
      recoveryListeners.add(listener);
      return () => recoveryListeners.delete(listener);
    },
    async close() {
      recoveryListeners.clear();
      if (client.isOpen) await client.close();
    },
  };
}
