import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { PROFILE_MESSAGES } from '../../../shared/profiles';
import { AppError } from '../../app-error';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { processProfilePhoto } from '../../platform/images';
import { newPhotoKey, type ObjectStorage } from '../../platform/storage';
import { findProfileOfUser } from './find-profile';
import type { ProfileRow } from './present-profile';

/**
 * A new profile picture (SPEC §2, §7 Storage): re-encoded by the server whatever the browser did,
 * stored under a new random key (its address is public, so it names no one), then the profile
 * points at it and the old picture goes. The new object is written before the row changes, so the
 * profile never points at nothing; if the update fails the new object is removed again.
 */
export async function setProfilePhoto(options: {
  db: Db;
  storage: ObjectStorage;
  viewer: Viewer;
  upload: Uint8Array;
  log: Logger;
}): Promise<ProfileRow> {
  const { db, storage, viewer, log } = options;
  const jpeg = await processProfilePhoto(options.upload);
  const key = newPhotoKey();
  await storage.put(key, jpeg, 'image/jpeg');

  let previousKey: string | null;
  try {
    const found = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ key: profiles.profilePictureKey })
        .from(profiles)
        .where(eq(profiles.userId, viewer.userId))
        .for('update');
      if (!current) return null;
      await tx.update(profiles).set({ profilePictureKey: key }).where(eq(profiles.userId, viewer.userId));
      return { previous: current.key };
    });
    // The account was deleted while the picture was being made (delete-account.ts locks this row too).
    if (!found) throw new AppError('unauthenticated', PROFILE_MESSAGES.updateSignedOut);
    previousKey = found.previous;
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
  if (previousKey && previousKey !== key) {
    // The profile already shows the new picture; a leftover old file is only wasted space.
    await storage.remove(previousKey).catch((err: unknown) => {
      log.warn({ err, key: previousKey }, 'could not remove a replaced profile picture');
    });
  }
  const profile = await findProfileOfUser(db, viewer.userId);
  if (!profile) throw new Error('setProfilePhoto: the profile cannot be read back');
  return profile;
}
