// Changing an account's email address (issue #43, decision 019). Asked with the password on the account
// page; the current address approves by a link, then the new address confirms itself by another; only
// then does the address change. Each link opens a page whose button acts, signed in as the account
// (mail scanners open links; a link alone moves nothing), works once, for a day, and only while it is
// the account's newest request: a newer request, a password change and a completed change void it.
//
// The requester learns nothing of whether the new address has an account: the answer, the approval
// mail and the page after approving are the same. The new address is told either way: a link to
// confirm when it is free, a note that someone tried when it already has an account.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type EmailChangeState, type EmailChangeStep } from '../../../shared/account';
import { AppError } from '../../app-error';
import {
  approveEmailChangeMail,
  confirmNewEmailMail,
  emailChangedMail,
  emailTakenNoteMail,
} from '../../auth/auth-mail';
import type { Db } from '../../db/client';
import { emailChanges, profiles, users } from '../../db/schema';
import { violatedUniqueConstraint } from '../../db/unique-violation';
import type { Mailer } from '../../platform/mail';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the links lead: the page that shows what the link would do, with its button. */
export const EMAIL_CHANGE_PAGE = '/email-change';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOf(token) };
}

/** A database or a transaction. */
type Writer = Pick<Db, 'update'>;

/** Voids every link of the account's changes still under way (a newer request, a new password). */
export async function voidEmailChanges(db: Writer, userId: string): Promise<void> {
  await db
    .update(emailChanges)
    .set({ voidedAt: sql`now()` })
    .where(
      and(eq(emailChanges.userId, userId), isNull(emailChanges.completedAt), isNull(emailChanges.voidedAt)),
    );
}

/** Starts a change: the current address is mailed a link to approve it. Earlier requests are void. */
export async function requestEmailChange(options: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  userId: string;
  fromEmail: string;
  toEmail: string;
}): Promise<void> {
  const { db, mailer, userId } = options;
  const fromEmail = options.fromEmail.toLowerCase();
  const toEmail = options.toEmail.toLowerCase();
  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    await voidEmailChanges(tx, userId);
    await tx.insert(emailChanges).values({
      userId,
      fromEmail,
      toEmail,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    await mailer.send(approveEmailChangeMail(fromEmail, toEmail, linkTo(options.publicUrl, token)), tx);
  });
}

function linkTo(publicUrl: string, token: string): string {
  return `${publicUrl}${EMAIL_CHANGE_PAGE}?token=${token}`;
}

interface LiveChange {
  id: string;
  userId: string;
  fromEmail: string;
  toEmail: string;
  approved: boolean;
}

/**
 * The live change a link's token names, for the signed-in account, or why not: a token that names no
 * live change (expired, used, voided, never ours) is 404 whoever asks; one of another account is 403.
 * `lock` holds the row until the transaction ends, so one link's two presses act once.
 */
async function findLiveChange(db: Db, userId: string, token: string, lock = false): Promise<LiveChange> {
  const query = db
    .select({
      id: emailChanges.id,
      userId: emailChanges.userId,
      fromEmail: emailChanges.fromEmail,
      toEmail: emailChanges.toEmail,
      approvedAt: emailChanges.approvedAt,
      current: users.email,
    })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(
      and(
        eq(emailChanges.tokenHash, hashOf(token)),
        isNull(emailChanges.completedAt),
        isNull(emailChanges.voidedAt),
        sql`${emailChanges.expiresAt} > now()`,
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: emailChanges }) : await query;
  // An address that changed since the request (another way, or another request completed) voids it.
  if (!row || row.current !== row.fromEmail) throw new AppError('not_found', ACCOUNT_MESSAGES.emailLinkDead);
  if (row.userId !== userId) throw new AppError('forbidden', ACCOUNT_MESSAGES.emailLinkOtherAccount);
  return {
    id: row.id,
    userId: row.userId,
    fromEmail: row.fromEmail,
    toEmail: row.toEmail,
    approved: row.approvedAt !== null,
  };
}

/** What a live link of this account would do, for its page. */
export async function readEmailChangeLink(db: Db, userId: string, token: string): Promise<EmailChangeStep> {
  const change = await findLiveChange(db, userId, token);
  return {
    step: change.approved ? 'confirm' : 'approve',
    fromEmail: change.fromEmail,
    toEmail: change.toEmail,
  };
}

/**
 * The current address approves: its link stops working, and the new address is mailed either a link
 * to confirm (free) or a note that it already has an account (taken). Answers the new address alike.
 */
