// The job runner's one behaviour, on fake timers and runs the test finishes by hand: nothing here
// waits on the wall clock, so a busy machine cannot make it pass or fail.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Job, jobRecords, startJob } from './job-runner';

const INTERVAL = 1_000;

interface ControlledRun {
  finish(): void;
  fail(error: Error): void;
  signal: AbortSignal;
}
/** Runs a test left in flight: ended after it, or stopping its job would wait for them for ever. */
const leftInFlight: ControlledRun[][] = [];

/** Runs that stay in flight until the test ends them. */
function controlledRuns() {
  const pending: ControlledRun[] = [];
  leftInFlight.push(pending);
  let inFlight = 0;
  let mostAtOnce = 0;
  const run = vi.fn(
    (signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        inFlight++;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        const settle = () => inFlight--;
        pending.push({
          finish: () => {
            settle();
            resolve();
          },
          fail: (error) => {
            settle();
            reject(error);
          },
          signal,
        });
      }),
  );
  return {
    run,
    /** The oldest run not yet ended. */
    next: () => {
      const oldest = pending.shift();
      if (!oldest) throw new Error('no run is in flight');
      return oldest;
    },
    mostAtOnce: () => mostAtOnce,
  };
}

/** Lets promise callbacks run (fake timers move only when told). */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('startJob', () => {
  let job: Job | null = null;
  const logger = { error: vi.fn() };

  beforeEach(() => {
    vi.useFakeTimers();
    logger.error.mockClear();
  });
  afterEach(async () => {
    const stopped = job?.stop();
    for (const run of leftInFlight.splice(0).flat()) run.finish();
    await stopped;
    job = null;
    vi.useRealTimers();
  });

  it('runs at start, and times the next run from the end of the last, never overlapping', async () => {
    const runs = controlledRuns();
    job = startJob({ name: 'test', intervalMs: INTERVAL, run: runs.run, logger });
    await flush();
    expect(runs.run).toHaveBeenCalledTimes(1);

    // The run takes five intervals: no second one starts meanwhile.
    await vi.advanceTimersByTimeAsync(5 * INTERVAL);
    expect(runs.run).toHaveBeenCalledTimes(1);
    runs.next().finish();
    await flush();
    expect(runs.run).toHaveBeenCalledTimes(1);

    // A whole interval after it ended, not at once.
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(runs.run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.run).toHaveBeenCalledTimes(2);
    runs.next().finish();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(runs.run).toHaveBeenCalledTimes(3);
    expect(runs.mostAtOnce()).toBe(1);
  });

  it('waits one interval before the first run without runAtStart', async () => {
    const runs = controlledRuns();
    job = startJob({ name: 'test', intervalMs: INTERVAL, run: runs.run, logger, runAtStart: false });
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(runs.run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.run).toHaveBeenCalledTimes(1);
  });

  it('runs at once on a wake-up, and once more right after a run that was woken while in flight', async () => {
    const runs = controlledRuns();
    job = startJob({ name: 'test', intervalMs: INTERVAL, run: runs.run, logger, runAtStart: false });
    job.wake();
    await flush();
    expect(runs.run).toHaveBeenCalledTimes(1);

    // Three wake-ups during the run: one run after it, not three, and none alongside it.
    job.wake();
    job.wake();
    job.wake();
    await flush();
    expect(runs.run).toHaveBeenCalledTimes(1);
    runs.next().finish();
    await flush();
    expect(runs.run).toHaveBeenCalledTimes(2);
    runs.next().finish();
    await flush();
    expect(runs.run).toHaveBeenCalledTimes(2);

    // The woken runs replaced the timer's: the next is an interval after the last ended.
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(runs.run).toHaveBeenCalledTimes(3);
    expect(runs.mostAtOnce()).toBe(1);
  });

  it('logs a failed run with the job name and goes on', async () => {
    const runs = controlledRuns();
    job = startJob({ name: 'mail-outbox', intervalMs: INTERVAL, run: runs.run, logger });
    await flush();
    const error = new Error('the database went away');
    runs.next().fail(error);
    await flush();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      { err: error, job: 'mail-outbox' },
      expect.stringContaining('mail-outbox'),
    );

    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(runs.run).toHaveBeenCalledTimes(2);
    runs.next().finish();
    await flush();
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('catches a run that throws before returning a promise', async () => {
    const run = vi.fn(() => {
      throw new Error('not even started');
    });
    job = startJob({ name: 'sync', intervalMs: INTERVAL, run, logger });
    await flush();
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'sync' }), expect.any(String));
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('writes down each run for the metrics: last success, last duration, failures', async () => {
    const runs = controlledRuns();
    const started = Date.now();
    job = startJob({ name: 'recorded', intervalMs: INTERVAL, run: runs.run, logger });
    const record = () => jobRecords().find((r) => r.name === 'recorded');
    expect(record()).toMatchObject({ intervalMs: INTERVAL, lastSuccessAt: null, runs: 0, failures: 0 });
    await flush();

    await vi.advanceTimersByTimeAsync(250);
    runs.next().fail(new Error('SMTP hung up'));
    await flush();
    expect(record()).toMatchObject({ lastSuccessAt: null, lastRunSeconds: 0.25, runs: 1, failures: 1 });

    await vi.advanceTimersByTimeAsync(INTERVAL);
    runs.next().finish();
    await flush();
    expect(record()).toMatchObject({ lastSuccessAt: started + 250 + INTERVAL, runs: 2, failures: 1 });
    expect(record()?.lastRunSeconds).toBe(0);
  });

  it('stop() tells the run in flight, waits for it, and no run starts after', async () => {
    const runs = controlledRuns();
    const started = startJob({ name: 'test', intervalMs: INTERVAL, run: runs.run, logger });
    await flush();
    const inFlight = runs.next();
    let stopped = false;
    const stopping = started.stop().then(() => {
      stopped = true;
    });
    await flush();
    expect(inFlight.signal.aborted).toBe(true);
    expect(stopped).toBe(false);

    // Woken while stopping: ignored.
    started.wake();
    inFlight.finish();
    await stopping;
    expect(stopped).toBe(true);

    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    started.wake();
    await flush();
    expect(runs.run).toHaveBeenCalledTimes(1);
  });

  it('settle() resolves once the run in flight and a woken one after it are done', async () => {
    const runs = controlledRuns();
    job = startJob({ name: 'test', intervalMs: INTERVAL, run: runs.run, logger });
    await flush();
    job.wake();
    let settled = false;
    const settling = job.settle().then(() => {
      settled = true;
    });
    runs.next().finish();
    await flush();
    expect(settled).toBe(false);
    runs.next().finish();
    await settling;
    expect(runs.run).toHaveBeenCalledTimes(2);
  });
});

describe('startJob timers', () => {
  // Real timers: whether a timer keeps the process alive is Node's own bookkeeping.
  const timeouts = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

  it('never hold the process open', async () => {
    const before = timeouts();
    const job = startJob({
      name: 'test',
      intervalMs: 60 * 60_000,
      run: async () => undefined,
      logger: { error: vi.fn() },
      runAtStart: false,
    });
    expect(timeouts()).toBe(before);
    // The count does see a timer that would hold it.
    const held = setTimeout(() => undefined, 60 * 60_000);
    expect(timeouts()).toBe(before + 1);
    clearTimeout(held);
    await job.stop();
  });
});
