import type { z } from 'zod';
import { type createProfileRequestSchema, PROFILE_MESSAGES } from '../../../shared/profiles';
import { AppError } from '../../app-error';
import { hasAdminGrant } from '../../auth/admin-grants';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { violatedUniqueConstraint } from '../../db/unique-violation';
import { findProfileOfUser, isUsernameTaken } from './find-profile';
import type { ProfileRow } from './present-profile';

/**
 * The signed-in account's one profile (SPEC §2 Profile setup). The username is checked first for a
 * friendly answer; the unique keys settle a race between two people taking it at the same moment.
 * An account ADMIN_EMAILS made an admin (auth/admin-grants.ts) starts as one.
 */
export async function createProfile(options: {
  db: Db;
  viewer: Viewer;
  fields: z.output<typeof createProfileRequestSchema>;
}): Promise<ProfileRow> {
  const { db, viewer, fields } = options;
  if (viewer.profile) throw new AppError('conflict', PROFILE_MESSAGES.alreadyCreated);
  if (await isUsernameTaken(db, fields.username)) {
    throw new AppError('conflict', PROFILE_MESSAGES.usernameTaken, 'username');
  }
  try {
    await db.insert(profiles).values({
      ...fields,
      userId: viewer.userId,
      email: viewer.email,
      userType: (await hasAdminGrant(db, viewer.userId)) ? 'admin' : 'ordinary',
    });
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'profiles_username_key') {
      throw new AppError('conflict', PROFILE_MESSAGES.usernameTaken, 'username');
    }
    if (constraint === 'profiles_user_id_key')
      throw new AppError('conflict', PROFILE_MESSAGES.alreadyCreated);
    throw error;
  }
  const created = await findProfileOfUser(db, viewer.userId);
  if (!created) throw new Error('createProfile: the new profile cannot be read back');
  return created;
}
