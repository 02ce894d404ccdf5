import { Hono } from 'hono';
import type { HealthResponse } from '../../../shared/health';
import type { Database } from '../../db/client';
import type { AppEnv } from '../../http/context';

/** GET /api/health: 200 when the database answers, 503 when it does not (for load balancers). */
export function healthRoutes(database: Database) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await database.ping();
      return c.json({ status: 'ok', database: 'ok', engine: database.engine } satisfies HealthResponse);
    } catch (err) {
      c.get('log').error({ err }, 'health check: database did not answer');
      const body: HealthResponse = { status: 'error', database: 'error', engine: database.engine };
      return c.json(body, 503);
    }
  });
}
