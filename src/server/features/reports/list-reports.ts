import { and, asc, desc, eq, isNotNull, not, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ReportSort, ReportStatus } from '../../../shared/reports';
import { type Db, queryRows } from '../../db/client';
import { cursorCount, cursorTime, decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import { posts, reports } from '../../db/schema';
import { type PostRow, selectPostsWith } from '../posts';

const PAGE_SIZE = 12;
const countCursor = z.tuple([cursorCount, cursorTime, z.uuid()]);
const timeCursor = z.tuple([cursorTime, z.uuid()]);

export interface ReportRow extends PostRow {
  reasons: { reason: string; count: number }[];
  details: string[];
  resolvedByUsername: string | null;
  reportCreatedAt: Date;
  reportCreatedAtExact: string;
  reportOpenedAt: Date;
  reportAcknowledgedAt: Date | null;
  threadId: string | null;
  threadLabel: number | null;
  threadContent: string | null;
}

/**
 * One page of reports for staff (SPEC §2 Reports): unresolved (never reviewed or reopened) or resolved,
 * on live posts only, by count or by the report's age, each with its post (author, counts, the
 * viewer's like) and its reasons tallied, in one query, and the database's time it was read at (the
 * clocks are read against it). Age is when a report opened on the Unresolved tab (its clocks' start,
 * report-clocks.ts), when it was first made on the Resolved tab (read in order from its index).
 */
export async function listReports(options: {
  db: Db;
  viewerId: string;
  status: ReportStatus;
  sort: ReportSort;
  cursor: string | undefined;
}): Promise<{ rows: ReportRow[]; nextCursor: string | null; asOf: Date }> {
  const { db, viewerId, status, sort, cursor } = options;
  const ageColumn = status === 'unresolved' ? reports.openedAt : reports.createdAt;
  const age = sql`${ageColumn}`;
  let after: SQL | undefined;
  let order: SQL[];
  if (sort === 'most_reported') {
    const created = sql`${reports.createdAt}`;
    order = [desc(reports.reportCount), desc(reports.createdAt), desc(reports.id)];
    if (cursor) {
      const [count, time, id] = decodeCursor(cursor, countCursor);
      after = sql`(${reports.reportCount}, ${created}, ${reports.id}) < (${count}, ${time}::timestamptz, ${id}::uuid)`;
    }
  } else {
    const newest = sort === 'newest';
    order = newest ? [desc(ageColumn), desc(reports.id)] : [asc(ageColumn), asc(reports.id)];
    if (cursor) {
      const [time, id] = decodeCursor(cursor, timeCursor);
      after = newest
        ? sql`(${age}, ${reports.id}) < (${time}::timestamptz, ${id}::uuid)`
        : sql`(${age}, ${reports.id}) > (${time}::timestamptz, ${id}::uuid)`;
    }
  }
  const rows = await selectPostsWith(db, viewerId, {
    reportOpenedAt: sql<string>`${reports.openedAt}::text`.as('report_opened_at'),
    reportAcknowledgedAt: sql<string | null>`${reports.acknowledgedAt}::text`.as('report_acknowledged_at'),
    reportAgeExact: sql<string>`${age}::text`.as('report_age_exact'),
    asOf: sql<string>`now()::text`.as('as_of'),
    // A reported reply's thread (issue #49): the post's text while it is live, and the reply's label.
    threadId: sql<string | null>`${posts.parentId}`.as('thread_id'),
    threadLabel: sql<number | null>`${posts.anonymousLabel}`.as('thread_label'),
    threadContent: sql<
      string | null
    >`(select t.content from posts t where t.id = ${posts.parentId} and not t.deleted)`.as('thread_content'),
  })
    .where(
      and(
        isNotNull(reports.id),
        not(posts.deleted),
        status === 'resolved' ? eq(reports.resolved, true) : sql`${reports.resolved} IS NOT TRUE`,
        after,
      ),
    )
    .orderBy(...order)
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const extras = await reportExtras(
    db,
    page.flatMap((row) => (row.reportId ? [row.reportId] : [])),
  );
  const last = page.at(-1);
  const lastExtra = last?.reportId ? extras.get(last.reportId) : undefined;
  let nextCursor: string | null = null;
  if (rows.length > PAGE_SIZE && last && lastExtra) {
    nextCursor = encodeCursor(
      sort === 'most_reported'
        ? [last.reportCount, lastExtra.createdAtExact, last.reportId]
        : [last.reportAgeExact, last.reportId],
    );
  }
  return {
    rows: page.map(({ reportOpenedAt, reportAcknowledgedAt, reportAgeExact: _age, asOf: _asOf, ...row }) => {
      const extra = row.reportId ? extras.get(row.reportId) : undefined;
      return {
        ...row,
        reasons: extra?.reasons ?? [],
        details: extra?.details ?? [],
        resolvedByUsername: extra?.resolvedBy ?? null,
        reportCreatedAt: extra ? new Date(extra.createdAtExact) : row.createdAt,
        reportCreatedAtExact: extra?.createdAtExact ?? '',
        reportOpenedAt: new Date(reportOpenedAt),
        reportAcknowledgedAt: reportAcknowledgedAt === null ? null : new Date(reportAcknowledgedAt),
      };
    }),
    nextCursor,
    asOf: rows[0] ? new Date(rows[0].asOf) : new Date(),
  };
}

interface Extra {
  reasons: { reason: string; count: number }[];
  details: string[];
  resolvedBy: string | null;
  createdAtExact: string;
}

/** The reasons tallied per report, the latest explanations and who resolved it: one query per page. */
async function reportExtras(db: Db, reportIds: string[]): Promise<Map<string, Extra>> {
  if (reportIds.length === 0) return new Map();
  const rows = await queryRows<{
    id: string;
    created_at: string;
    resolved_by: string | null;
    reasons: { reason: string; count: number }[];
    details: string[];
  }>(
    db,
    sql`
    select r.id,
      r.created_at::text as created_at,
      (select username from profiles where user_id = r.resolved_by) as resolved_by,
      coalesce((
        select json_agg(json_build_object('reason', t.reason, 'count', t.n) order by t.n desc, t.reason)
        from (select reason, count(*)::int as n from report_reasons where post_id = r.post_id group by reason) t
      ), '[]'::json) as reasons,
      coalesce((
        select json_agg(d.detail order by d.created_at desc)
        from (
          select detail, created_at from report_reasons
          where post_id = r.post_id and detail is not null
          order by created_at desc limit 5
        ) d
      ), '[]'::json) as details
    from reports r
    where r.id in (${sql.join(
      reportIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
  `,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        reasons: row.reasons,
        details: row.details,
        resolvedBy: row.resolved_by,
        createdAtExact: row.created_at,
      },
    ]),
  );
}
