import { getCookies } from 'better-auth/cookies';
import { verifyPassword } from 'better-auth/crypto';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import {
  ACCOUNT_MESSAGES,
  type Account,
  accountSchema,
  changeEmailRequestSchema,
  changeEmailResponseSchema,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  deletedAnonymousPostsSchema,
  devicesSchema,
  emailChangeLinkSchema,
  emailChangeOutcomeSchema,
  emailChangeStepSchema,
  FRESH_SIGN_IN_MINUTES,
  signedOutSchema,
} from '../../../shared/account';
import { campusOnlyMessage, isAllowedEmail } from '../../../shared/campus-email';
import { AppError } from '../../app-error';
import {
  type EndSessions,
  type EndSessionsByToken,
  type ForgetTokens,
  type RefreshSessions,
  resetTokensOf,
} from '../../auth/auth';
import { allow } from '../../auth/guard';
import { clearPasswordFailures, countPasswordGuess } from '../../auth/password-attempts';
import { authorizeSignedIn } from '../../auth/policies';
import { loadViewer, sessionCookies, type Viewer, type ViewerDeps } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { accounts, posts, profiles, sessions, verifications } from '../../db/schema';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { breakStreamedAnswer } from '../../http/error-handling';
import { enforceLimit, rateLimit } from '../../http/rate-limits';
import { isFormPost } from '../../http/validate';
import type { DependencyHealth } from '../../platform/dependency-health';
import type { Mailer } from '../../platform/mail';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { rotateUnsubscribeToken } from '../notifications';
import { deleteAccount, deleteOwnAnonymousPosts } from './delete-account';
import { listDevices, signOutDevice, signOutOtherDevices } from './devices';
import {
  approveEmailChange,
  confirmEmailChange,
  EMAIL_CHANGE_PAGE,
  readEmailChangeLink,
  readEmailChangeState,
  requestEmailChange,
} from './email-change';
import { exportAccount } from './export-account';

interface AccountDeps extends ViewerDeps {
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
  endSessions: EndSessions;
  endSessionsByToken: EndSessionsByToken;
  forgetTokens: ForgetTokens;
  refreshSessions: RefreshSessions;
  mailer: Mailer;
  /** PUBLIC_URL: the links mailed start with it. */
  publicUrl: string;
  origin: string;
  /** ALLOWED_EMAIL_DOMAINS: a new address only at these (none: any). */
  allowedEmailDomains: string[];
  /** Counts a service's failure that cuts an export short (the answer has started: no 503 to give). */
  dependencies: DependencyHealth | null;
}

const signedIn = allow((viewer) => authorizeSignedIn(viewer, ACCOUNT_MESSAGES.signedOut));
const signedInForLink = allow((viewer) => authorizeSignedIn(viewer, ACCOUNT_MESSAGES.emailLinkSignedOut));

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

const removeAnonymousPosts = describeRoute({
  summary:
    'Take down all your anonymous posts now, on their own (before deleting your account, if you want them gone)',
  tag: 'account',
  access: 'signed in: your own posts only; limited per account',
  answer: deletedAnonymousPostsSchema,
});

