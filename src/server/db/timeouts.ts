// How long PostgreSQL work may wait (issue #46): a lock held on one table, or a pool full of queries
// waiting for it, must cost the requests that need that table a quick 503, not the whole site a hang.
// Its own file, free of the database drivers: config.ts reads the defaults before anything is loaded.

export interface DatabaseTimeouts {
  /** PostgreSQL's lock_timeout: how long a statement waits for a lock (0: as long as it takes). */
  lockTimeoutMs: number;
  /** PostgreSQL's statement_timeout: how long one statement may run, waits included (0: no limit). */
  statementTimeoutMs: number;
  /** How long a request waits for a connection: a free one from the pool, or a new one made. */
  connectionTimeoutMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  lockTimeoutMs: 3_000,
  statementTimeoutMs: 15_000,
  connectionTimeoutMs: 5_000,
};

/**
 * For work that is slow on purpose and waits for no person: filling a benchmark's database. Locks
 * still time out (a statement queued behind a lock queues every later one on that table behind it).
 */
export const LONG_WORK_TIMEOUTS: DatabaseTimeouts = {
  ...DEFAULT_DATABASE_TIMEOUTS,
  statementTimeoutMs: 0,
};

/** The health check's own connections: a ping that takes longer than this is not an answer. */
export const HEALTH_PING_TIMEOUTS: DatabaseTimeouts = {
  lockTimeoutMs: 1_000,
  statementTimeoutMs: 2_000,
  connectionTimeoutMs: 3_000,
};

/** The SET statements that apply `timeouts` to a new connection. */
export function timeoutStatements(timeouts: Pick<DatabaseTimeouts, 'lockTimeoutMs' | 'statementTimeoutMs'>) {
  return `set lock_timeout = ${Math.trunc(timeouts.lockTimeoutMs)}; set statement_timeout = ${Math.trunc(timeouts.statementTimeoutMs)}`;
}
