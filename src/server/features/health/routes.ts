import { Hono } from 'hono';
import { type HealthResponse, healthResponseSchema } from '../../../shared/health';
import type { Database } from '../../db/client';
import { databaseUnavailability, describeUnavailability } from '../../db/unavailable';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import type { DependencyHealth } from '../../platform/dependency-health';
import type { Redis } from '../../platform/redis';

const health = describeRoute({
  summary:
    'Whether this instance can serve: 200 (ok, or degraded: a busy database, Redis away, or the bucket or mail server down, the instance serving without them), or 503 when its database cannot be reached',
  tag: 'operations',
  access: 'anyone',
  answer: healthResponseSchema,
});

/**
 * GET /api/health, for load balancers to route around an instance that cannot serve: 503 when the
 * database cannot be reached; 200 otherwise, `degraded` while the database answers but requests wait
 * too long for it (a lock, a full pool: every instance shares that database, so routing around one
 * would not help, and failing them all would leave nowhere to go), or while Redis is away: it is a
 * cache (decision 025), the instance serves without it, slower. Redis's outage is logged by
 * platform/redis.ts, once. The bucket and the mail server are reported as this instance's calls
 * found them (dependency-health.ts), never asked here, and never fail the instance: every instance
 * shares them, and everything but pictures (the bucket) or mail (SMTP) still works.
 */
export function healthRoutes(
  database: Database,
  redis: Redis | null,
  dependencies: DependencyHealth,
  used: readonly ('storage' | 'mail')[] = [],
) {
  return new Hono<AppEnv>().get('/', health.doc, async (c) => {
    const [databaseState, redisState] = await Promise.all([
      databaseHealth(database, dependencies),
      redis
        ?.run((client) => client.ping())
        .then(
          () => 'ok' as const,
          () => 'error' as const,
        ),
    ]);
    const services = Object.fromEntries(
      used.map((name) => [name, dependencies.status(name).state === 'up' ? 'ok' : 'error'] as const),
    ) as Pick<HealthResponse, 'storage' | 'mail'>;
    const serviceDown = Object.values(services).includes('error');
    const status =
      databaseState === 'error'
        ? 'error'
        : databaseState === 'busy' || redisState === 'error' || serviceDown
          ? 'degraded'
          : 'ok';
    const body: HealthResponse = {
      status,
      database: databaseState,
      engine: database.engine,
      ...(redisState ? { redis: redisState } : {}),
      ...services,
    };
    return c.json(body, status === 'error' ? 503 : 200);
  });
}

/**
 * The ping runs on connections of its own (db/client.ts), so a pool full of waiting queries does not
 * make it fail. Busy: the ping itself waited too long, or it answered while requests wait for a
 * connection or have failed on the database within the last seconds (dependency-health.ts).
 */
async function databaseHealth(
  database: Database,
  dependencies: DependencyHealth,
): Promise<HealthResponse['database']> {
  try {
    await database.ping();
  } catch (err) {
    const unavailability = databaseUnavailability(err);
    // Counted and logged once per outage, not at every check of every load balancer.
    dependencies.failed('database', describeUnavailability(err));
    return unavailability === 'busy' ? 'busy' : 'error';
  }
  if ((database.poolStatus()?.waiting ?? 0) > 0) return 'busy';
  dependencies.succeeded('database');
  return dependencies.status('database').state === 'down' ? 'busy' : 'ok';
}
