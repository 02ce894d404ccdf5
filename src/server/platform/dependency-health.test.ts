// The tracker's rule, on a clock of the test's own: an outage is logged once when it starts and once
// when it ends; it ends once something succeeded after the last failure and nothing failed for the
// quiet while, whether the next thing to look is a success or a reading of its status (a scrape of
// /metrics, health); a dependency used now and then is probed while down.
import { describe, expect, it } from 'vitest';
import { captureLogs, LOG_LEVEL } from '../../../tests/support/log-capture';
import { createDependencyHealth, describeFailure } from './dependency-health';

function tracker(options: { probeEveryMs?: number } = {}) {
  const { logger, lines } = captureLogs();
  const clock = { now: 1_000_000 };
  const health = createDependencyHealth({ logger, quietMs: 10_000, now: () => clock.now, ...options });
  const logged = (level: number) => lines.filter((line) => line.level === level);
  return { health, clock, logged };
}

/** Waits for `check` (a probe runs on a real timer), giving up after a generous while. */
async function until(check: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const refused = { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9000' };

describe('the dependency tracker', () => {
  it('logs an outage once for many failures, and its end once', () => {
    const { health, clock, logged } = tracker();
    for (let i = 0; i < 5; i++) health.failed('storage', refused);
    expect(logged(LOG_LEVEL.warn)).toHaveLength(1);
    expect(logged(LOG_LEVEL.warn)[0]).toMatchObject({ dependency: 'storage', cause: refused });
    expect(health.status('storage')).toMatchObject({ state: 'down', failures: 5, outages: 1 });

    clock.now += 2_000;
    health.succeeded('storage');
    // Within the quiet while: still down.
    expect(health.status('storage').state).toBe('down');
    clock.now += 10_000;
    health.succeeded('storage');
    expect(health.status('storage').state).toBe('up');
    expect(logged(LOG_LEVEL.info)).toHaveLength(1);
    // How long it was down: to the first success after the last failure.
    expect(logged(LOG_LEVEL.info)[0]).toMatchObject({ dependency: 'storage', downMs: 2_000, failures: 5 });
  });

  it('ends an outage at a look at its status, when the success came within the quiet while', () => {
    const { health, clock, logged } = tracker();
    health.failed('mail', refused);
    clock.now += 1_000;
    health.succeeded('mail');
    // Nothing else uses it for a long while: the gauge must not stay at 0 for it.
    clock.now += 60_000;
    expect(health.status('mail').state).toBe('up');
    expect(logged(LOG_LEVEL.info)).toHaveLength(1);
  });

  it('stays down when a failure follows the success', () => {
    const { health, clock } = tracker();
    health.failed('database', refused);
    clock.now += 1_000;
    health.succeeded('database');
    clock.now += 1_000;
    health.failed('database', refused);
    // The success before it does not count: ten quiet seconds later it is still down...
    clock.now += 10_000;
    expect(health.status('database').state).toBe('down');
    // ...until something succeeds again.
    health.succeeded('database');
    expect(health.status('database')).toMatchObject({ state: 'up', outages: 1, failures: 2 });
  });

  it('probes a down dependency until it answers, and not while it is up', async () => {
    const { health, clock } = tracker({ probeEveryMs: 10 });
    let answers = false;
    let probes = 0;
    health.probeWhileDown('storage', async () => {
      probes += 1;
      if (!answers) throw new Error('still down');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(probes).toBe(0);

    health.failed('storage', refused);
    await until(() => probes > 1);
    // A failed probe is not a failure: nobody was failed by it.
    expect(health.status('storage')).toMatchObject({ state: 'down', failures: 1 });

    answers = true;
    clock.now += 10_000;
    await until(() => health.status('storage').state === 'up');
    const after = probes;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(probes).toBe(after);
    health.close();
  });

  it('describes a failure by its code or name and message, never its stack', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(describeFailure(error)).toEqual({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' });
    const timeout = new DOMException('The operation timed out.', 'TimeoutError');
    expect(describeFailure(timeout)).toEqual({ code: 'TimeoutError', message: 'The operation timed out.' });
  });
});
