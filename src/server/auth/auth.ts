// The better-auth instance, mounted at /api/auth: email + password with confirmation by email,
// password reset (ending the account's other sessions), sessions in the database behind HttpOnly
// SameSite=Lax cookies (Secure when PUBLIC_URL is https).
import { betterAuth, type SecondaryStorage } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth, testUtils } from 'better-auth/plugins';
import { and, eq, ne } from 'drizzle-orm';
import { PASSWORD_MIN_LENGTH } from '../../shared/limits';
import type { Db } from '../db/client';
import { accounts, profiles, sessions, users, verifications } from '../db/schema';
import type { Mailer } from '../platform/mail';
import {
  approveEmailChangeMail,
  confirmEmailMail,
  confirmNewEmailMail,
  emailChangedMail,
  existingAccountMail,
  resetPasswordMail,
} from './auth-mail';
import { accountActive } from './suspension';

export interface AuthOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  isProduction: boolean;
  /** Accounts made admins at every sign-in (ADMIN_EMAILS). */
  adminEmails?: string[];
  /** Google sign-in, when configured (its endpoints come from the discovery document). */
  google?: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  /** Where sessions are looked up first (Redis, with REDIS_URL); the database keeps them too. */
  secondaryStorage?: SecondaryStorage;
  /**
   * NODE_ENV=test only: better-auth's test helpers (sessions made without a password round trip),
   * which the test-only routes use (features/testing). They add no endpoint of their own.
   */
  testing?: boolean;
}

export const EMAIL_TAKEN_MESSAGE = 'That email address has an account of its own now. Choose another.';

export const SUSPENDED_MESSAGE =
  'This account has been suspended. If you think this is a mistake, write to us from the Contact page.';

/**
 * Origins allowed to post with a session cookie (better-auth's CSRF check). Outside production the
 * same port on localhost and 127.0.0.1 are one site to the person running `npm start`.
 */
