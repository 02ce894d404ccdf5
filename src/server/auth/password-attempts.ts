// Password guesses are limited per account, whichever way they come: sign-in by email or by username
// (POST /api/session, the only password sign-in the server answers) and the current password of a
// password change (PATCH /api/profiles/{username}). One counter per account, keyed by its email, so
// a username and an email of the same account count together.
import { enforceLimit } from '../http/rate-limits';
import type { RateLimiter } from '../platform/rate-limit';

/**
 * Counts one guess at the password of the account with this email (or, for an identifier that names
 * no account, at that identifier, so unknown names are limited alike); a 429 once over the limit.
 */
export function countPasswordAttempt(rateLimiter: RateLimiter, account: string): Promise<void> {
  return enforceLimit(rateLimiter, 'password', account.trim().toLowerCase());
}
