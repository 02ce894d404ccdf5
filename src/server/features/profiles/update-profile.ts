import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { PROFILE_MESSAGES, type updateProfileRequestSchema } from '../../../shared/profiles';
import type { Auth } from '../../auth/auth';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findProfileOfUser } from './find-profile';
import type { ProfileRow } from './present-profile';

type UpdateFields = z.output<typeof updateProfileRequestSchema>;

/**
 * Edit Profile (SPEC §2): the owner's fields, and their password when a change is asked for. The
 * password goes first: a wrong current password refuses the whole request, so nothing changes.
 * Changing it signs the account out everywhere else; this browser gets a fresh session cookie.
 */
export async function updateProfile(options: {
  auth: Auth;
  db: Db;
  viewer: Viewer;
  fields: UpdateFields;
  headers: Headers;
}): Promise<{ profile: ProfileRow; setCookies: string[] }> {
  const { passwordChange, ...fields } = options.fields;
  const setCookies = passwordChange
    ? await changePassword(options.auth, options.headers, passwordChange)
    : [];
  await options.db.update(profiles).set(fields).where(eq(profiles.userId, options.viewer.userId));
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
