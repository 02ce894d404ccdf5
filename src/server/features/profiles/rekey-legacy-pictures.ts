import { and, asc, eq, gt, like } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { isLegacyObjectKey, newPhotoKey, type ObjectStorage } from '../../platform/storage';

const BATCH_SIZE = 100;
const PARALLEL = 4;
/** A storage or database that fails this many pictures in a row is down: stop, the next start resumes. */
const FAILURES_IN_A_ROW_TO_GIVE_UP = 10;

export interface RekeySummary {
  /** Pictures now under a random key. */
  moved: number;
  /** Rows whose picture cannot be read (not in storage, or a key of no known shape): left as they are. */
  missing: number;
  /** Pictures that could not be moved this time (a storage or database error); tried again next start. */
  failed: number;
}

type Outcome = 'moved' | 'missing' | 'unchanged';

/**
 * Moves every profile picture still under a legacy key ({userId}/{timestamp}.jpg, whose public
 * address gave the user id away) to a random key. Run at every start, on any number of instances at
 * once: each picture is copied to a new key, the row is switched only if it still names the old key
 * (otherwise the copy goes), and the old object is removed only once no row names it, so a picture
 * is never lost, whoever wins. With nothing left to move it is one query that finds no rows.
 */
export async function rekeyLegacyPictures(options: {
  db: Db;
  storage: ObjectStorage;
  logger: Logger;
  /** Rows read per query (tests make it small to cross pages). */
  batchSize?: number;
}): Promise<RekeySummary> {
  const { db, logger, batchSize = BATCH_SIZE } = options;
  const summary: RekeySummary = { moved: 0, missing: 0, failed: 0 };
  let failuresInARow = 0;
  let after = '';
  for (;;) {
    // Legacy keys always hold a slash and new ones never do. Keyset by user id, so a row left
    // behind (missing object, failure) is not read again in this run.
    const rows = await db
      .select({ userId: profiles.userId, key: profiles.profilePictureKey })
      .from(profiles)
      .where(and(like(profiles.profilePictureKey, '%/%'), gt(profiles.userId, after)))
      .orderBy(asc(profiles.userId))
      .limit(batchSize);
    for (let start = 0; start < rows.length; start += PARALLEL) {
      const outcomes = await Promise.all(
        rows.slice(start, start + PARALLEL).map(async ({ userId, key }) => {
          try {
            return await rekeyPicture(options, userId, key ?? '');
          } catch (err) {
            logger.warn(
              { err, userId },
              'could not move a profile picture to a random key; next start tries again',
            );
            return 'failed' as const;
          }
        }),
      );
      for (const outcome of outcomes) {
        if (outcome === 'failed') {
          summary.failed += 1;
          failuresInARow += 1;
        } else {
          failuresInARow = 0;
          if (outcome !== 'unchanged') summary[outcome] += 1;
        }
      }
      if (failuresInARow >= FAILURES_IN_A_ROW_TO_GIVE_UP) {
        throw new Error(`rekeyLegacyPictures gave up after ${failuresInARow} failures in a row`);
      }
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    after = last.userId;
  }
  if (summary.moved + summary.missing + summary.failed > 0) {
    logger.info(summary, 'moved legacy profile pictures to random keys');
  }
  return summary;
}

async function rekeyPicture(
  { db, storage, logger }: { db: Db; storage: ObjectStorage; logger: Logger },
  userId: string,
  oldKey: string,
): Promise<Outcome> {
  const stillNamed = and(eq(profiles.userId, userId), eq(profiles.profilePictureKey, oldKey));
  if (!isLegacyObjectKey(oldKey)) {
    logger.warn({ userId }, 'a profile picture key of no known shape; left as it is');
    return 'missing';
  }
  const object = await storage.get(oldKey);
  if (!object) {
    // Another instance may have just moved it; only a row that still names it is worth a word.
    const [row] = await db.select({ userId: profiles.userId }).from(profiles).where(stillNamed);
    if (!row) return 'unchanged';
    logger.warn(
      { userId, key: oldKey },
      'a legacy profile picture is missing from storage; its row is left as it is',
    );
    return 'missing';
  }

  const newKey = newPhotoKey();
  await storage.put(newKey, object.body, object.contentType);
  let switched: boolean;
  try {
    const updated = await db
      .update(profiles)
      .set({ profilePictureKey: newKey })
      .where(stillNamed)
      .returning({ userId: profiles.userId });
    switched = updated.length > 0;
  } catch (error) {
    await storage.remove(newKey).catch(() => {});
    throw error;
  }
  // Not switched: the owner chose a new picture, or another instance moved this one, meanwhile.
  if (!switched) await storage.remove(newKey);
  // Either way no row names the old key now, and keys are never reused: its object is garbage.
  await storage.remove(oldKey).catch((err: unknown) => {
    logger.warn({ err, key: oldKey }, 'could not remove a legacy profile picture after moving it');
  });
  return switched ? 'moved' : 'unchanged';
}
