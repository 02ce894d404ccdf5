// How much slower this machine is right now than a quiet 2-core one, measured once per test run, so
// that time limits scale with the machine instead of failing on a busy laptop or CI host (issue
// «Tests» 5). The work is fixed (PBKDF2, single-threaded, like the password hashing the suite does a
// lot of); on a quiet 2-core machine of this project's kind it takes REFERENCE_MS. With another
// CPU-heavy process beside it, it takes longer, and every limit stretches by the same factor.
import { pbkdf2Sync } from 'node:crypto';
import { performance } from 'node:perf_hooks';

const ITERATIONS = 250_000;
/** Median time of the work on a quiet 2-core machine (node-svc, 2026-11). */
const REFERENCE_MS = 50;
/** Never shorter than the written limits, and never so long that a hung test takes forever. */
const MIN_FACTOR = 1;
const MAX_FACTOR = 4;

export function measureMachineFactor(): number {
  const times: number[] = [];
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    pbkdf2Sync('campus-yearbook', 'machine-factor', ITERATIONS, 32, 'sha256');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? REFERENCE_MS;
  return Math.min(MAX_FACTOR, Math.max(MIN_FACTOR, Math.round((median / REFERENCE_MS) * 10) / 10));
}

/**
 * The run's factor: measured by whichever process asks first and passed to the others through
 * TEST_MACHINE_FACTOR (set it to pin the limits, e.g. 1 to see the written ones).
 */
export function machineFactor(): number {
  const given = Number(process.env.TEST_MACHINE_FACTOR);
  if (Number.isFinite(given) && given > 0) return given;
  const measured = measureMachineFactor();
  process.env.TEST_MACHINE_FACTOR = String(measured);
  return measured;
}

/** A time limit written for a quiet machine, stretched by this run's factor. */
export function scaled(ms: number): number {
  return Math.round(ms * machineFactor());
}
