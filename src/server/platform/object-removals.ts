// Stored objects to remove, durably. A use case that lets go of a picture (an account deleted) writes
// its key to `object_removals` in its own transaction, then asks for the removal once it commits; the
// row goes only when the storage has removed the object. A crash, a restart or a bucket that did not
// answer leaves the row, and the sweep every instance runs (main.ts) removes it later, with growing
// pauses between failed attempts. Removing a key that is already gone succeeds (ObjectStorage.remove).
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { objectRemovals } from '../db/schema';
import { describeFailure } from './dependency-health';
import { startJob } from './job-runner';
import { serviceTroubleCause } from './outbound-calls';
import type { ObjectStorage } from './storage';

const MINUTE = 60_000;
/** Pause after the n-th failure: 1, 2, 4 ... minutes, at most a day. */
const pauseAfter = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1) * MINUTE, 24 * 60 * MINUTE);

/** Records that `keys` are to be removed; call it inside the transaction that lets go of them. */
export async function queueObjectRemovals(tx: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(objectRemovals)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

/**
 * Removes the queued objects that are due (all of them, or only `keys`), a batch at a time; answers how
 * many were removed and how many failed (each failure is kept, with its error, for a later try).
 */
export async function removeQueuedObjects(options: {
  db: Db;
  storage: ObjectStorage;
  logger?: Logger;
  keys?: string[];
  batch?: number;
}): Promise<{ removed: number; failed: number }> {
  const { db, storage, logger } = options;
  const due = await db
    .select({ key: objectRemovals.key, attempts: objectRemovals.attempts })
    .from(objectRemovals)
    .where(
      and(
        lte(objectRemovals.nextAttemptAt, sql`now()`),
        options.keys ? inArray(objectRemovals.key, options.keys) : undefined,
      ),
    )
    .orderBy(objectRemovals.nextAttemptAt)
    .limit(options.batch ?? 100);
  let removed = 0;
  let failed = 0;
  for (const { key, attempts } of due) {
    try {
      await storage.remove(key);
      await db.delete(objectRemovals).where(eq(objectRemovals.key, key));
      removed++;
    } catch (error) {
      failed++;
      // The bucket down or silent: its outage is logged once by the tracker (dependency-health.ts),
      // so each object gets a line with the bucket's own words and no stack; anything else keeps it.
      const trouble = serviceTroubleCause(error);
      const message = describeFailure(trouble?.error ?? error).message;
      logger?.warn(
        trouble
          ? { reason: describeFailure(trouble.error), attempts: attempts + 1 }
          : { err: error, attempts: attempts + 1 },
        'a stored object could not be removed; trying later',
      );
      await db
        .update(objectRemovals)
        .set({
          attempts: attempts + 1,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + pauseAfter(attempts + 1)),
        })
        .where(eq(objectRemovals.key, key));
    }
  }
  return { removed, failed };
}

/** Sweeps the queue now and every `intervalMs` (job-runner.ts); `stop` waits for a sweep under way. */
export function startObjectRemovals(options: {
  db: Db;
  storage: ObjectStorage;
  logger: Logger;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  return startJob({
    name: 'object-removals',
    intervalMs: options.intervalMs ?? 5 * MINUTE,
    run: () => removeQueuedObjects(options),
    logger: options.logger,
  });
}
