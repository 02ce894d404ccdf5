import { anonymousLabel } from '../../../shared/replies';
import { REPORT_REASONS, type ReportItem, type ReportReason } from '../../../shared/reports';
import type { Viewer } from '../../auth/viewer';
import type { ObjectStorage } from '../../platform/storage';
import { presentPost } from '../posts';
import type { ReportRow } from './list-reports';
import { clocksOf } from './report-clocks';

const isReason = (value: string): value is ReportReason => REPORT_REASONS.includes(value as ReportReason);

/**
 * A report for staff: its post as everyone else sees it (an anonymous author stays hidden), counts,
 * reasons, and while unresolved its clocks as of `asOf` (report-clocks.ts).
 */
export function presentReport(
  row: ReportRow,
  viewer: Viewer,
  storage: ObjectStorage,
  asOf: Date,
): ReportItem {
  const resolved = row.reportResolved === true;
  return {
    id: row.reportId ?? '',
    count: row.reportCount ?? 0,
    resolved,
    resolvedBy: resolved ? row.resolvedByUsername : null,
    createdAt: row.reportCreatedAt.toISOString(),
    reasons: row.reasons.flatMap(({ reason, count }) => (isReason(reason) ? [{ reason, count }] : [])),
    details: row.details,
    clocks: resolved
      ? null
      : clocksOf({ openedAt: row.reportOpenedAt, acknowledgedAt: row.reportAcknowledgedAt }, asOf),
    post: row.threadId ? asReply(presentPost(row, viewer, storage)) : presentPost(row, viewer, storage),
    reply: row.threadId
      ? {
          postId: row.threadId,
          postContent: row.threadContent,
          label: row.isAnonymous && row.threadLabel !== null ? anonymousLabel(row.threadLabel) : null,
        }
      : null,
  };
}

/** A reply is not liked or hidden as a post is (it is read, and muted, in its thread). */
function asReply(post: ReportItem['post']): ReportItem['post'] {
  return { ...post, viewer: { ...post.viewer, canLike: false, canHide: false } };
}
