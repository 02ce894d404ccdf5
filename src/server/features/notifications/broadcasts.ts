// Notices from the admins to every member (issue #28), handed out in the background (CONVENTIONS 13:
// fan-out leaves the request). The request writes one `notification_broadcasts` row and wakes this
// instance's job; each batch of members is told in one transaction that also moves the row's
// `next_user_id`, under the row's lock (FOR UPDATE SKIP LOCKED), so instances share the work, a crash
// resumes where it stopped, and nobody is told twice. Every instance looks now and then too, for rows
// another left unfinished.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../../db/client';
import { type Job, startJob } from '../../platform/job-runner';

/** Members told per transaction. */
const BATCH = 1_000;

/** Queues a notice to every member who has a profile now; answers how many that is. */
export async function queueBroadcast(db: Db, text: string): Promise<number> {
  const [row] = await queryRows<{ members: number }>(
    db,
    sql`with queued as (insert into notification_broadcasts (text) values (${text}) returning created_at)
        select count(*)::int as members from profiles where created_at <= (select created_at from queued)`,
  );
  return row?.members ?? 0;
}

/** Tells one batch of the oldest unfinished notice's members; false when none is left to hand out. */
async function deliverBatch(db: Db, batch: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [notice] = await queryRows<{
      id: string;
      text: string;
      created_at: string;
      next_user_id: string | null;
    }>(
      tx,
      sql`select id, text, created_at::text, next_user_id from notification_broadcasts
          where done_at is null order by created_at limit 1 for update skip locked`,
    );
    if (!notice) return false;
    const after = notice.next_user_id === null ? sql`` : sql`and user_id > ${notice.next_user_id}`;
    const [told] = await queryRows<{ last: string | null; count: number }>(
      tx,
      sql`with members as (
            select user_id from profiles
            where created_at <= ${notice.created_at}::timestamptz ${after}
            order by user_id limit ${batch}),
          made as (
            insert into notifications (user_id, kind, detail)
            select user_id, 'admin_notice', ${notice.text} from members returning 1)
          select (select max(user_id) from members) as last, (select count(*)::int from made) as count`,
    );
    const count = told?.count ?? 0;
    await tx.execute(sql`update notification_broadcasts
      set next_user_id = coalesce(${told?.last ?? null}, next_user_id),
          done_at = case when ${count} < ${batch} then now() end
      where id = ${notice.id}::uuid`);
    return true;
  });
}

/**
 * Hands out every unfinished notice, a batch at a time. Once `stopping` is aborted (shutdown) it ends
 * after the batch at hand: the notice's row says where the next instance to look resumes.
 */
export async function deliverBroadcasts(db: Db, batch = BATCH, stopping?: AbortSignal): Promise<void> {
  while (!stopping?.aborted && (await deliverBatch(db, batch))) {
    // the next batch, or the next notice
  }
}

/** The job of handing out notices; `wake` when one was just queued. */
export type Broadcasts = Job;

/** The job: now, on `wake`, and every `intervalMs` (job-runner.ts). */
export function startBroadcasts(options: { db: Db; logger: Logger; intervalMs?: number }): Broadcasts {
  return startJob({
    name: 'admin-notices',
    intervalMs: options.intervalMs ?? 60_000,
    run: (stopping) => deliverBroadcasts(options.db, BATCH, stopping),
    logger: options.logger,
  });
}
