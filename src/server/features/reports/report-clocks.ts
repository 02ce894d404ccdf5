// The grievance clocks of India's IT Rules 2021, rule 3(2) (issue #47): an unresolved report is to be
// acknowledged by staff within 24 hours and resolved within 15 days of opening (its first report, or
// opening again after it was resolved: reports.opened_at). "Acknowledged" is a staff action on the
// report or its post since it opened: acknowledging it, resolving or reopening it, deleting the post
// (reports.acknowledged_at, set by each). Suspending the author is not one: it acts on the account, and
// a suspension sealed through an anonymous post must change nothing staff can see (issue «Trust» 1).
// The rule is written here once, for the per-report states the queue shows and for the counts (the
// same comparisons, in SQL), and read at the database's clock, the one that dated the reports.
import { sql } from 'drizzle-orm';
import { type ClockState, REPORT_CLOCKS, type ReportClocks } from '../../../shared/reports';
import { type Db, queryRows } from '../../db/client';

const HOUR_MS = 3_600_000;
const ACKNOWLEDGE_MS = REPORT_CLOCKS.acknowledgeHours * HOUR_MS;
const RESOLVE_MS = REPORT_CLOCKS.resolveDays * 24 * HOUR_MS;

/** An unresolved report's clocks at `asOf`: past a limit only once more than its whole span went by. */
export function clocksOf(report: { openedAt: Date; acknowledgedAt: Date | null }, asOf: Date): ReportClocks {
  const age = asOf.getTime() - report.openedAt.getTime();
  const opened = report.openedAt.getTime();
  const state = (limit: number): ClockState => (age > limit ? 'overdue' : 'due');
  return {
    openedAt: report.openedAt.toISOString(),
    acknowledge: {
      state: report.acknowledgedAt ? 'done' : state(ACKNOWLEDGE_MS),
      dueAt: new Date(opened + ACKNOWLEDGE_MS).toISOString(),
    },
    resolve: { state: state(RESOLVE_MS), dueAt: new Date(opened + RESOLVE_MS).toISOString() },
  };
}

export interface OverdueCounts {
  resolve: number;
  acknowledge: number;
}

/**
 * How many unresolved reports on live posts are past each limit, in one statement. Reads the open
 * reports through their partial index (as the Unresolved tab does), which staff keep short.
 */
export async function countOverdue(db: Db): Promise<OverdueCounts> {
  const [row] = await queryRows<OverdueCounts>(
    db,
    sql`select
        count(*) filter (
          where r.opened_at < now() - make_interval(days => ${REPORT_CLOCKS.resolveDays}))::int as resolve,
        count(*) filter (
          where r.acknowledged_at is null
            and r.opened_at < now() - make_interval(hours => ${REPORT_CLOCKS.acknowledgeHours}))::int as acknowledge
      from reports r join posts p on p.id = r.post_id
      where r.resolved is not true and not p.deleted`,
  );
  return row ?? { resolve: 0, acknowledge: 0 };
}
