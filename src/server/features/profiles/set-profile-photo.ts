import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { PROFILE_MESSAGES } from '../../../shared/profiles';
import { AppError } from '../../app-error';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { processProfilePhoto } from '../../platform/images';
import { queueObjectRemovals, removeQueuedObjects } from '../../platform/object-removals';
import { ensureClientStillThere } from '../../platform/outbound-calls';
import { newPhotoKey, type ObjectStorage } from '../../platform/storage';
import { findProfileOfUser } from './find-profile';
import type { ProfileRow } from './present-profile';

/**
 * A new profile picture (SPEC §2, §7 Storage): re-encoded by the server whatever the browser did,
 * stored under a new random key (its address is public, so it names no one), then the profile
 * points at it and the old picture goes. The new object is written before the row changes, so the
 * profile never points at nothing. If the bucket does not answer in time (a 503), the client went
 * away (`signal`: the request's) before the row changed, or the update fails, the row is left as it
 * was and the new object, which the bucket may have stored anyway, is queued for removal
 * (object-removals.ts): a client that was never told of a change does not get one. The profile the
 * answer shows (its header counts read from posts) is read first: were posts locked, the request ends
 * in a 503 before anything changed, never after.
 */
export async function setProfilePhoto(options: {
  db: Db;
  storage: ObjectStorage;
  viewer: Viewer;
  upload: Uint8Array;
  log: Logger;
  signal?: AbortSignal;
}): Promise<ProfileRow> {
  const { db, storage, viewer, log, signal } = options;
  const jpeg = await processProfilePhoto(options.upload);
  ensureClientStillThere(signal);
  // The counts a picture does not change: read now, so nothing after the change can fail.
  const shown = await findProfileOfUser(db, viewer.userId);
  if (!shown) throw new AppError('unauthenticated', PROFILE_MESSAGES.updateSignedOut);
  const key = newPhotoKey();

  let previousKey: string | null;
  let stored = false;
  try {
    await storage.put(key, jpeg, 'image/jpeg', signal);
    stored = true;
    const found = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ key: profiles.profilePictureKey })
        .from(profiles)
        .where(eq(profiles.userId, viewer.userId))
        .for('update');
      if (!current) return null;
      await tx.update(profiles).set({ profilePictureKey: key }).where(eq(profiles.userId, viewer.userId));
      if (current.key && current.key !== key) await queueObjectRemovals(tx, [current.key]);
      // The last moment to learn the client has gone: throwing here rolls the change back.
      ensureClientStillThere(signal);
      return { previous: current.key };
    });
    // The account was deleted while the picture was being made (delete-account.ts locks this row too).
    if (!found) throw new AppError('unauthenticated', PROFILE_MESSAGES.updateSignedOut);
    previousKey = found.previous;
  } catch (error) {
    // A put given up may still land in the bucket later: the queue's sweep removes it then. One that
    // finished is removed at once.
    await queueObjectRemovals(db, [key])
      .then(() => (stored ? removeQueuedObjects({ db, storage, logger: log, keys: [key] }) : undefined))
      .catch((err: unknown) => {
        log.warn({ err, key }, 'could not remove an unused profile picture');
      });
    throw error;
  }
  if (previousKey && previousKey !== key) {
    // The profile already shows the new picture; the old one was queued with the change and goes now
    // (or, if the bucket fails, at the queue's next sweep).
    await removeQueuedObjects({ db, storage, logger: log, keys: [previousKey] }).catch((err: unknown) => {
      log.warn({ err, key: previousKey }, 'could not remove a replaced profile picture');
    });
  }
  return { ...shown, profilePictureKey: key };
}
