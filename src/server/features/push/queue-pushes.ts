// Which pushes are owed (issue #51), worked out in the background, never in a request. A request that
// makes or moves up a notification (a reply, a like, a staff decision, the admins' notice) does what it
// did before and no more: whether its recipient has push on never changes what the writer's request
// does or how long it takes. Every change of someone's notifications is already said on the
// notifications_changed channel, with their ids (migration 0014's triggers; the like and reply routes
// after they answer: features/notifications/live.ts); this job hears it, on every instance, and for
// each person heard who has a device taking pushes, in one transaction holding their cursor row
// (FOR UPDATE SKIP LOCKED: one instance at a time per person):
// - reads what changed since their cursor that the bell would count and that they push (their
//   choice per kind, notifications/settings.ts), less what was pushed already;
// - adds one owed push per device and kind (push_deliveries: changes made while one waits go with it)
//   and wakes the delivery job;
// - marks what it took, and moves the cursor to a minute ago: a change committed by a transaction
//   that began before the cursor moved is still found (its updated_at is its transaction's start), and
//   the marks keep a change found twice from being pushed twice.
// Notices can be missed (a lost listening connection, an instance that was stopped): at start, after
// a lost connection, on '*' (more than a hundred people at once) and once a minute, it looks at
// everyone with a device instead. Who has a device is kept in memory, read again at each of those
// looks and told at once of a device saved here, so a change of someone with none (most people)
// costs this job no query: an instance that has not heard of a device yet leaves its pushes to the
// instance that saved it, or to its own next look a minute later.
import { type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { NotificationKind } from '../../../shared/notifications';
import type { Database, Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { startJob } from '../../platform/job-runner';
import { changedForPush, NOTIFICATIONS_CHANNEL } from '../notifications';
import { groupingMs } from './push-timing';

/** How far back the cursor stays: a transaction that commits a notification later than this after it began is not pushed. */
export const SETTLE_MS = 60_000;
/** A change older than this is not pushed (the server was stopped meanwhile): it is old news. */
export const STALE_MS = 60 * 60_000;
/** Changes read per person per transaction. */
const CHANGES_PER_LOOK = 200;
/** People looked at per sweep query. */
const PEOPLE_PER_SWEEP = 500;
/** When a person's cursor is held by another instance, how soon to look again. */
const BUSY_RETRY_MS = 1_000;

export interface PushQueue {
  /** Looks for everyone's owed pushes now (tests), or right after the look in flight. */
  wake(): void;
  /** `userId` has a device taking pushes now (saved by this instance). */
  deviceSaved(userId: string): void;
  /** Resolves once what was heard before the call has been looked at. */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

export interface PushQueueOptions {
  database: Pick<Database, 'db' | 'listen'>;
  /** The VAPID public key: only devices subscribed with it are pushed to. */
  serverKey: string;
  logger: Logger;
  /** Told when pushes were owed (the delivery job). */
  queued: () => void;
  /** The pause between looks at everyone (notices missed). */
  sweepMs?: number;
}

export function startPushQueue({
  database,
  serverKey,
  logger,
  queued,
  sweepMs = 60_000,
}: PushQueueOptions): PushQueue {
  const { db } = database;
  const heard = new Set<string>();
  /** People with a device taking pushes, as last read (and told since). */
  let devices = new Set<string>();
  // At start, everyone: changes made while no instance was listening.
  let everyone = true;
  let retry: NodeJS.Timeout | undefined;
  let lastSweep = 0;

  async function run(stopping: AbortSignal) {
    // Everyone when told to, when woken by nothing (the timer), and at least once per sweepMs however
    // often notices come.
    const sweep = everyone || heard.size === 0 || Date.now() - lastSweep >= sweepMs;
    everyone = false;
    if (sweep) lastSweep = Date.now();
    const ids = [...heard];
    heard.clear();
    const busy: string[] = [];
    let owed = false;
    const look = async (people: string[]) => {
      for (const userId of people) {
        if (stopping.aborted) {
          busy.push(userId);
          continue;
        }
        const outcome = await queueFor(db, userId, serverKey);
        if (outcome === 'busy' || outcome === 'more') busy.push(userId);
        if (outcome === 'queued' || outcome === 'more') owed = true;
      }
    };
    if (sweep) {
      // Devices made for keys since rotated are never pushed to again (the browser subscribes anew).
      await db.execute(sql`delete from push_subscriptions where server_key <> ${serverKey}`);
      devices = await peopleWithDevices(db, serverKey);
      let after = '';
      for (;;) {
        const people = await peopleWithChanges(db, serverKey, after);
        await look(people);
        const last = people.at(-1);
        if (!last || people.length < PEOPLE_PER_SWEEP || stopping.aborted) break;
        after = last;
      }
    } else {
      await look(ids.filter((id) => devices.has(id)));
    }
    if (owed) queued();
    if (busy.length > 0 && !stopping.aborted) {
      for (const userId of busy) heard.add(userId);
      clearTimeout(retry);
      retry = setTimeout(() => job.wake(), BUSY_RETRY_MS);
      retry.unref();
    }
  }

  const job = startJob({ name: 'push-queue', intervalMs: sweepMs, run, logger });
  let lost = false;
  const listening = database.listen(NOTIFICATIONS_CHANNEL, {
    onNotice(payload) {
      if (payload === '*') everyone = true;
      else for (const id of payload.split(',')) heard.add(id);
      job.wake();
    },
    onListening() {
      if (lost) {
        everyone = true;
        job.wake();
      }
      lost = false;
    },
    onLost() {
      lost = true;
    },
  });

  return {
    wake() {
      everyone = true;
      job.wake();
    },
    deviceSaved(userId) {
      devices.add(userId);
    },
    async settle() {
      await listening.settle();
      await job.settle();
    },
    async stop() {
      // The listening connection ends with the database; the job starts no further look.
      clearTimeout(retry);
      await job.stop();
    },
  };
}

/** Everyone with a device taking pushes. */
async function peopleWithDevices(db: Db, serverKey: string): Promise<Set<string>> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct user_id from push_subscriptions where server_key = ${serverKey}`,
  );
  return new Set(rows.map((row) => row.user_id));
}

/** People with a device whose notifications changed after their cursor, in id order after `after`. */
async function peopleWithChanges(db: Db, serverKey: string, after: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select c.user_id from push_cursors c
        where c.user_id > ${after}
          and exists (select 1 from push_subscriptions s where s.user_id = c.user_id and s.server_key = ${serverKey})
          and exists (select 1 from notifications n
            where n.user_id = c.user_id and n.updated_at > c.pushed_through and n.read_at is null)
        order by c.user_id
        limit ${PEOPLE_PER_SWEEP}`,
  );
  return rows.map((row) => row.user_id);
}

/**
 * One person's owed pushes, in one transaction holding their cursor. 'busy': another instance holds
 * it; 'more': there was more than one look's worth (look again).
 */
export async function queueFor(
  db: Db,
  userId: string,
  serverKey: string,
): Promise<'none' | 'queued' | 'more' | 'busy'> {
  return db.transaction(async (tx) => {
    const [cursor] = await queryRows<{ pushed_through: string }>(
      tx,
      sql`select pushed_through::text from push_cursors where user_id = ${userId} for update skip locked`,
    );
    if (!cursor) {
      const [held] = await queryRows<{ user_id: string }>(
        tx,
        sql`select user_id from push_cursors where user_id = ${userId}`,
      );
      return held ? 'busy' : 'none';
    }
    const changes = await changedForPush(tx, userId, {
      since: cursor.pushed_through,
      withinMs: STALE_MS,
      unless: sql`exists (select 1 from push_marks m where m.notification_id = n.id and m.changed_at = n.updated_at)`,
      limit: CHANGES_PER_LOOK,
    });
    const more = changes.length === CHANGES_PER_LOOK;
    if (changes.length > 0) {
      const byKind = new Map<NotificationKind, number>();
      for (const change of changes) byKind.set(change.kind, (byKind.get(change.kind) ?? 0) + 1);
      const kinds = JSON.stringify([...byKind].map(([kind, count]) => ({ kind, count })));
      // A push already owed takes the new changes with it, at its time; one owed anew is due now, or
      // for a kind pushed grouped, a while after the last push of it.
      await tx.execute(sql`
        insert into push_deliveries (subscription_id, kind, pending, due_at)
        select s.id, k.kind, k.count, now()
        from push_subscriptions s, jsonb_to_recordset(${kinds}::jsonb) as k(kind text, count int)
        where s.user_id = ${userId} and s.server_key = ${serverKey}
        on conflict (subscription_id, kind) do update set
          pending = push_deliveries.pending + excluded.pending,
          due_at = case when push_deliveries.pending > 0 then push_deliveries.due_at
            else greatest(now(), coalesce(push_deliveries.sent_at, '-infinity'::timestamptz)
              + ${groupingSql()}) end`);
      const marks = JSON.stringify(
        changes.map((change) => ({ id: change.id, changed_at: change.changedAt })),
      );
      await tx.execute(sql`
        insert into push_marks (notification_id, user_id, changed_at)
        select m.id, ${userId}, m.changed_at from jsonb_to_recordset(${marks}::jsonb) as m(id uuid, changed_at timestamptz)
        on conflict (notification_id) do update set changed_at = excluded.changed_at`);
    }
    // Up to a minute ago, or (more to read) to just before the last change read: changes of that same
    // instant not read yet are read next time, and the marks leave out those that were.
    const through: SQL = more
      ? sql`least(now() - ${SETTLE_MS} * interval '1 millisecond',
          ${changes.at(-1)?.changedAt}::timestamptz - interval '1 microsecond')`
      : sql`now() - ${SETTLE_MS} * interval '1 millisecond'`;
    await tx.execute(sql`
      with moved as (
        update push_cursors set pushed_through = greatest(pushed_through, ${through})
        where user_id = ${userId} returning pushed_through)
      delete from push_marks m using moved where m.user_id = ${userId} and m.changed_at <= moved.pushed_through`);
    if (more) return 'more';
    return changes.length > 0 ? 'queued' : 'none';
  });
}

/** How long after a push of `push_deliveries.kind` the next may go (SQL over the conflicting row). */
function groupingSql(): SQL {
  return sql`case excluded.kind when 'post_liked' then ${groupingMs('post_liked')} * interval '1 millisecond' else interval '0' end`;
}
