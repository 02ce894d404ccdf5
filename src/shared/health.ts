import * as z from 'zod/mini';

export const healthResponseSchema = z.object({
  /** `degraded`: serving, slower (Redis is away: sessions and limits go without it); still a 200. */
  status: z.enum(['ok', 'degraded', 'error']),
  database: z.enum(['ok', 'error']),
  engine: z.enum(['pglite', 'postgres']),
  /** Only where REDIS_URL is set. */
  redis: z.optional(z.enum(['ok', 'error'])),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
