// Sign-in by email or username (SPEC §5). A username is resolved to its account's email here, on the
// server; the email never reaches the client. Unknown usernames still cost a password hash, so the
// answer time does not tell which usernames exist. Failed guesses are limited per account
// (auth/password-attempts.ts), whichever identifier names it; unknown names are limited alike.
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { identifierIsEmail, SIGN_IN_MESSAGES } from '../../../shared/auth';
import { AppError } from '../../app-error';
import type { Auth } from '../../auth/auth';
import { clearPasswordFailures, countPasswordGuess } from '../../auth/password-attempts';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionUser } from './get-session';

let dummyHash: Promise<string> | null = null;

export async function signIn(options: {
  auth: Auth;
  db: Db;
  rateLimiter: RateLimiter;
  identifier: string;
  password: string;
  headers: Headers;
}): Promise<{ user: SessionUser; setCookies: string[] }> {
  const { auth, db, password, headers } = options;
  const identifier = options.identifier.trim().toLowerCase();
  const byEmail = identifierIsEmail(identifier);
  const failure = byEmail ? SIGN_IN_MESSAGES.email : SIGN_IN_MESSAGES.username;

  const email = byEmail ? identifier : await findEmailOfUsername(db, identifier);
  // Counted against the account itself: its username and its email share one count. Counted as a
  // failure before the password is checked, and cleared below when it was right.
  await countPasswordGuess(options.rateLimiter, email ?? identifier);
  if (!email) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword({ hash: await dummyHash, password });
    throw new AppError('unauthenticated', failure);
  }

  const response = await auth.api.signInEmail({ body: { email, password }, headers, asResponse: true });
  const body = (await response.json().catch(() => null)) as {
    user?: SessionUser;
    code?: string;
    message?: string;
  } | null;
  if (response.ok && body?.user) {
    await clearPasswordFailures(options.rateLimiter, email);
    return { user: body.user, setCookies: response.headers.getSetCookie() };
  }
  // better-auth says so only after the password proved right.
  if (response.status === 403 && body?.code === 'EMAIL_NOT_VERIFIED') {
    await clearPasswordFailures(options.rateLimiter, email);
    throw new AppError('forbidden', SIGN_IN_MESSAGES.unverified);
  }
  if (response.status === 401 || response.status === 400) throw new AppError('unauthenticated', failure);
  // Anything else is the service's own message (SPEC §8), e.g. a suspended account.
  throw new AppError(response.status === 403 ? 'forbidden' : 'bad_request', body?.message ?? failure);
}

async function findEmailOfUsername(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.username, username))
    .limit(1);
  return row?.email ?? null;
}
