// Errors that say the database cannot serve now, not that our code is wrong (issue #46): the API
// answers them 503 with Retry-After (http/error-handling.ts), and health tells the two kinds apart.

/**
 * - busy: PostgreSQL answers, but this work waited too long: for a lock (lock_timeout), in all
 *   (statement_timeout), or for a free connection of a pool full of waiting queries.
 * - unreachable: no connection can be made or kept: refused, reset, cut, or the server shutting down
 *   or starting up.
 */
export type Unavailability = 'busy' | 'unreachable';

const BUSY_CODES = new Set([
  '55P03', // lock_not_available: lock_timeout
  '57014', // query_canceled: statement_timeout (or an operator's pg_cancel_backend)
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
]);

const UNREACHABLE_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, or in recovery)
  '08000', // connection_exception, and its kinds:
  '08001',
  '08003',
  '08004',
  '08006',
  // Node's socket errors.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** node-postgres's own words (its errors have no code). */
const BUSY_MESSAGES = ['timeout exceeded when trying to connect'];
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];

/** Whether `error` (or what it wraps: drizzle wraps the driver's error) says the database cannot serve now. */
export function databaseUnavailability(error: unknown): Unavailability | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (BUSY_CODES.has(code)) return 'busy';
      if (UNREACHABLE_CODES.has(code)) return 'unreachable';
    }
    if (typeof message === 'string') {
      if (BUSY_MESSAGES.some((m) => message.startsWith(m))) return 'busy';
      if (UNREACHABLE_MESSAGES.some((m) => message.startsWith(m))) return 'unreachable';
    }
    current = cause;
  }
  return null;
}

/** What the log says about the cause: the driver's code and message, never a query or its values. */
export function describeUnavailability(error: unknown): { code: string | null; message: string } {
  let current: unknown = error;
  let found: { code: string | null; message: string } = { code: null, message: String(error) };
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof message === 'string') found = { code: typeof code === 'string' ? code : null, message };
    if (typeof code === 'string') return found;
    current = cause;
  }
  return found;
}
