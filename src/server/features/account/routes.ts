import { getCookies } from 'better-auth/cookies';
import { verifyPassword } from 'better-auth/crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import {
  ACCOUNT_MESSAGES,
  type Account,
  accountSchema,
  changeEmailRequestSchema,
  changeEmailResponseSchema,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  devicesSchema,
  FRESH_SIGN_IN_MINUTES,
  signedOutSchema,
} from '../../../shared/account';
import type { EndSessions, EndSessionsByToken, ForgetTokens } from '../../auth/auth';
import { allow } from '../../auth/guard';
import { countPasswordAttempt } from '../../auth/password-attempts';
import { authorizeSignedIn } from '../../auth/policies';
import { loadViewer, sessionCookies, type Viewer, type ViewerDeps } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { accounts, profiles, sessions } from '../../db/schema';
import { describeRoute } from '../../http/api-docs';
import { AppError } from '../../http/app-error';
import type { AppEnv } from '../../http/context';
import { enforceLimit, rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { deleteAccount } from './delete-account';
import { listDevices, signOutDevice, signOutOtherDevices } from './devices';
import { exportAccount } from './export-account';

interface AccountDeps extends ViewerDeps {
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
  endSessions: EndSessions;
  endSessionsByToken: EndSessionsByToken;
  forgetTokens: ForgetTokens;
  origin: string;
}

const signedIn = allow((viewer) => authorizeSignedIn(viewer, ACCOUNT_MESSAGES.signedOut));

const read = describeRoute({
  summary: 'Your account: its email, and what deleting it asks of you',
  tag: 'account',
  access: 'signed in (a profile is not needed)',
  answer: accountSchema,
});
const download = describeRoute({
  summary: 'Download your data: a zip of everything kept about your account, and your picture',
  tag: 'account',
  access: 'signed in (a profile is not needed); limited per account',
  answer: 'application/zip',
});
const remove = describeRoute({
  summary: 'Delete your account and everything in it, with your password (or a fresh Google sign-in)',
  tag: 'account',
  access: 'signed in (a profile is not needed); limited per account',
  body: deleteAccountRequestSchema,
  answer: deleteAccountResponseSchema,
});

const changeEmail = describeRoute({
  summary: 'Change your email: approved by a link to the current address, then confirmed by the new one',
  tag: 'account',
  access: 'signed in (a profile is not needed); limited per account',
  body: changeEmailRequestSchema,
  answer: changeEmailResponseSchema,
});
const devices = describeRoute({
  summary: 'The devices signed in to your account, this one marked',
  tag: 'account',
  access: 'signed in (a profile is not needed)',
  answer: devicesSchema,
});
const signOutOne = describeRoute({
  summary: 'Sign out one of your other devices',
  tag: 'account',
  access: "the session's owner (another's answers 404)",
  answer: signedOutSchema,
});
const signOutOthers = describeRoute({
  summary: 'Sign out every device but this one',
  tag: 'account',
  access: 'signed in (a profile is not needed)',
  answer: signedOutSchema,
});

/** /api/account: the signed-in person's own account (issue #27). Nobody can act on another's. */
export function accountRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  const cookies = sessionCookies(auth);
  // The token of the session asking (its cookie verified), or null.
  const tokenOf = (c: { req: { raw: Request } }) => {
    const cookie = cookies.read(c.req.raw.headers);
    return cookie ? cookies.verify(cookie) : null;
  };

  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/', read.doc, signedIn, async (c) => {
      const viewer = c.var.caller;
      return c.json((await readOwner(db, viewer, tokenOf(c))).account);
    })
    .get(
      '/export',
      download.doc,
      signedIn,
      rateLimit(deps.rateLimiter, 'accountExport', 'account'),
      async (c) => {
        const viewer = c.var.caller;
        const archive = await exportAccount({
          db,
          storage: deps.storage,
          userId: viewer.userId,
          origin: deps.origin,
          logger: c.get('log'),
        });
        if (!archive) throw new AppError('unauthenticated', ACCOUNT_MESSAGES.signedOut);
        const day = new Date().toISOString().slice(0, 10);
        return new Response(archive, {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': `attachment; filename="campus-yearbook-${viewer.profile?.username ?? 'account'}-${day}.zip"`,
            'Cache-Control': 'no-store',
          },
        });
      },
    )
    .get('/sessions', devices.doc, signedIn, async (c) => {
      return c.json({ devices: await listDevices(db, c.var.caller.userId, tokenOf(c)) });
    })
    .delete('/sessions/:id', signOutOne.doc, signedIn, async (c) => {
      const signedOut = await signOutDevice({
        db,
        endSessions: deps.endSessionsByToken,
        userId: c.var.caller.userId,
        sessionId: c.req.param('id'),
        currentToken: tokenOf(c),
      });
      return c.json({ signedOut });
    })
    .delete('/sessions', signOutOthers.doc, signedIn, async (c) => {
      const token = tokenOf(c);
      // A viewer was found, so this request came with a verified session cookie.
      if (!token) throw new AppError('unauthenticated', ACCOUNT_MESSAGES.signedOut);
      const signedOut = await signOutOtherDevices({
        db,
        endSessions: deps.endSessionsByToken,
        userId: c.var.caller.userId,
        currentToken: token,
      });
      return c.json({ signedOut });
    })
    .post('/email', changeEmail.doc, signedIn, async (c) => {
      const viewer = c.var.caller;
      await enforceLimit(deps.rateLimiter, 'emailChange', `user:${viewer.userId}`);
      const { newEmail, password } = await changeEmail.body(c);
      const wanted = newEmail.trim().toLowerCase();
      if (wanted === viewer.email.toLowerCase()) {
        throw new AppError('validation_failed', ACCOUNT_MESSAGES.sameEmail, 'newEmail');
      }
      const owner = await readOwner(db, viewer, tokenOf(c));
      await proveOwner(deps.rateLimiter, viewer, owner, password, {
        passwordRequired: ACCOUNT_MESSAGES.passwordRequiredForEmail,
        signInAgain: ACCOUNT_MESSAGES.signInAgainForEmail,
      });
      // better-auth mails the current address a link to approve (auth.ts), or, when the new address
      // already has an account, sends nothing and answers alike: the answer never tells which.
      const response = await auth.api.changeEmail({
        body: { newEmail: wanted, callbackURL: '/profile/account' },
        headers: c.req.raw.headers,
        asResponse: true,
      });
      if (!response.ok) {
        c.get('log').error({ status: response.status, body: await response.text() }, 'change-email failed');
        throw new Error('better-auth refused a checked change of email');
      }
      return c.json({ approvalSentTo: viewer.email, newEmail: wanted });
    })
    .delete('/', remove.doc, signedIn, async (c) => {
      // A write: the viewer was read from the database for this request (viewer.ts).
      const viewer = c.var.caller;
      await enforceLimit(deps.rateLimiter, 'accountDelete', `user:${viewer.userId}`);
      const { confirmation, password } = await remove.body(c);
      const owner = await readOwner(db, viewer, tokenOf(c));
      const { deletion } = owner.account;
      if (confirmation.trim().toLowerCase() !== deletion.confirmationPhrase.toLowerCase()) {
        throw new AppError(
          'validation_failed',
          ACCOUNT_MESSAGES.confirmationWrong(deletion.confirmationPhrase),
          'confirmation',
        );
      }
      await proveOwner(deps.rateLimiter, viewer, owner, password, {
        passwordRequired: ACCOUNT_MESSAGES.passwordRequired,
        signInAgain: ACCOUNT_MESSAGES.signInAgain,
      });
      await deleteAccount({
        db,
        storage: deps.storage,
        endSessions: deps.endSessions,
        forgetTokens: deps.forgetTokens,
        userId: viewer.userId,
        logger: c.get('log'),
      });
      const names = getCookies(auth.options);
      for (const cookie of [names.sessionToken, names.sessionData, names.dontRememberToken]) {
        deleteCookie(c, cookie.name, { path: cookie.attributes.path, secure: cookie.attributes.secure });
      }
      return c.json({ deleted: true as const });
    });
}

