// Sends the pushes owed (issue #51; queue-pushes.ts writes them), as the mail outbox sends mail
// (platform/mail.ts): every instance claims due rows FOR UPDATE SKIP LOCKED under a lease, so two
// never send the same push, and one that dies while sending leaves it due again when the lease ends.
// What the push service answers decides what follows:
// - 2xx: sent. What was owed goes; changes made meanwhile stay owed (for likes, until the grouping
//   pause after this push is over).
// - 404 or 410: the device unsubscribed, or its subscription expired: it is deleted, with all it was
//   owed (RFC 8030 §7.3).
// - 400, 413: this push can never go (the service said what is wrong with it): it is given up.
// - anything else (429, 5xx, 401/403, no answer in time, an address refused at connect time): tried
//   again after a pause that doubles each time (a 429's Retry-After when longer), given up after a
//   few attempts.
// The payload is the kind alone, encrypted for the device: never a post's words, never a name.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { NotificationKind } from '../../../shared/notifications';
import type { PushPayload } from '../../../shared/values/push';
import { type Db, queryRows } from '../../db/client';
import { startJob } from '../../platform/job-runner';
import { groupingMs, timeToLiveSeconds, urgencyOf } from './push-timing';
import type { PushAnswer, PushSender } from './send-push';

const MINUTE = 60_000;

export interface PushDeliveryOptions {
  db: Db;
  sender: PushSender;
  /** The VAPID public key: a device subscribed with another one (rotated since) is deleted, not sent to. */
  serverKey: string;
  logger: Logger;
  /** The pause after a look before the next (pushes owed by other instances, retries now due). */
  pollMs?: number;
  /** How long a claimed push is left to its sender before another instance may take it. */
  leaseMs?: number;
  /** The pause after a first failure; it doubles with each further one, up to `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** Attempts before a push is given up. */
  maxAttempts?: number;
  /** Rows claimed at once. */
  batchSize?: number;
  /** Pushes in flight at once. */
  concurrency?: number;
}

/** What a test may tune of the delivery job. */
export type PushDeliveryTimings = Partial<
  Pick<PushDeliveryOptions, 'pollMs' | 'leaseMs' | 'retryBaseMs' | 'maxRetryMs' | 'maxAttempts'>
>;

export interface PushDelivery {
  /** Looks for due pushes now (some were just owed). */
  wake(): void;
  settle(): Promise<void>;
  /** Finishes the batch being sent and stops looking. */
  stop(): Promise<void>;
}

interface Claimed {
  subscription_id: string;
  kind: NotificationKind;
  pending: number;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  server_key: string;
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; reason: string; retryAfterMs: number | null };

export function startPushDelivery({
  db,
  sender,
  serverKey,
  logger,
  pollMs = 5_000,
  leaseMs = 2 * MINUTE,
  retryBaseMs = 30_000,
  maxRetryMs = 60 * MINUTE,
  maxAttempts = 5,
  batchSize = 50,
  concurrency = 8,
}: PushDeliveryOptions): PushDelivery {
  async function claim(): Promise<Claimed[]> {
    return queryRows<Claimed>(
      db,
      sql`update push_deliveries d set due_at = now() + ${leaseMs} * interval '1 millisecond'
          from push_subscriptions s
          where s.id = d.subscription_id and (d.subscription_id, d.kind) in (
            select subscription_id, kind from push_deliveries
            where pending > 0 and due_at <= now()
            order by due_at limit ${batchSize}
            for update skip locked)
          returning d.subscription_id, d.kind, d.pending, d.attempts, s.endpoint, s.p256dh, s.auth, s.server_key`,
    );
  }

  async function deliver(row: Claimed): Promise<Outcome> {
    if (row.server_key !== serverKey) return { kind: 'gone', status: 0 };
    const payload: PushPayload = { kind: row.kind };
    let answer: PushAnswer;
    try {
      answer = await sender.send(row, JSON.stringify(payload), {
        ttlSeconds: timeToLiveSeconds(row.kind),
        urgency: urgencyOf(row.kind),
        // A newer push of a kind replaces one the service still holds for an offline device.
        topic: row.kind.replace(/_/g, '-'),
      });
    } catch (error) {
      return {
        kind: 'failed',
        reason: error instanceof Error ? error.message : String(error),
        retryAfterMs: null,
      };
    }
    if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
    if (answer.status === 404 || answer.status === 410) return { kind: 'gone', status: answer.status };
    const reason = `${answer.status} ${answer.body.slice(0, 200)}`.trim();
    if (answer.status === 400 || answer.status === 413) return { kind: 'refused', reason };
    return { kind: 'failed', reason, retryAfterMs: retryAfterMs(answer.retryAfter) };
  }

  async function settleRow(row: Claimed, outcome: Outcome) {
    const which = sql`subscription_id = ${row.subscription_id}::uuid and kind = ${row.kind}`;
    switch (outcome.kind) {
      case 'sent':
        await db.execute(sql`
          update push_deliveries set pending = greatest(pending - ${row.pending}, 0), sent_at = now(),
            attempts = 0, last_error = null,
            due_at = now() + ${groupingMs(row.kind)} * interval '1 millisecond'
          where ${which}`);
        await db.execute(
          sql`update push_subscriptions set last_success_at = now() where id = ${row.subscription_id}::uuid`,
        );
        return;
      case 'gone':
        await db.execute(sql`delete from push_subscriptions where id = ${row.subscription_id}::uuid`);
        return;
      case 'refused':
        logger.warn(
          { kind: row.kind, reason: outcome.reason },
          'a push service refused a push; it is given up',
        );
        await giveUp(row, outcome.reason);
        return;
      case 'failed': {
        const attempts = row.attempts + 1;
        if (attempts >= maxAttempts) {
          logger.warn(
            { kind: row.kind, attempts, reason: outcome.reason },
            'a push could not be sent and is given up',
          );
          await giveUp(row, outcome.reason);
          return;
        }
        const pauseMs = Math.min(
          Math.max(retryBaseMs * 2 ** (attempts - 1), outcome.retryAfterMs ?? 0),
          maxRetryMs,
        );
        await db.execute(sql`
          update push_deliveries set attempts = ${attempts}, last_error = ${outcome.reason.slice(0, 500)},
            due_at = now() + ${pauseMs} * interval '1 millisecond'
          where ${which}`);
        return;
      }
    }
  }

  /** The changes this push was for go unpushed; any made since are owed anew. */
  async function giveUp(row: Claimed, reason: string) {
    await db.execute(sql`
      update push_deliveries set pending = greatest(pending - ${row.pending}, 0), attempts = 0,
        last_error = ${reason.slice(0, 500)}, due_at = now()
      where subscription_id = ${row.subscription_id}::uuid and kind = ${row.kind}`);
  }

  async function sendDue(stopping: AbortSignal): Promise<void> {
    for (;;) {
      const rows = await claim();
      let next = 0;
      const worker = async () => {
        while (next < rows.length) {
          const row = rows[next++] as Claimed;
          await settleRow(row, await deliver(row));
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
      if (rows.length < batchSize || stopping.aborted) return;
    }
  }

  const job = startJob({ name: 'push-delivery', intervalMs: pollMs, run: sendDue, logger });
  return {
    wake: job.wake,
    settle: job.settle,
    async stop() {
      await job.stop();
      sender.close();
    },
  };
}

/** A Retry-After in seconds or as a date, in milliseconds from now; null when there is none. */
function retryAfterMs(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
