import { Hono } from 'hono';
import { type HealthResponse, healthResponseSchema } from '../../../shared/health';
import type { Database } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import type { Redis } from '../../platform/redis';

const health = describeRoute({
  summary:
    'Whether this instance can serve: 200 ("ok", or "degraded" while Redis is away and it serves without it), or 503 when its database does not answer',
  tag: 'operations',
  access: 'anyone',
  answer: healthResponseSchema,
});

/**
 * GET /api/health, for load balancers to route around an instance that cannot serve: 503 when the
 * database does not answer. Redis is a cache (decision 025): without it the instance still serves,
 * slower, so it answers 200 "degraded"; failing every instance at once for it would leave a load
 * balancer nowhere to send anyone. Redis's outage is logged by platform/redis.ts, once.
 */
export function healthRoutes(database: Database, redis: Redis | null = null) {
  return new Hono<AppEnv>().get('/', health.doc, async (c) => {
    const [databaseState, redisState] = await Promise.all([
      database.ping().then(
        () => 'ok' as const,
        (err: unknown) => {
          c.get('log').error({ err }, 'health check: database did not answer');
          return 'error' as const;
        },
      ),
      redis
        ?.run((client) => client.ping())
        .then(
          () => 'ok' as const,
          () => 'error' as const,
        ),
    ]);
    const status = databaseState !== 'ok' ? 'error' : redisState === 'error' ? 'degraded' : 'ok';
    const body: HealthResponse = {
      status,
      database: databaseState,
      engine: database.engine,
      ...(redisState ? { redis: redisState } : {}),
    };
    return c.json(body, status === 'error' ? 503 : 200);
  });
}
