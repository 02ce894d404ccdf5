import { sql } from 'drizzle-orm';
import type { ReportReason } from '../../../shared/reports';
import { type Db, queryRows } from '../../db/client';

/**
 * Reports a post for one person (issue «Moderation» 1), in one statement so counts stay exact under any
 * concurrency: the person's reason row goes in only if they have not reported this post before; only
 * then does the report's count rise (the first report creates it with 1), and only then is the reporter
 * told it was received (issue #47: a `report_received` notification naming only the post, in the same
 * statement, so a repeat sends none) and counted once in the transparency ledger. A resolved report
 * that gets a new reporter opens again, and its clocks start again (report-clocks.ts). Answers false when the post does not exist or is deleted.
 */
export async function reportPost(
  db: Db,
  options: { postId: string; reporterId: string; reason: ReportReason; detail: string | null },
): Promise<boolean> {
  const { postId, reporterId, reason, detail } = options;
  const rows = await queryRows<{ live: boolean }>(
    db,
    sql`
      with target as (
        select id from posts where id = ${postId}::uuid and not deleted
      ),
      entry as (
        insert into report_reasons (post_id, reporter_id, reason, detail)
        select id, ${reporterId}, ${reason}, ${detail} from target
        on conflict (post_id, reporter_id) do nothing
        returning post_id, reporter_id
      ),
      counted as (
        insert into reports (post_id, report_count)
        select post_id, 1 from entry
        on conflict (post_id) do update set
          report_count = reports.report_count + 1,
          resolved = case when reports.resolved then false else reports.resolved end,
          resolved_by = case when reports.resolved then null else reports.resolved_by end,
          opened_at = case when reports.resolved then now() else reports.opened_at end,
          acknowledged_at = case when reports.resolved then null else reports.acknowledged_at end
        returning post_id
      ),
      told as (
        insert into notifications (user_id, kind, post_id)
        select reporter_id, 'report_received', post_id from entry
        returning id
      ),
      -- The transparency figures (features/transparency/ledger.ts): the reason, naming no one.
      ledger as (
        insert into transparency_events (kind, detail)
        select 'report_received', ${reason} from entry
        returning id
      )
      select exists (select 1 from target) as live, (select count(*) from counted) as counted,
        (select count(*) from told) as told, (select count(*) from ledger) as ledger
    `,
  );
  return rows[0]?.live === true;
}
