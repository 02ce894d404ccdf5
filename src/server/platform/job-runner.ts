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

export function startJob({ name, intervalMs, run, logger, runAtStart = true }: JobOptions): Job {
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
    try {
      await run(stopping.signal);
    } catch (err) {
      logger.error({ err, job: name }, `background job "${name}" failed; it runs again at its next turn`);
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