/** The account as its owner sees it, and the password hash that proving ownership checks. */
interface Owner {
  account: Account;
  passwordHash: string | null;
}

/**
 * That the person asking owns the account: its password (a guess, counted with every other way of
 * guessing it), or, for an account without one, a sign-in within the last few minutes.
 */
async function proveOwner(
  rateLimiter: RateLimiter,
  viewer: Viewer,
  owner: Owner,
  password: string | undefined,
  messages: { passwordRequired: string; signInAgain: string },
): Promise<void> {
  if (!owner.passwordHash) {
    if (!owner.account.deletion.signInFresh) throw new AppError('forbidden', messages.signInAgain);
    return;
  }
  if (!password) throw new AppError('validation_failed', messages.passwordRequired, 'password');
  await countPasswordAttempt(rateLimiter, viewer.email);
  if (!(await verifyPassword({ hash: owner.passwordHash, password }))) {
    throw new AppError('validation_failed', ACCOUNT_MESSAGES.passwordWrong, 'password');
  }
}

/** The owner's view of the account; `token` is this session's (for how recent its sign-in is). */
async function readOwner(db: Db, viewer: Viewer, token: string | null): Promise<Owner> {
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, viewer.userId),
        eq(accounts.providerId, 'credential'),
        isNotNull(accounts.password),
      ),
    );
  const [session] = token
    ? await db
        .select({ createdAt: sessions.createdAt })
        .from(sessions)
        .where(and(eq(sessions.token, token), eq(sessions.userId, viewer.userId)))
    : [];
  const [profile] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, viewer.userId));
  const username = profile?.username ?? null;
  const passwordHash = credential?.hash ?? null;
  return {
    passwordHash,
    account: {
      email: viewer.email,
      username,
      deletion: {
        confirmationPhrase: username ?? viewer.email,
        needsPassword: passwordHash !== null,
        signInFresh: session
          ? Date.now() - session.createdAt.getTime() < FRESH_SIGN_IN_MINUTES * 60_000
          : false,
      },
    },
  };
}
