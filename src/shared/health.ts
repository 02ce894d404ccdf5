import * as z from 'zod/mini';

export const healthResponseSchema = z.object({
  /**
   * ok: everything answers. degraded: this instance serves, slower or with some requests answered 503
   * (Redis is away, the database is busy, the bucket or the mail server is down): keep routing to it.
   * error: it cannot serve (its database cannot be reached): route around it; answered with HTTP 503.
   */
  status: z.enum(['ok', 'degraded', 'error']),
  /**
   * ok: it answers. busy: it answers, but requests wait too long for it (a lock, a pool full of waiting
   * queries) and some answer 503. error: it cannot be reached.
   */
  database: z.enum(['ok', 'busy', 'error']),
  engine: z.enum(['pglite', 'postgres']),
  /** Only where REDIS_URL is set. */
  redis: z.optional(z.enum(['ok', 'error'])),
  /**
   * Only where S3_BUCKET is set: error while this instance's calls to the bucket fail (uploads answer
   * 503). Not asked by the check: what the calls found, and the probes while it is down.
   */
  storage: z.optional(z.enum(['ok', 'error'])),
  /** Only where SMTP_URL is set: error while sends fail on the mail server (mail waits in the outbox). */
  mail: z.optional(z.enum(['ok', 'error'])),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
