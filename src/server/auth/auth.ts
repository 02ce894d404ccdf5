// The better-auth instance, mounted at /api/auth: email + password with confirmation by email,
// password reset (ending the account's other sessions), sessions in the database behind HttpOnly
// SameSite=Lax cookies (Secure when PUBLIC_URL is https).
import { betterAuth, type SecondaryStorage } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth, testUtils } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { campusOnlyMessage, isAllowedEmail } from '../../shared/campus-email';
import { PASSWORD_MIN_LENGTH } from '../../shared/limits';
import { confirmEmailHref } from '../../shared/values/confirmation';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import type { Mailer } from '../platform/mail';
import { grantListedAdmin } from './admin-grants';
import { confirmEmailMail, existingAccountMail, resetPasswordMail } from './auth-mail';
import { accountActive } from './suspension';

export interface AuthOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  isProduction: boolean;
  /**
   * ADMIN_EMAILS: each address makes an admin once, of an account created and confirmed at it
   * (admin-grants.ts), never again and never by a change of address.
   */
  adminEmails?: string[];
  /** ALLOWED_EMAIL_DOMAINS: new accounts only at these domains (none: any). */
  allowedEmailDomains?: string[];
  /** After a password was reset by mail: what the old password could still start ends (app.ts). */
  onPasswordReset?: (userId: string, email: string) => Promise<void>;
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

/** The code of a new account refused for its address's domain (a Google sign-in carries it back). */
export const EMAIL_DOMAIN_REFUSED = 'EMAIL_DOMAIN_NOT_ALLOWED';

export function createAuth({
  db,
  mailer,
  publicUrl,
  secret,
  isProduction,
  adminEmails = [],
  allowedEmailDomains = [],
  onPasswordReset,
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
      onPasswordReset: async ({ user }) => onPasswordReset?.(user.id, user.email),
      // Signing up with a taken email answers exactly like a new sign-up; the owner gets a note.
      onExistingUserSignUp: async ({ user }) => mailer.send(existingAccountMail(user.email, publicUrl)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      // The mail's link opens the landing page, whose card's button confirms (mail scanners open links:
      // issue #43); it posts the token to POST /api/auth/verify-email (auth-routes.ts), which asks
      // better-auth.
      // A change of address is ours (features/account/email-change.ts), not better-auth's.
      sendVerificationEmail: async ({ user, token }) =>
        mailer.send(confirmEmailMail(user.email, `${publicUrl}${confirmEmailHref(token)}`)),
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
    databaseHooks: {
      // Every new account (the sign-up card, checked before it gets here too; Google's first sign-in)
      // passes here: with ALLOWED_EMAIL_DOMAINS, only campus addresses (issue #47).
      user: {
        create: {
          before: async (user) => {
            if (!isAllowedEmail(user.email, allowedEmailDomains)) {
              throw new APIError('FORBIDDEN', {
                code: EMAIL_DOMAIN_REFUSED,
                message: campusOnlyMessage(allowedEmailDomains),
              });
            }
          },
        },
      },
      // Every way into a session (password, confirmation link, Google) passes here.
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
            if (adminEmails.length > 0) await grantListedAdmin(db, adminEmails, session.userId);
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

/**
 * Rewrites the account's sessions kept in the session cache (Redis) from its row: after a change
 * made to the row directly (a new address), so a cached session does not keep the old one.
 */
export type RefreshSessions = (userId: string) => Promise<void>;

export function sessionRefresher(auth: Auth): RefreshSessions {
  return async (userId) => {
    const context = await auth.$context;
    const user = await context.internalAdapter.findUserById(userId);
    if (user) await context.internalAdapter.refreshUserSessions(user);
  };
}
