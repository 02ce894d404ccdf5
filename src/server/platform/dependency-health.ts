// Each service the app depends on, up or down, as this instance has seen it (issue #46): a dependency
// that fails is logged once when the outage starts (a warning with its cause) and once when it ends
// (an info line with how long it lasted), not with a stack per request; its failures are counted here
// for whoever reads them (health, and the metrics to come).
import type { Logger } from 'pino';

export type DependencyName = 'database' | 'redis' | 'storage' | 'mail';

export interface DependencyStatus {
  state: 'up' | 'down';
  /** When it went into that state (ms since the epoch); this instance's start for one never down. */
  since: number;
  /** Requests (or checks) that failed because of it, since this instance started. */
  failures: number;
  /** How many times it went down. */
  outages: number;
  /** The cause of the failure that started the current or last outage. */
  lastCause: { code: string | null; message: string } | null;
  /** When it last failed (ms since the epoch), or null. */
  lastFailureAt: number | null;
}

export interface DependencyHealth {
  /** A request or check failed because `name` could not serve: the first of an outage is logged. */
  failed(name: DependencyName, cause: { code: string | null; message: string }): void;
  /**
   * Something that needs `name` went well: a down dependency is back once nothing has failed for
   * `quietMs` (a lock on one table fails some requests while others, on other tables, succeed; the
   * outage ends when the failures do).
   */
  succeeded(name: DependencyName): void;
  status(name: DependencyName): DependencyStatus;
}

export interface DependencyHealthOptions {
  logger: Logger;
  /** How long without a failure before a down dependency counts as back (default 10 s). */
  quietMs?: number;
  now?: () => number;
}

export function createDependencyHealth({
  logger,
  quietMs = 10_000,
  now = Date.now,
}: DependencyHealthOptions): DependencyHealth {
  const started = now();
  const states = new Map<DependencyName, DependencyStatus>();
  // Failures counted before each dependency's current outage, so its recovery says how many it cost.
  const failuresBefore = new Map<DependencyName, number>();
  const status = (name: DependencyName): DependencyStatus => {
    let state = states.get(name);
    if (!state) {
      state = { state: 'up', since: started, failures: 0, outages: 0, lastCause: null, lastFailureAt: null };
      states.set(name, state);
    }
    return state;
  };
  return {
    failed(name, cause) {
      const state = status(name);
      const at = now();
      state.failures++;
      state.lastFailureAt = at;
      if (state.state === 'down') return;
      failuresBefore.set(name, state.failures - 1);
      state.state = 'down';
      state.since = at;
      state.outages++;
      state.lastCause = cause;
      logger.warn(
        { dependency: name, cause },
        `${name} cannot serve: answering 503 with Retry-After until it recovers (logged once per outage)`,
      );
    },
    succeeded(name) {
      const state = states.get(name);
      if (!state || state.state === 'up') return;
      const at = now();
      if (at - (state.lastFailureAt ?? 0) < quietMs) return;
      const downMs = at - state.since;
      const failures = state.failures - (failuresBefore.get(name) ?? 0);
      state.state = 'up';
      state.since = at;
      logger.info(
        { dependency: name, downMs, failures },
        `${name} recovered after ${Math.round(downMs / 1000)} s`,
      );
    },
    status: (name) => ({ ...status(name) }),
  };
}
