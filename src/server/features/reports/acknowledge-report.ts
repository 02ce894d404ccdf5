import { sql } from 'drizzle-orm';
import type { RowId } from '../../../shared/path-params';
import { type Db, queryRows } from '../../db/client';
import { recordModeration } from '../moderation-log';

export type Acknowledged =
  | { outcome: 'acknowledged'; acknowledgedAt: Date }
  | { outcome: 'resolved' }
  | { outcome: 'missing' };

/**
 * Staff acknowledge an unresolved report (issue #47): seen and being worked, which stops its 24-hour
 * clock (report-clocks.ts) without deciding it. The first acknowledgement since it opened is logged;
 * asking again answers the same time and logs nothing. A report on a deleted post is missing; a
 * resolved one has no clock to stop.
 */
export async function acknowledgeReport(
  db: Db,
  options: { reportId: RowId; staffId: string },
): Promise<Acknowledged> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ post_id: string; resolved: boolean; at: string | null; fresh: boolean }>(
      tx,
      sql`with target as (
          select r.id, r.post_id, r.resolved is true as resolved, r.acknowledged_at
          from reports r join posts p on p.id = r.post_id
          where r.id = ${options.reportId}::uuid and not p.deleted
          for update of r
        ),
        marked as (
          update reports set acknowledged_at = now()
          where id in (select id from target where not resolved and acknowledged_at is null)
          returning id
        )
        select t.post_id, t.resolved, coalesce(t.acknowledged_at, now())::text as at,
          exists (select 1 from marked) as fresh
        from target t`,
    );
    if (!row) return { outcome: 'missing' };
    if (row.resolved) return { outcome: 'resolved' };
    if (row.fresh) {
      await recordModeration(tx, {
        actorId: options.staffId,
        action: 'report_acknowledged',
        postId: row.post_id,
      });
    }
    return { outcome: 'acknowledged', acknowledgedAt: new Date(row.at ?? '') };
  });
}
