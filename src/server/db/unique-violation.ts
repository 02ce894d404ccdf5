// Unique keys are how the database settles races (two people taking one username at once). Drizzle
// wraps the driver's error; both drivers (pg and PGlite) carry PostgreSQL's code and constraint name.

interface PostgresError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The name of the unique constraint an error broke, or null for any other error. */
export function violatedUniqueConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PostgresError;
    if (candidate.code === '23505') return candidate.constraint ?? '';
    current = candidate.cause;
  }
  return null;
}
