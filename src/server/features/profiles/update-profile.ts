import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { PROFILE_MESSAGES, type updateProfileRequestSchema } from '../../../shared/profiles';
import { AppError } from '../../app-error';
import type { Auth } from '../../auth/auth';
import { clearPasswordFailures, countPasswordGuess } from '../../auth/password-attempts';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import type { RateLimiter } from '../../platform/rate-limit';
import { voidEmailChanges } from '../account';
import { dropNominationsOf } from '../superlatives';
import { findProfileOfUser } from './find-profile';
import type { ProfileRow } from './present-profile';

type UpdateFields = z.output<typeof updateProfileRequestSchema>;

/**
 * Edit Profile (SPEC §2): the owner's fields, and their password when a change is asked for. The
 * password goes first: a wrong current password refuses the whole request, so nothing changes.
 * The current password is a guess at the account's password like a sign-in's (auth/password-attempts.ts).
 * Changing it signs the account out everywhere else (this browser gets a fresh session cookie) and
 * voids the email changes asked with the old one (issue #43).
 */
export async function updateProfile(options: {
  auth: Auth;
  db: Db;
  rateLimiter: RateLimiter;
  viewer: Viewer;
  fields: UpdateFields;
  headers: Headers;
}): Promise<{ profile: ProfileRow; setCookies: string[] }> {
  const { passwordChange, ...fields } = options.fields;
  let setCookies: string[] = [];
  if (passwordChange) {
    await countPasswordGuess(options.rateLimiter, options.viewer.email);
    setCookies = await changePassword(options.auth, options.headers, passwordChange);
    await clearPasswordFailures(options.rateLimiter, options.viewer.email);
    await voidEmailChanges(options.db, options.viewer.userId);
  }
  await options.db.transaction(async (tx) => {
    await tx.update(profiles).set(fields).where(eq(profiles.userId, options.viewer.userId));
    // Leaving superlatives (issue #52): one's nominations in an open round stop counting.
    if (fields.superlativesOptOut === true) await dropNominationsOf(tx, options.viewer.userId);
  });
  const profile = await findProfileOfUser(options.db, options.viewer.userId);
  if (!profile) throw new Error('updateProfile: the profile cannot be read back');
  return { profile, setCookies };
}

async function changePassword(
  auth: Auth,
  headers: Headers,
  change: NonNullable<UpdateFields['passwordChange']>,
): Promise<string[]> {
  const response = await auth.api.changePassword({
    body: {
      currentPassword: change.currentPassword,
      newPassword: change.newPassword,
      revokeOtherSessions: true,
    },
    headers,
    asResponse: true,
  });
  if (response.ok) return response.headers.getSetCookie();
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  switch (body?.code) {
    case 'INVALID_PASSWORD':
      throw new AppError('validation_failed', PROFILE_MESSAGES.currentPasswordWrong, 'currentPassword');
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      throw new AppError('bad_request', PROFILE_MESSAGES.noPassword, 'currentPassword');
    case 'PASSWORD_TOO_SHORT':
      throw new AppError('validation_failed', PROFILE_MESSAGES.passwordLength, 'newPassword');
  }
  if (response.status === 401) throw new AppError('unauthenticated', PROFILE_MESSAGES.updateSignedOut);
  throw new AppError('bad_request', body?.message ?? 'Your password could not be changed. Please try again.');
}
