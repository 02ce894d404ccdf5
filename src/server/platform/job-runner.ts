// When background work runs in this process (DESIGN, jobs: "one loop, one behaviour"). The mail
// outbox, the admins' notices, notification digests and object removals each hand their work to
// `startJob`. Which instance does what is the work's own affair (rows claimed FOR UPDATE SKIP LOCKED;
// object removals, harmless to repeat, claim nothing), so this file holds no lock. The behaviour, the
// same for every job:
// - a run never overlaps the previous one: the next is timed from the end of the last, so a run
//   slower than the interval delays the next instead of piling up behind it;
// - a wake-up runs at once, or right after the run in flight (which may have looked before the new
//   work was queued), never alongside it;
// - a failed run is logged with the job's name and the loop goes on (a database that is away for a
//   minute must not stop mail until a restart);
// - stop() lets no further run start, tells the run in flight to finish its current batch (its
//   signal), and resolves once it has, so shutdown closes the database under no one;
// - the timer is unref'd: a waiting job never holds the process open.
// Each run's outcome is also written down by job name (`jobRecords`), for the operator's metrics
// (features/metrics): when it last succeeded, how long its last run took, how often it failed.
import type { Logger } from 'pino';

export interface JobOptions {
  /** Names the job in logs. */
  name: string;
  /** The pause between the end of one run and the start of the next. */
  intervalMs: number;
  /**
   * One run. `signal` is aborted by stop(): a run that goes through batches checks it between them,
   * so shutdown waits for one batch, not for a whole backlog (the rest is left for the next start).
   */
  run: (signal: AbortSignal) => Promise<unknown>;
  logger: Pick<Logger, 'error'>;
  /** Runs once at start (the default: work left by a stopped process goes at once), else after an interval. */
  runAtStart?: boolean;
}

export interface Job {
  /** Runs now (work was just queued), or right after the run in flight. */
  wake(): void;
  /** Resolves once no run is in flight and none is due from a wake-up (tests). */
  settle(): Promise<void>;
  /** Starts no further run; resolves once the run in flight has finished. */
  stop(): Promise<void>;
}

/** What the runner has seen of one job in this process: read by the metrics at scrape time. */
export interface JobRecord {
  name: string;
  intervalMs: number;
  /** When the job was started (epoch ms): a job that never succeeded lags from here. */
  startedAt: number;
  /** When its last successful run ended (epoch ms), or null. */
  lastSuccessAt: number | null;
  /** How long its last run took, in seconds, or null before the first has ended. */
  lastRunSeconds: number | null;
  runs: number;
  failures: number;
}

const records = new Map<string, JobRecord>();

/** The jobs started in this process, one record per name (a job started again keeps counting). */
export function jobRecords(): readonly JobRecord[] {
  return [...records.values()];
}

function recordFor(name: string, intervalMs: number): JobRecord {
  const known = records.get(name);
  const record: JobRecord = {
    name,
    intervalMs,
    startedAt: Date.now(),
    lastSuccessAt: null,
    lastRunSeconds: null,
    runs: known?.runs ?? 0,
    failures: known?.failures ?? 0,
  };
  records.set(name, record);
  return record;
}

export function startJob({ name, intervalMs, run, logger, runAtStart = true }: JobOptions): Job {
  const record = recordFor(name, intervalMs);
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let wokenDuringRun = false;

  function startRun() {
    if (stopping.signal.aborted) return;
    if (running) {
      wokenDuringRun = true;
      return;
    }
    clearTimeout(timer);
    // Begun on the next microtask, so `running` is set before the work can call wake() itself.
    running = Promise.resolve().then(runCaught).finally(afterRun);
  }

  async function runCaught() {
    const began = performance.now();
    try {
      await run(stopping.signal);
      record.lastSuccessAt = Date.now();
    } catch (err) {
      record.failures += 1;
      logger.error({ err, job: name }, `background job "${name}" failed; it runs again at its next turn`);
    } finally {
      record.runs += 1;
      record.lastRunSeconds = (performance.now() - began) / 1000;
    }
  }

  function afterRun() {
    running = null;
    if (wokenDuringRun) {
      wokenDuringRun = false;
      startRun();
    } else {
      scheduleRun();
    }
  }

  function scheduleRun() {
    if (stopping.signal.aborted) return;
    timer = setTimeout(startRun, intervalMs);
    timer.unref();
  }

  if (runAtStart) startRun();
  else scheduleRun();

  return {
    wake: startRun,
    async settle() {
      while (running) await running;
    },
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      while (running) await running;
    },
  };
}
