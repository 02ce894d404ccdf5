// Writes the transparency report's ledger (db/schema.ts `transparencyEvents`): one row per event, in
// the transaction of the event, naming no person and no post.
import { type SQL, sql } from 'drizzle-orm';
import type { ReportReason } from '../../../shared/values/reports';
import type { Db } from '../../db/client';
import { transparencyEvents } from '../../db/schema';

/** A database or a transaction. */
type Writer = Pick<Db, 'insert'>;

export type TransparencyEvent =
  | { kind: 'report_received'; reason: ReportReason }
  /** Staff's first action on a report (resolved, or its post removed), and when the report came. */
  | { kind: 'report_actioned'; waitingSince: Date | SQL }
  | { kind: 'post_held' }
  | { kind: 'held_decided'; outcome: 'approved' | 'removed'; waitingSince: Date | SQL }
  | { kind: 'post_removed' }
  | { kind: 'appeal_made' }
  | { kind: 'appeal_decided'; outcome: 'upheld' | 'overturned'; waitingSince: Date | SQL };

/** Seconds from `since` to this transaction's time, whole, never below 0 (clocks of two servers). */
const secondsSince = (since: Date | SQL) =>
  sql`greatest(0, floor(extract(epoch from now() - ${since instanceof Date ? sql`${since.toISOString()}::timestamptz` : since})))::integer`;

/** Records one event of the report. Call it inside the transaction of the change it counts. */
export async function recordTransparency(db: Writer, event: TransparencyEvent): Promise<void> {
  await db.insert(transparencyEvents).values({
    kind: event.kind,
    detail: 'reason' in event ? event.reason : 'outcome' in event ? event.outcome : null,
    waitedSeconds: 'waitingSince' in event ? secondsSince(event.waitingSince) : null,
  });
}
