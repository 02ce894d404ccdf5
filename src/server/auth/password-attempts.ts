// Password guesses are limited per account, whichever way they come: sign-in by email or username
// (POST /api/session, the only password sign-in the server answers), the current password of a
// password change (PATCH /api/profiles/{username}) and proving ownership on the account page. One
// count of consecutive failures per account, keyed by its email, so a username and an email of the
// same account count together; the rule is PASSWORD_GUESSES (http/rate-limits.ts).
//
// Every guess is counted as a failure before the password is checked, in the same atomic step as the
// check that it may be made; a right password then clears the count. Checking first and counting
// after would let guesses sent at once all pass the check before any of them is counted.
import { PASSWORD_GUESSES, passwordGuessRefused } from '../http/rate-limits';
import type { RateLimiter } from '../platform/rate-limit';

/** The account's key: its email or, for an identifier that names no account, that identifier. */
function accountKey(account: string): string {
  return account.trim().toLowerCase();
}

/**
 * Counts one guess at the password of the account with this email (or, for an identifier that names
 * no account, at that identifier, so unknown names are answered alike) as a failure, before the
 * password is checked; a 429 instead when the guess must wait or the account is locked (then the
 * guess is not counted, and the password must not be checked). Call `clearPasswordFailures` once the
 * password proves right.
 */
export async function countPasswordGuess(rateLimiter: RateLimiter, account: string): Promise<void> {
  const store = rateLimiter.passwordFailures;
  if (!store) return;
  const decision = await store.countGuess(accountKey(account), PASSWORD_GUESSES);
  if (!decision.allowed) throw passwordGuessRefused(decision);
}

/**
 * The account's password was right, or was just reset by mail: its failures are forgotten, so the
 * owner is never held up by guesses made before.
 */
export async function clearPasswordFailures(rateLimiter: RateLimiter, email: string): Promise<void> {
  await rateLimiter.passwordFailures?.clear(accountKey(email));
}
