// Password guesses are limited per account, whichever way they come: sign-in by email or by username
// (POST /api/session, the only password sign-in the server answers) and the current password of a
// password change (PATCH /api/profiles/{username}). One counter per account, keyed by its email, so
// a username and an email of the same account count together.
import type { RateLimiter } from '../platform/rate-limit';

export const PASSWORD_ATTEMPTS_PER_MINUTE = 5;
const MINUTE = 60_000;

/**
 * Counts one guess at the password of the account with this email (or, for an identifier that names
 * no account, at that identifier, so unknown names are limited alike); false once over the limit.
 */
export function countPasswordAttempt(rateLimiter: RateLimiter, account: string): Promise<boolean> {
  return rateLimiter.hit(`password:${account.trim().toLowerCase()}`, PASSWORD_ATTEMPTS_PER_MINUTE, MINUTE);
}