export function trustedOriginsFor(publicUrl: string, isProduction: boolean): string[] {
  const url = new URL(publicUrl);
  if (isProduction || !['localhost', '127.0.0.1'].includes(url.hostname)) return [url.origin];
  return ['localhost', '127.0.0.1'].map(
    (host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`,
  );
}

const DAY = 60 * 60 * 24;

export function createAuth({
  db,
  mailer,
  publicUrl,
  secret,
  isProduction,
  adminEmails = [],
  google = null,
  secondaryStorage,
  testing = false,
}: AuthOptions) {
  const auth = betterAuth({
    appName: 'Campus Yearbook',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOriginsFor(publicUrl, isProduction),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => mailer.send(resetPasswordMail(user.email, url)),
      // Signing up with a taken email answers exactly like a new sign-up; the owner gets a note.
      onExistingUserSignUp: async ({ user }) => mailer.send(existingAccountMail(user.email, publicUrl)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      // The same link confirms a new account and a new address (better-auth's change-email flow): the
      // account's stored address tells them apart, and the mail says which it is.
      sendVerificationEmail: async ({ user, url }) => {
        const [stored] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
        const changing = stored !== undefined && stored.email !== user.email.toLowerCase();
        await mailer.send(
          changing ? confirmNewEmailMail(user.email, url) : confirmEmailMail(user.email, url),
        );
      },
    },
    // Asked through POST /api/account/email (features/account), which checks the password first. The
    // current address approves the change by a link; then the new address confirms itself by another;
    // only then does the address change. Someone holding a session alone cannot move the account.
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) =>
          mailer.send(approveEmailChangeMail(user.email, newEmail, url)),
      },
    },
    secondaryStorage,
    // Confirmation and reset tokens stay in the database too: Redis may be flushed or keep nothing on disk.
    verification: { storeInDatabase: true },
    session: {
      expiresIn: 30 * DAY,
      updateAge: DAY,
      // With a session cache the rows stay in the database as well: it remains the record.
      storeSessionInDatabase: true,
    },
    // Every way into a session (password, confirmation link, Google) passes here.
    databaseHooks: {
      user: {
        update: {
          // An address someone took between the request and its link: refused, not a broken unique key.
          before: async (data) => {
            if (typeof data.email !== 'string') return;
            const [taken] = await db
              .select({ id: users.id })
              .from(users)
              .where(eq(users.email, data.email.toLowerCase()));
            if (taken) throw new APIError('CONFLICT', { code: 'EMAIL_TAKEN', message: EMAIL_TAKEN_MESSAGE });
          },
          // An address changed (the new address's link opened). The profile still holds the old one:
          // its copy follows; what the old address could still do ends (reset links mailed to it, every
          // other session); and the old address is told.
          after: async (user, context) => {
            const [profile] = await db
              .select({ email: profiles.email })
              .from(profiles)
              .where(eq(profiles.userId, user.id));
            if (!profile || profile.email === user.email) return;
            await db.update(profiles).set({ email: user.email }).where(eq(profiles.userId, user.id));
            const current = context?.context.session?.session.token;
            const others = await db
              .select({ token: sessions.token })
              .from(sessions)
              .where(and(eq(sessions.userId, user.id), current ? ne(sessions.token, current) : undefined));
            await sessionTokenEnder(auth)(others.map((row) => row.token));
            await tokenForgetter(auth)(await resetTokensOf(db, user.id));
            await mailer.send(emailChangedMail(profile.email, user.email, `${publicUrl}/contact`));
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [user] = await db
              .select({ active: accountActive })
              .from(users)
              .where(eq(users.id, session.userId));
            if (user && !user.active) {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_SUSPENDED', message: SUSPENDED_MESSAGE });
            }
          },
          after: async (session) => {
            if (adminEmails.length === 0) return;
            const [user] = await db
              .select({ email: users.email })
              .from(users)
              .where(eq(users.id, session.userId));
            if (user && adminEmails.includes(user.email.toLowerCase())) {
              await db.update(profiles).set({ userType: 'admin' }).where(eq(profiles.userId, session.userId));
            }
          },
        },
      },
    },
    // Google through the generic OpenID Connect provider rather than better-auth's built-in one, whose
    // endpoints are fixed: the discovery URL lets tests run the whole flow against a local server.
    // SPEC §7: offline access, consent prompt, email and profile scopes.
    plugins: [
      ...(testing ? [testUtils()] : []),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  accessType: 'offline',
                  prompt: 'consent',
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    // Our own limiter guards sign-in, sign-up and reset (platform/rate-limit.ts), in front of these
    // routes, so every path shares one policy and one store.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'yearbook',
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Ends every session of an account, wherever sessions are kept. Callers delete the database rows in
 * their own transaction (so the suspension and the sign-out are one step there); this also empties
 * the session cache, without which a cached session would outlive its row.
 */
export type EndSessions = (userId: string) => Promise<void>;

export function sessionEnder(auth: Auth): EndSessions {
  return async (userId) => {
    const context = await auth.$context;
    await context.internalAdapter.deleteUserSessions(userId);
  };
}

/** Ends the sessions of these tokens (one device signed out), in the database and the session cache. */
export type EndSessionsByToken = (tokens: string[]) => Promise<void>;

export function sessionTokenEnder(auth: Auth): EndSessionsByToken {
  return async (tokens) => {
    if (tokens.length === 0) return;
    const context = await auth.$context;
    await context.internalAdapter.deleteSessions(tokens);
  };
}

/** The identifiers of an account's password-reset tokens (better-auth stores its id as their value). */
export async function resetTokensOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ identifier: verifications.identifier })
    .from(verifications)
    .where(eq(verifications.value, userId));
  return rows.map((row) => row.identifier);
}

/**
 * Forgets confirmation and reset tokens by their identifiers, in the database and the session cache
 * (Redis keeps a copy of each): an account deleted leaves no token that names it.
 */
export type ForgetTokens = (identifiers: string[]) => Promise<void>;

export function tokenForgetter(auth: Auth): ForgetTokens {
  return async (identifiers) => {
    if (identifiers.length === 0) return;
    const context = await auth.$context;
    for (const identifier of identifiers)
      await context.internalAdapter.deleteVerificationByIdentifier(identifier);
  };
}
