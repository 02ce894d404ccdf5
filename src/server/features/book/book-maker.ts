// The book maker (issue #52, decision 041): one book at a time per instance, in the background. A job
// is claimed FOR UPDATE SKIP LOCKED (as the mail outbox claims mail) and leased: the lease is renewed as
// pages are done, so a job whose instance died is taken again once its lease ends, and a claim's
// attempt number is its token (an instance whose lease was taken over finds its result refused, and
// removes its file). The PDF is streamed to a temporary file as it is made (never the whole book in
// memory), stored, and the job marked ready with its expiry (a week) and its requester told
// (book_ready), in one transaction. Progress is written as pages are done, at most every 250 ms.
// The same job removes expired files (their rows stay a while, so the link answers 410) and, later,
// the rows.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { BOOK_LIMITS } from '../../../shared/values/book';
import { type Db, queryRows } from '../../db/client';
import { type Job, startJob } from '../../platform/job-runner';
import { queueObjectRemovals, removeQueuedObjects } from '../../platform/object-removals';
import { newBookKey, type ObjectStorage } from '../../platform/storage';
import { classContents, pageContents, photoLoader } from './contents';
import type { BookJobRow } from './jobs';
import { drawBookOnThread } from './pdf/render-thread';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** How long a claimed job is left to its instance without news before another may take it. */
export const BOOK_LEASE_MS = 2 * MINUTE;
/** Progress is written no more often than this. */
const PROGRESS_EVERY_MS = 250;
/** A job tried this many times (its instance died each time) is given up. */
const MAX_ATTEMPTS = 3;
/** A book's row is kept this long after its file expired, so its link says it expired (410). */
const ROW_KEPT_AFTER_EXPIRY = '30 days';

export interface BookMakerOptions {
  db: Db;
  storage: ObjectStorage;
  logger: Logger;
  /** Tells every instance that this person's notifications changed (their live bell). */
  announceNotification?: (userId: string) => void;
  /** The pause between looks for work another instance queued, or a lease that ended. */
  pollMs?: number;
  leaseMs?: number;
}

export interface BookMaker extends Job {}

type Claimed = BookJobRow & { attempts: number };

async function claim(db: Db, leaseMs: number): Promise<Claimed | null> {
  const [row] = await queryRows<Claimed>(
    db,
    sql`update book_jobs set status = 'making', attempts = attempts + 1,
          started_at = coalesce(started_at, now()),
          lease_until = now() + ${leaseMs} * interval '1 millisecond', progress = 0
        where id = (
          select id from book_jobs
          where status = 'queued' or (status = 'making' and lease_until < now())
          order by created_at limit 1
          for update skip locked)
        returning id, kind, requested_by, year, campus, paper, post_ids, status, progress, attempts,
          object_key, size, created_at, finished_at, expires_at`,
  );
  return row ?? null;
}

async function fail(db: Db, job: Claimed): Promise<void> {
  await db.execute(sql`update book_jobs set status = 'failed', finished_at = now(), lease_until = null
    where id = ${job.id}::uuid and status = 'making' and attempts = ${job.attempts}`);
}

/** Makes one claimed job's PDF into `file`; progress and lease written as it goes. */
async function render(options: BookMakerOptions, job: Claimed, file: string, signal: AbortSignal) {
  const { db, storage } = options;
  const leaseMs = options.leaseMs ?? BOOK_LEASE_MS;
  let lastWrite = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const progress = (fraction: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_EVERY_MS || fraction >= 1) return;
    lastWrite = now;
    const value = Math.max(0, Math.min(0.99, fraction));
    pending = pending.then(() =>
      db.execute(sql`update book_jobs set progress = greatest(progress, ${value}),
          lease_until = now() + ${leaseMs} * interval '1 millisecond'
        where id = ${job.id}::uuid and status = 'making' and attempts = ${job.attempts}`),
    );
  };
  // Drawn on a thread of its own (render-thread.ts): the database and the storage stay here.
  if (job.kind === 'page') {
    const contents = await pageContents(db, storage, {
      userId: job.requested_by,
      postIds: job.post_ids ?? [],
    });
    if (!contents) throw new Error('the requester has no profile');
    await drawBookOnThread({ kind: 'page', contents }, job.paper, file, { progress, signal });
  } else {
    if (job.year === null || job.campus === null) throw new Error('a class job without its class');
    const contents = await classContents(db, { year: job.year, campus: job.campus, madeAt: new Date() });
    const photos = photoLoader(storage);
    await drawBookOnThread({ kind: 'class', contents, photos }, job.paper, file, { progress, signal });
  }
  await pending;
}

