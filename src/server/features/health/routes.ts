import { Hono } from 'hono';
import { type HealthResponse, healthResponseSchema } from '../../../shared/health';
import type { Database } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import type { Redis } from '../../platform/redis';

const health = describeRoute({
  summary: 'Whether this instance can serve: 200, or 503 when its database or Redis does not answer',
  tag: 'operations',
  access: 'anyone',
  answer: healthResponseSchema,
});

/**
 * GET /api/health: 200 when the database (and Redis, where there is one) answers, 503 when not, for load
 * balancers to route around an instance that cannot serve.
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
      redis?.client.ping().then(
        () => 'ok' as const,
        (err: unknown) => {
          c.get('log').error({ err }, 'health check: redis did not answer');
          return 'error' as const;
        },
      ),
    ]);
    const healthy = databaseState === 'ok' && redisState !== 'error';
    const body: HealthResponse = {
      status: healthy ? 'ok' : 'error',
      database: databaseState,
      engine: database.engine,
      ...(redisState ? { redis: redisState } : {}),
    };
    return c.json(body, healthy ? 200 : 503);
  });
}
