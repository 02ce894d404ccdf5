// Every rate limit of the API, in one table, and the one way to apply one: as a route's middleware
// (`rateLimit(name, by)`) or, where the key is known only inside the use case (the address a mail goes
// to), `enforceLimit`. Guesses at an account's password follow a rule of their own, PASSWORD_GUESSES
// (applied by auth/password-attempts.ts). A refusal is a 429 with Retry-After and a message saying
// when to try again. Nothing else calls the limiter.
import type { Context, MiddlewareHandler } from 'hono';
import { NEW_ACCOUNT_ANONYMOUS_MESSAGE, NEW_ACCOUNT_RULE } from '../../shared/safety';
import { AppError } from '../app-error';
import type { PasswordGuessDecision, PasswordGuessPolicy, RateLimiter } from '../platform/rate-limit';
import { clientAddress } from './client-address';
import type { AppEnv } from './context';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Limit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** What went wrong, for people; when to try again is added to it. */
  message: string;
}

const TOO_MANY_ATTEMPTS = 'Too many attempts.';
const SEVERAL_LINKS_SENT =
  'Several links went to this address in the last hour. Please check your inbox, or try later.';

/**
 * The limits. Address limits are generous on purpose: a campus network puts a whole hostel behind a
 * few addresses; per-account limits do the real work.
 */