/** Takes and makes queued books one at a time until none is left (or the instance is stopping). */
export async function makeQueuedBooks(options: BookMakerOptions, signal: AbortSignal): Promise<number> {
  const { db, storage, logger } = options;
  let made = 0;
  while (!signal.aborted) {
    const job = await claim(db, options.leaseMs ?? BOOK_LEASE_MS);
    if (!job) break;
    if (job.attempts > MAX_ATTEMPTS) {
      logger.error({ bookJobId: job.id, attempts: job.attempts }, 'a book job was given up after its tries');
      await fail(db, job);
      continue;
    }
    const file = path.join(os.tmpdir(), `yearbook-book-${job.id}-${job.attempts}.pdf`);
    const key = newBookKey();
    const began = performance.now();
    try {
      await render(options, job, file, signal);
      const { size } = await fs.stat(file);
      await storage.putFile(key, file, 'application/pdf');
      const told = await db.transaction(async (tx) => {
        const [done] = await queryRows<{ requested_by: string }>(
          tx,
          sql`update book_jobs set status = 'ready', progress = 1, object_key = ${key}, size = ${size},
                finished_at = now(), expires_at = now() + ${`${BOOK_LIMITS.keptDays} days`}::interval,
                lease_until = null
              where id = ${job.id}::uuid and status = 'making' and attempts = ${job.attempts}
              returning requested_by`,
        );
        if (!done) return null;
        await tx.execute(sql`insert into notifications (user_id, kind, book_job_id)
          values (${done.requested_by}, 'book_ready', ${job.id}::uuid) on conflict do nothing`);
        return done.requested_by;
      });
      if (told) {
        made++;
        options.announceNotification?.(told);
        logger.info(
          { bookJobId: job.id, kind: job.kind, bytes: size, seconds: (performance.now() - began) / 1000 },
          'a book was made',
        );
      } else {
        // Another instance took the job over (this one's lease ran out): its file is the one kept.
        await storage.remove(key).catch(() => undefined);
      }
    } catch (error) {
      if (signal.aborted) {
        // Stopping: the job is left to its lease, and the next instance makes it again.
        break;
      }
      logger.error({ err: error, bookJobId: job.id, kind: job.kind }, 'a book could not be made');
      await storage.remove(key).catch(() => undefined);
      await fail(db, job);
    } finally {
      await fs.rm(file, { force: true });
    }
  }
  return made;
}

/**
 * Removes the files of books past their week (their rows stay, so the link answers 410), and rows
 * long past it. The keys go through object_removals, so a bucket that does not answer is tried again.
 */
export async function removeExpiredBooks(db: Db, storage: ObjectStorage, logger?: Logger): Promise<number> {
  const keys = await db.transaction(async (tx) => {
    const rows = await queryRows<{ key: string }>(
      tx,
      sql`with expired as (
            select id, object_key from book_jobs
            where expires_at <= now() and object_key is not null
            for update skip locked)
          update book_jobs b set object_key = null from expired e where b.id = e.id
          returning e.object_key as key`,
    );
    const expired = rows.map((row) => row.key).filter((key): key is string => key !== null);
    await queueObjectRemovals(tx, expired);
    return expired;
  });
  if (keys.length > 0) await removeQueuedObjects({ db, storage, logger, keys });
  await db.execute(sql`delete from book_jobs
    where (expires_at is not null and expires_at <= now() - ${ROW_KEPT_AFTER_EXPIRY}::interval)
       or (status = 'failed' and finished_at <= now() - ${ROW_KEPT_AFTER_EXPIRY}::interval)`);
  return keys.length;
}

/** The job: now, when a book is queued (wake), and every `pollMs`. */
export function startBookMaker(options: BookMakerOptions): BookMaker {
  return startJob({
    name: 'books',
    intervalMs: options.pollMs ?? 30 * SECOND,
    run: async (signal) => {
      await makeQueuedBooks(options, signal);
      await removeExpiredBooks(options.db, options.storage, options.logger);
    },
    logger: options.logger,
  });
}
