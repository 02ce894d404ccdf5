// The transparency report's figures, counted from the ledger by month on the campuses' clock. Each
// count under SMALLEST_EXACT_FIGURE leaves here only as "fewer than 5", and a median over fewer than
// SMALLEST_MEDIAN_SAMPLE waits not at all: the exact small numbers never reach the answer, so no page
// or client can show them. No published figure is the sum of others (there is no total of the
// reasons; held posts are counted in the month they were held, decisions in the month they were made),
// so a hidden one cannot be found by subtraction.
import { sql } from 'drizzle-orm';
import type { PublishedCount, TransparencyMonth, TransparencyReport } from '../../../shared/transparency';
import { REPORT_REASONS, type ReportReason } from '../../../shared/values/reports';
import {
  SMALLEST_EXACT_FIGURE,
  SMALLEST_MEDIAN_SAMPLE,
  TRANSPARENCY_MONTHS,
  TRANSPARENCY_TIME_ZONE,
} from '../../../shared/values/transparency';
import { type Db, queryRows } from '../../db/client';

interface Row {
  month: string;
  kind: string;
  /** Null in the rows that count a kind whatever its detail. */
  detail: string | null;
  /** 1 when the row is a kind's total over every detail (GROUPING of `detail`). */
  whole: number;
  count: number;
  median_seconds: number | null;
}

export function publish(count: number): PublishedCount {
  return count >= SMALLEST_EXACT_FIGURE ? { exact: count } : { fewerThan: SMALLEST_EXACT_FIGURE };
}

function medianHours(count: number, seconds: number | null): number | null {
  if (count < SMALLEST_MEDIAN_SAMPLE || seconds === null) return null;
  return Math.round((seconds / 3600) * 10) / 10;
}

/** `YYYY-MM` of the month `back` months before `month`. */
function monthBefore(month: string, back: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The report: every month from the ledger's first (at most TRANSPARENCY_MONTHS back) to this one,
 * newest first, months with nothing in them included (a quiet month is a figure too).
 */
export async function readTransparencyReport(db: Db): Promise<TransparencyReport> {
  const zone = TRANSPARENCY_TIME_ZONE;
  const [now] = await queryRows<{ month: string; first: string | null }>(
    db,
    sql`select to_char(now() at time zone ${zone}, 'YYYY-MM') as month,
          (select to_char(min(at) at time zone ${zone}, 'YYYY-MM') from transparency_events) as first`,
  );
  const current = now?.month ?? new Date().toISOString().slice(0, 7);
  const oldestShown = monthBefore(current, TRANSPARENCY_MONTHS - 1);
  // With nothing in the ledger yet, this month alone.
  const first = !now?.first ? current : now.first > oldestShown ? now.first : oldestShown;
  // From the first instant of the oldest month shown, on the campuses' clock (the index on `at`).
  const rows = await queryRows<Row>(
    db,
    sql`
      select to_char(at at time zone ${zone}, 'YYYY-MM') as month, kind, detail,
        grouping(detail) as whole, count(*)::int as count,
        percentile_cont(0.5) within group (order by waited_seconds) as median_seconds
      from transparency_events
      where at >= (${`${first}-01`}::timestamp at time zone ${zone})
      group by grouping sets ((month, kind, detail), (month, kind))`,
  );

  const byMonth = new Map<string, Row[]>();
  for (const row of rows) {
    const month = byMonth.get(row.month);
    if (month) month.push(row);
    else byMonth.set(row.month, [row]);
  }

  const months: TransparencyMonth[] = [];
  for (let back = 0; ; back++) {
    const month = monthBefore(current, back);
    if (month < first) break;
    months.push(monthFigures(month, month === current, byMonth.get(month) ?? []));
  }
  return { timeZone: zone, months };
}

function monthFigures(month: string, partial: boolean, rows: Row[]): TransparencyMonth {
  const find = (kind: string, detail?: string) =>
    rows.find((row) => row.kind === kind && (detail === undefined ? row.whole === 1 : row.detail === detail));
  const count = (kind: string, detail?: string) => find(kind, detail)?.count ?? 0;
  const median = (kind: string) => {
    const row = find(kind);
    return medianHours(row?.count ?? 0, row?.median_seconds ?? null);
  };
  return {
    month,
    partial,
    reportsByReason: REPORT_REASONS.map((reason: ReportReason) => ({
      reason,
      count: publish(count('report_received', reason)),
    })),
    postsHeld: publish(count('post_held')),
    heldApproved: publish(count('held_decided', 'approved')),
    heldRemoved: publish(count('held_decided', 'removed')),
    postsRemoved: publish(count('post_removed')),
    appealsMade: publish(count('appeal_made')),
    appealsOverturned: publish(count('appeal_decided', 'overturned')),
    medianHoursToAction: median('report_actioned'),
    medianHoursHeld: median('held_decided'),
  };
}