const changeEmail = describeRoute({
  summary:
    'Change your email: approved by a link to the current address, then confirmed by the new one (each link opens a page whose button acts)',
  tag: 'account',
  access: 'signed in (a profile is not needed); limited per account',
  body: changeEmailRequestSchema,
  answer: changeEmailResponseSchema,
});
const emailLink = describeRoute({
  summary: "What an email change's mailed link would do: approve (current address) or confirm (new one)",
  tag: 'account',
  access: "the account the link was mailed for (another's answers 403; a dead link 404)",
  query: emailChangeLinkSchema,
  answer: emailChangeStepSchema,
});
const approveEmail = describeRoute({
  summary:
    "The approval page's button: the current address lets the change go on, and the new address is mailed. A form post is answered with the page that says so",
  tag: 'account',
  access: 'the account the link was mailed for, signed in',
  body: emailChangeLinkSchema,
  form: true,
  answer: emailChangeOutcomeSchema,
});
const confirmEmail = describeRoute({
  summary:
    "The new address's page's button: the account takes the address, and every other device is signed out. A form post is answered with the page that says so",
  tag: 'account',
  access: 'the account the link was mailed for, signed in',
  body: emailChangeLinkSchema,
  form: true,
  answer: emailChangeOutcomeSchema,
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
          onFailure: (error) => breakStreamedAnswer(c, deps.dependencies, error, 'the data export'),
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
      if (!isAllowedEmail(wanted, deps.allowedEmailDomains)) {
        throw new AppError('validation_failed', campusOnlyMessage(deps.allowedEmailDomains), 'newEmail');
      }
      const owner = await readOwner(db, viewer, tokenOf(c));
      await proveOwner(deps.rateLimiter, viewer, owner, password, {
        passwordRequired: ACCOUNT_MESSAGES.passwordRequiredForEmail,
        signInAgain: ACCOUNT_MESSAGES.signInAgainForEmail,
      });
      // The same work and the same answer whether or not the new address has an account: nothing
      // about it is looked at until the current address approves (email-change.ts).
      await requestEmailChange({
        db,
        mailer: deps.mailer,
        publicUrl: deps.publicUrl,
        userId: viewer.userId,
        fromEmail: viewer.email,
        toEmail: wanted,
      });
      return c.json({ approvalSentTo: viewer.email, newEmail: wanted });
    })
    .get('/email/link', emailLink.doc, signedInForLink, async (c) => {
      const { token } = emailLink.query(c);
      return c.json(await readEmailChangeLink(db, c.var.caller.userId, token));
    })
    .post('/email/approve', approveEmail.doc, async (c) => {
      await enforceLimit(deps.rateLimiter, 'verifyEmailLink', `ip:${clientAddress(c)}`);
      const { token } = await approveEmail.body(c);
      return answerLinkButton(c, token, 'approved', async (viewer) => {
        await approveEmailChange({
          db,
          mailer: deps.mailer,
          publicUrl: deps.publicUrl,
          userId: viewer.userId,
          token,
        });
      });
    })
    .post('/email/confirm', confirmEmail.doc, async (c) => {
      await enforceLimit(deps.rateLimiter, 'verifyEmailLink', `ip:${clientAddress(c)}`);
      const { token } = await confirmEmail.body(c);
      return answerLinkButton(c, token, 'changed', async (viewer) => {
        // What the old address could still do ends with the change: every other session, and the
        // reset links mailed to it. Rows go in the change's transaction; the session cache after.
        let endedSessions: string[] = [];
        let forgottenResets: string[] = [];
        const current = tokenOf(c);
        await confirmEmailChange({
          db,
          mailer: deps.mailer,
          publicUrl: deps.publicUrl,
          userId: viewer.userId,
          token,
          afterChange: async (tx, change) => {
            const others = await tx
              .select({ token: sessions.token })
              .from(sessions)
              .where(
                and(eq(sessions.userId, change.userId), current ? ne(sessions.token, current) : undefined),
              );
            endedSessions = others.map((row) => row.token);
            if (endedSessions.length > 0) {
              await tx
                .delete(sessions)
                .where(and(eq(sessions.userId, change.userId), inArray(sessions.token, endedSessions)));
            }
            forgottenResets = await resetTokensOf(tx, change.userId);
            await tx.delete(verifications).where(eq(verifications.value, change.userId));
            // A digest mailed to the old address stops working for it.
            await rotateUnsubscribeToken(tx, change.userId);
          },
        });
        await deps.endSessionsByToken(endedSessions);
        await deps.forgetTokens(forgottenResets);
        await deps.refreshSessions(viewer.userId);
      });
    })
    .delete('/anonymous-posts', removeAnonymousPosts.doc, signedIn, async (c) => {
      const viewer = c.var.caller;
      await enforceLimit(deps.rateLimiter, 'accountDelete', `user:${viewer.userId}`);
      return c.json({ deleted: await deleteOwnAnonymousPosts(db, viewer.userId) });
    })
    .delete('/', remove.doc, signedIn, async (c) => {
      // A write: the viewer was read from the database for this request (viewer.ts).
      const viewer = c.var.caller;
      await enforceLimit(deps.rateLimiter, 'accountDelete', `user:${viewer.userId}`);
      const { confirmation, password, anonymousPosts } = await remove.body(c);
      const owner = await readOwner(db, viewer, tokenOf(c));
      const { deletion } = owner.account;
      if (confirmation.trim().toLowerCase() !== deletion.confirmationPhrase.toLowerCase()) {
        throw new AppError(
          'validation_failed',
          ACCOUNT_MESSAGES.confirmationWrong(deletion.confirmationPhrase),
          'confirmation',
        );
      }
      // Anonymous posts still up stay, with no author (decision 019): said and chosen, not assumed.
      if (deletion.anonymousPosts > 0 && anonymousPosts !== 'leave') {
        throw new AppError('validation_failed', ACCOUNT_MESSAGES.anonymousPostsChoice, 'anonymousPosts');
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

/**
 * A mailed link's button: acts as the signed-in account. A plain form's post is answered with the page
 * to show next (303): the outcome, or the link's page again with what went wrong; JSON is answered as
 * JSON. The policy is the same either way: signed in as the account the link was mailed for.
 */
async function answerLinkButton(
  c: Context<AppEnv>,
  token: string,
  outcome: 'approved' | 'changed',
  act: (viewer: Viewer) => Promise<void>,
): Promise<Response> {
  const form = isFormPost(c);
  try {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('unauthenticated', ACCOUNT_MESSAGES.emailLinkSignedOut);
    await act(viewer);
  } catch (error) {
    if (!form || !(error instanceof AppError)) throw error;
    const again = new URLSearchParams({ token, problem: error.code });
    return c.redirect(`${EMAIL_CHANGE_PAGE}?${again}`, 303);
  }
  return form ? c.redirect(`${EMAIL_CHANGE_PAGE}?outcome=${outcome}`, 303) : c.json({ outcome });
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
  // Counted as a failure before it is checked; a right password clears the count.
  await countPasswordGuess(rateLimiter, viewer.email);
  if (!(await verifyPassword({ hash: owner.passwordHash, password }))) {
    throw new AppError('validation_failed', ACCOUNT_MESSAGES.passwordWrong, 'password');
  }
  await clearPasswordFailures(rateLimiter, viewer.email);
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
  const [anonymous] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.userId, viewer.userId), eq(posts.isAnonymous, true), eq(posts.deleted, false)));
  const emailChange = await readEmailChangeState(db, viewer.userId, viewer.email);
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
        anonymousPosts: Number(anonymous?.count ?? 0),
      },
      emailChange,
    },
  };
}