export const RATE_LIMITS = {
  /** POST /api/session, per client address; each account has PASSWORD_GUESSES too. */
  signInAddress: { limit: 60, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  /** better-auth's endpoints the app uses (auth/auth-routes.ts), per client address. */
  signUp: { limit: 20, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  passwordResetRequest: { limit: 20, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  /**
   * Reset links to one address, whoever asks and from wherever. Counted for every address, with an
   * account or not, so a refusal says nothing.
   */
  passwordResetRequestPerAddress: { limit: 3, windowMs: HOUR, message: SEVERAL_LINKS_SENT },
  passwordReset: { limit: 30, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  socialSignIn: { limit: 30, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  verifyEmailLink: { limit: 30, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  confirmationResend: { limit: 20, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  /**
   * New confirmation links to one address, whoever asks and from wherever: nobody's inbox is filled
   * from many addresses. Counted for every address, with an account or not, so a refusal says nothing.
   */
  confirmationResendPerAddress: { limit: 3, windowMs: HOUR, message: SEVERAL_LINKS_SENT },
  resetPasswordLink: { limit: 30, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  /** Per account. */
  profileCreate: { limit: 10, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  profileUpdate: { limit: 30, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  passwordChange: { limit: 5, windowMs: 15 * MINUTE, message: TOO_MANY_ATTEMPTS },
  /** Building an archive of the whole account reads every row it has: a few a day are plenty. */
  accountExport: {
    limit: 10,
    windowMs: HOUR,
    message: 'You have downloaded your data many times in the last hour.',
  },
  accountDelete: { limit: 5, windowMs: 15 * MINUTE, message: TOO_MANY_ATTEMPTS },
  /** Each asks a mail to an address of the caller's choosing: a few an hour. */
  emailChange: { limit: 5, windowMs: HOUR, message: TOO_MANY_ATTEMPTS },
  profilePhoto: { limit: 20, windowMs: HOUR, message: TOO_MANY_ATTEMPTS },
  usernameCheck: { limit: 120, windowMs: MINUTE, message: TOO_MANY_ATTEMPTS },
  postCreate: { limit: 20, windowMs: 10 * MINUTE, message: 'You are posting very fast.' },
  like: { limit: 120, windowMs: MINUTE, message: 'Too many likes at once.' },
  /** Writing or editing a signature (issue #52): as fast as posting, each write may tell someone. */
  signatureWrite: { limit: 20, windowMs: 10 * MINUTE, message: 'You are signing very fast.' },
  /** Asking for a PDF of the yearbook (issue #52): each is a background job of seconds of work. */
  bookMake: { limit: 10, windowMs: 10 * MINUTE, message: 'You have asked for many PDFs at once.' },
  /** An author's class-book switch on their anonymous answer (issue #52). */
  classBookSwitch: { limit: 60, windowMs: 10 * MINUTE, message: 'Too many changes at once.' },
  /**
   * Superlatives (issue #52): a nomination, a vote, a withdrawal, or staff's change to a category.
   * A round has at most 20 categories; a member nominating and changing their mind in each fits.
   */
  superlativeWrite: {
    limit: 60,
    windowMs: 10 * MINUTE,
    message: 'You are going very fast. Please wait a moment.',
  },
  /**
   * The composer's text check, after each pause in typing (issue #47): generous, a fast typist pauses
   * often; it only stops a script from using the check as an oracle of members' names.
   */
  safetyCheck: { limit: 120, windowMs: MINUTE, message: 'Too many checks at once.' },
  report: { limit: 30, windowMs: HOUR, message: 'You have reported many posts in the last hour.' },
  /**
   * Blocking, muting, hiding a post and muting words, and undoing them (issue #48): generous for a
   * person tidying their feed, a stop to a script churning the rows every list reads.
   */
  personalControls: { limit: 60, windowMs: MINUTE, message: 'Too many changes at once.' },
  asklineCreate: {
    limit: 10,
    windowMs: HOUR,
    message: 'You have submitted many asklines in the last hour.',
  },
  /**
   * Anonymous posts of an account in its first NEW_ACCOUNT_RULE.days days (issue #47): applied by the
   * posts route only to new accounts, counted only when a post goes out or is held.
   */
  newAccountAnonymousPost: {
    limit: NEW_ACCOUNT_RULE.anonymousPerDay,
    windowMs: DAY,
    message: NEW_ACCOUNT_ANONYMOUS_MESSAGE,
  },
  /** New link-preview drawings per client address (kept images are not counted). */
  previewImage: { limit: 60, windowMs: MINUTE, message: 'Too many preview images at once.' },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof RATE_LIMITS;

/**
 * Guesses at one account's password, whichever way they come (sign-in by email or username, the
 * current password of a password change, proving ownership on the account page). Consecutive
 * failures are counted, not attempts, so the owner signing in often is never held up: the first five
 * cost nothing, then each guess waits, one minute after the fifth failure and doubling up to an hour.
 * After 100 (NIST SP 800-63B, 5.2.2: no more than 100 consecutive failures) password sign-in waits for
 * a reset by mail. A right password or a reset clears the count; it is forgotten 30 days after the
 * last failure. Unknown identifiers are counted alike, so no answer tells whether an account exists.
 */
export const PASSWORD_GUESSES = {
  freeFailures: 5,
  firstWaitMs: MINUTE,
  longestWaitMs: HOUR,
  lockAfter: 100,
  forgetAfterMs: 30 * DAY,
  message: TOO_MANY_ATTEMPTS,
  /** Said for an identifier with no account too, so it must read the same for one. */
  lockedMessage:
    'Too many wrong passwords were tried for this account. Please reset your password: choose ' +
    '"Forgot password?" when signing in, and we will email you a link.',
} satisfies PasswordGuessPolicy & { message: string; lockedMessage: string };

/** "in 45 seconds", "in 3 minutes", "in 1 hour": how long until a window ends, rounded up. */
export function waitText(retryAfterSeconds: number): string {
  const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  if (retryAfterSeconds < 60) return unit(retryAfterSeconds, 'second');
  if (retryAfterSeconds < 3600) return unit(Math.ceil(retryAfterSeconds / 60), 'minute');
  return unit(Math.ceil(retryAfterSeconds / 3600), 'hour');
}

/** The 429 of a refused request: its limit's message, when to try again, and Retry-After (seconds). */
export function rateLimited(name: LimitName, retryAfterMs: number): AppError {
  return tooMany(RATE_LIMITS[name].message, retryAfterMs);
}

/**
 * The 429 of a refused password guess: when to try again or, once the account is locked, to reset
 * the password (Retry-After then says when the count would be forgotten).
 */
export function passwordGuessRefused(decision: PasswordGuessDecision & { allowed: false }): AppError {
  if (!decision.locked) return tooMany(PASSWORD_GUESSES.message, decision.retryAfterMs);
  return new AppError('rate_limited', PASSWORD_GUESSES.lockedMessage, {
    retryAfterSeconds: retryAfterSeconds(decision.retryAfterMs),
  });
}

function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

function tooMany(message: string, retryAfterMs: number): AppError {
  const seconds = retryAfterSeconds(retryAfterMs);
  return new AppError('rate_limited', `${message} Please try again in ${waitText(seconds)}.`, {
    retryAfterSeconds: seconds,
  });
}

/** Counts one request against `name` for `key`; throws the 429 when over the limit. */
export async function enforceLimit(rateLimiter: RateLimiter, name: LimitName, key: string): Promise<void> {
  const { limit, windowMs } = RATE_LIMITS[name];
  const decision = await rateLimiter.hit(`${name}:${key}`, limit, windowMs);
  if (!decision.allowed) throw rateLimited(name, decision.retryAfterMs);
}

/** Whose requests a limit counts: the client address, or the signed-in account. */
export type LimitBy = 'address' | 'account';

/**
 * A route's rate limit, by name. Counted per client address, or per signed-in account (`account`:
 * a request with no viewer is not counted here; the route refuses it for being signed out).
 */
export function rateLimit(rateLimiter: RateLimiter, name: LimitName, by: LimitBy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = limitKey(c, by);
    if (key !== null) await enforceLimit(rateLimiter, name, key);
    await next();
  };
}

function limitKey(c: Context<AppEnv>, by: LimitBy): string | null {
  if (by === 'address') return `ip:${clientAddress(c)}`;
  const viewer = c.get('viewer');
  return viewer ? `user:${viewer.userId}` : null;
}
