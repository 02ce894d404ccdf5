// Unique keys are how the database settles races (two people taking one username at once), and
// foreign keys those between a write and the deletion of what it names. Drizzle
// wraps the driver's error; both drivers (pg and PGlite) carry PostgreSQL's code and constraint name.

interface PostgresError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The name of the constraint of PostgreSQL error `code` an error broke, or null for any other error. */
function violatedConstraint(error: unknown, code: string): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PostgresError;
    if (candidate.code === code) return candidate.constraint ?? '';
    current = candidate.cause;
  }
  return null;
}

/** The name of the unique constraint an error broke, or null for any other error. */
export function violatedUniqueConstraint(error: unknown): string | null {
  return violatedConstraint(error, '23505');
}

/**
 * The foreign key an error broke, or null: a write about an account or a post that was deleted while
 * it ran (an account deleting itself takes its posts and sessions; issue #27).
 */
export function violatedForeignKey(error: unknown): string | null {
  return violatedConstraint(error, '23503');
}
