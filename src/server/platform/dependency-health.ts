// Each service the app depends on, up or down, as this instance has seen it (issue #46): a dependency
// that fails is logged once when the outage starts (a warning with its cause) and once when it ends
// (an info line with how long it lasted), not with a stack per request; its failures are counted here
// for health and the metrics. Each dependency is fed where its calls are made: the database by the
// error handler (its errors surface there) and the answered requests, the bucket by the storage
// driver (platform/storage.ts), SMTP by the outbox's worker (platform/mail.ts). Redis keeps its own
// outage log (platform/redis.ts): it is a cache whose recovery has work of its own to do.
import type { Logger } from 'pino';

export type DependencyName = 'database' | 'redis' | 'storage' | 'mail';

/** What the app does while each is down: the warning that starts an outage says it. */
const WHILE_DOWN: Record<DependencyName, string> = {
  database: 'answering 503 with Retry-After until it recovers',
  redis: 'sessions are read from the database and rate limits counted without it until it is back',
  storage: 'picture uploads and pictures served by the app answer 503 with Retry-After until it recovers',
  mail: 'mail waits in the outbox and is retried until it recovers',
};

/** A failure's cause as logged: a code (the driver's, or the error's name) and a message; no stack. */
export interface FailureCause {
  code: string | null;
  message: string;
}

export interface DependencyStatus {
  state: 'up' | 'down';
  /** When it went into that state (ms since the epoch); this instance's start for one never down. */
  since: number;
  /** Requests (or checks) that failed because of it, since this instance started. */
  failures: number;
  /** How many times it went down. */
  outages: number;
  /** The cause of the failure that started the current or last outage. */
  lastCause: FailureCause | null;
  /** When it last failed (ms since the epoch), or null. */
  lastFailureAt: number | null;
}

export interface DependencyHealth {
  /** A request or check failed because `name` could not serve: the first of an outage is logged. */
  failed(name: DependencyName, cause: FailureCause): void;
  /**
   * Something that needs `name` went well: a down dependency is back once something has succeeded
   * since its last failure and nothing has failed for `quietMs` (a lock on one table fails some
   * requests while others, on other tables, succeed; the outage ends when the failures do). The
   * recovery is logged when that is first seen: at a later success, a probe, or a look at `status`.
   */
  succeeded(name: DependencyName): void;
  /** Where it stands now (a recovery due by the rule above is made, and logged, first). */
  status(name: DependencyName): DependencyStatus;
  /**
   * For a dependency used now and then (the bucket, SMTP), whose next real call may be hours away:
   * while it is down, `probe` is run every `probeEveryMs`, and a probe that resolves counts as a
   * success (one that rejects is not counted as a failure: nobody was failed by it).
   */
  probeWhileDown(name: DependencyName, probe: () => Promise<unknown>): void;
  /** Stops the probes (shutdown). */
  close(): void;
}

export interface DependencyHealthOptions {
  logger: Logger;
  /** How long without a failure before a down dependency counts as back (default 10 s). */
  quietMs?: number;
  /** The pause between probes of a down dependency that has one (default 5 s). */
  probeEveryMs?: number;
  now?: () => number;
}

export function createDependencyHealth({
  logger,
  quietMs = 10_000,
  probeEveryMs = 5_000,
  now = Date.now,
}: DependencyHealthOptions): DependencyHealth {
  const started = now();
  const states = new Map<DependencyName, DependencyStatus>();
  // Failures counted before each dependency's current outage, so its recovery says how many it cost.
  const failuresBefore = new Map<DependencyName, number>();
  // The first success since each dependency's last failure: when it came back, if nothing fails again.
  const backSince = new Map<DependencyName, number>();
  const probes = new Map<DependencyName, () => Promise<unknown>>();
  const probing = new Map<DependencyName, NodeJS.Timeout>();
  let closed = false;

  const stateOf = (name: DependencyName): DependencyStatus => {
    let state = states.get(name);
    if (!state) {
      state = { state: 'up', since: started, failures: 0, outages: 0, lastCause: null, lastFailureAt: null };
      states.set(name, state);
    }
    return state;
  };

  /** Ends an outage once something succeeded after its last failure and `quietMs` passed since. */
  const settle = (name: DependencyName, state: DependencyStatus) => {
    const back = backSince.get(name);
    if (state.state === 'up' || back === undefined) return;
    if (now() - (state.lastFailureAt ?? 0) < quietMs) return;
    const downMs = Math.max(0, back - state.since);
    const failures = state.failures - (failuresBefore.get(name) ?? 0);
    state.state = 'up';
    state.since = back;
    logger.info(
      { dependency: name, downMs, failures },
      `${name} recovered after ${Math.round(downMs / 1000)} s`,
    );
  };

  /** Runs the probe of a down dependency every `probeEveryMs`, one at a time, until it is up. */
  const scheduleProbe = (name: DependencyName) => {
    const probe = probes.get(name);
    if (!probe || closed || probing.has(name)) return;
    const timer = setTimeout(async () => {
      const answered = await probe().then(
        () => true,
        () => false,
      );
      probing.delete(name);
      if (answered) api.succeeded(name);
      if (stateOf(name).state === 'down') scheduleProbe(name);
    }, probeEveryMs);
    timer.unref();
    probing.set(name, timer);
  };

  const api: DependencyHealth = {
    failed(name, cause) {
      const state = stateOf(name);
      const at = now();
      state.failures++;
      state.lastFailureAt = at;
      backSince.delete(name);
      if (state.state === 'down') return;
      failuresBefore.set(name, state.failures - 1);
      state.state = 'down';
      state.since = at;
      state.outages++;
      state.lastCause = cause;
      logger.warn(
        { dependency: name, cause },
        `${name} cannot serve: ${WHILE_DOWN[name]} (logged once per outage)`,
      );
      scheduleProbe(name);
    },
    succeeded(name) {
      const state = states.get(name);
      if (!state || state.state === 'up') return;
      if (!backSince.has(name)) backSince.set(name, now());
      settle(name, state);
    },
    status(name) {
      const state = stateOf(name);
      settle(name, state);
      return { ...state };
    },
    probeWhileDown(name, probe) {
      probes.set(name, probe);
      if (stateOf(name).state === 'down') scheduleProbe(name);
    },
    close() {
      closed = true;
      for (const timer of probing.values()) clearTimeout(timer);
      probing.clear();
    },
  };
  return api;
}

/** The cause of a failed call as logged: the error's code (or name) and message, never its stack. */
export function describeFailure(error: unknown): FailureCause {
  const { code, name, message } = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  return {
    // A string code (Node's ECONNREFUSED, nodemailer's ESOCKET), else the error's name (TimeoutError,
    // an S3 error's own name); a DOMException's numeric code says nothing.
    code: typeof code === 'string' ? code : typeof name === 'string' ? name : null,
    message: typeof message === 'string' ? message : String(error),
  };
}