export async function approveEmailChange(options: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  userId: string;
  token: string;
}): Promise<{ toEmail: string }> {
  const { db, mailer } = options;
  return db.transaction(async (tx) => {
    const change = await findLiveChange(tx, options.userId, options.token, true);
    if (change.approved) throw new AppError('not_found', ACCOUNT_MESSAGES.emailLinkDead);
    const { token, hash } = newToken();
    await tx
      .update(emailChanges)
      .set({ approvedAt: sql`now()`, tokenHash: hash, expiresAt: new Date(Date.now() + DAY_MS) })
      .where(eq(emailChanges.id, change.id));
    const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, change.toEmail));
    // A taken address gets a note instead; the link made above is never mailed, and expires.
    await mailer.send(
      holder
        ? emailTakenNoteMail(change.toEmail, `${options.publicUrl}/contact`)
        : confirmNewEmailMail(change.toEmail, linkTo(options.publicUrl, token)),
      tx,
    );
    return { toEmail: change.toEmail };
  });
}

/**
 * The new address confirms: the account takes it (confirmed: its inbox answered), the profile's copy
 * follows, every other link of the account is void, and the old address is told. The unique index
 * decides a race with another account taking the address: 409, nothing changed. `afterChange` runs
 * in the transaction: it ends what the old address could still do (other sessions, reset links).
 */
export async function confirmEmailChange(options: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  userId: string;
  token: string;
  afterChange: (tx: Db, change: { userId: string; fromEmail: string; toEmail: string }) => Promise<void>;
}): Promise<{ toEmail: string }> {
  const { db, mailer } = options;
  try {
    return await db.transaction(async (tx) => {
      const change = await findLiveChange(tx, options.userId, options.token, true);
      if (!change.approved) throw new AppError('not_found', ACCOUNT_MESSAGES.emailLinkDead);
      await tx
        .update(users)
        .set({ email: change.toEmail, emailVerified: true, updatedAt: sql`now()` })
        .where(eq(users.id, change.userId));
      await tx.update(profiles).set({ email: change.toEmail }).where(eq(profiles.userId, change.userId));
      await tx.update(emailChanges).set({ completedAt: sql`now()` }).where(eq(emailChanges.id, change.id));
      await voidEmailChanges(tx, change.userId);
      await options.afterChange(tx, change);
      await mailer.send(
        emailChangedMail(change.fromEmail, change.toEmail, `${options.publicUrl}/contact`),
        tx,
      );
      return { toEmail: change.toEmail };
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'users_email_key') {
      throw new AppError('conflict', ACCOUNT_MESSAGES.emailTaken);
    }
    throw error;
  }
}

/** How long a finished or expired change is still told on the account page. */
const TOLD_FOR_MS = 7 * DAY_MS;

/**
 * Where the account's latest request to change its email stands, for its owner's account page (issue
 * #51: the links' pages say what a press did, and the account page, where they lead, says it too).
 * A voided request (replaced, or ended by a new password) is not told; nor one whose current address
 * is no longer the account's; nor one done or expired more than a week ago.
 */
export async function readEmailChangeState(
  db: Db,
  userId: string,
  currentEmail: string,
): Promise<EmailChangeState | null> {
  const [row] = await db
    .select({
      fromEmail: emailChanges.fromEmail,
      toEmail: emailChanges.toEmail,
      expiresAt: emailChanges.expiresAt,
      approvedAt: emailChanges.approvedAt,
      completedAt: emailChanges.completedAt,
    })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.voidedAt)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  const current = currentEmail.toLowerCase();
  const told = { fromEmail: row.fromEmail, toEmail: row.toEmail };
  if (row.completedAt) {
    if (row.toEmail !== current || now - row.completedAt.getTime() > TOLD_FOR_MS) return null;
    return { state: 'changed', ...told, at: row.completedAt.toISOString() };
  }
  if (row.fromEmail !== current) return null;
  const at = row.expiresAt.toISOString();
  if (row.expiresAt.getTime() > now) return { state: row.approvedAt ? 'confirm' : 'approve', ...told, at };
  return now - row.expiresAt.getTime() > TOLD_FOR_MS ? null : { state: 'expired', ...told, at };
}

/** Whether the account ever moved onto another address (ADMIN_EMAILS never promotes such an account). */
export async function everChangedEmail(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), sql`${emailChanges.completedAt} is not null`))
    .limit(1);
  return row !== undefined;
}
