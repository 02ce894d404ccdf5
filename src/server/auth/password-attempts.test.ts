// The one way password guesses are counted: one count per account whatever the letter case, a wait
// answered with 429 and when, a lock answered with what to do instead.
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { PASSWORD_GUESSES } from '../http/rate-limits';
import { createMemoryRateLimiter, type RateLimiter } from '../platform/rate-limit';
import { clearPasswordFailures, countPasswordGuess } from './password-attempts';

const HOUR = 3_600_000;

async function refusal(guess: Promise<void>): Promise<AppError> {
  const error = await guess.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('countPasswordGuess', () => {
  it('counts an account once whatever the letter case, and answers a wait with 429 and when', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    for (const email of ['Ravi.M@example.com', ' ravi.m@EXAMPLE.com', 'ravi.m@example.com']) {
      await countPasswordGuess(limiter, email);
    }
    await countPasswordGuess(limiter, 'RAVI.M@example.com');
    await countPasswordGuess(limiter, 'ravi.m@example.com');
    now += 20_000;
    const waiting = await refusal(countPasswordGuess(limiter, 'ravi.m@example.com'));
    expect(waiting).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many attempts. Please try again in 40 seconds.',
      retryAfterSeconds: 40,
    });
    await clearPasswordFailures(limiter, 'RAVI.M@example.com');
    await countPasswordGuess(limiter, 'ravi.m@example.com');
  });

  it('answers a locked account with the reset message', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    for (let i = 0; i < PASSWORD_GUESSES.lockAfter; i++) {
      now += HOUR;
      await countPasswordGuess(limiter, 'nobody_by_this_name');
    }
    now += HOUR;
    const locked = await refusal(countPasswordGuess(limiter, 'nobody_by_this_name'));
    expect(locked).toMatchObject({
      status: 429,
      message: PASSWORD_GUESSES.lockedMessage,
      retryAfterSeconds: (PASSWORD_GUESSES.forgetAfterMs - HOUR) / 1000,
    });
  });

  it('limits nothing through a limiter without a password store (a stand-in that limits nothing)', async () => {
    const unlimited: RateLimiter = { hit: async () => ({ allowed: true, retryAfterMs: 1 }) };
    for (let i = 0; i < 200; i++) await countPasswordGuess(unlimited, 'ravi.m@example.com');
    await clearPasswordFailures(unlimited, 'ravi.m@example.com');
  });
});
