// The zod-free half of the report contract (../reports.ts): messages, reasons, tabs and log labels, for
// the pages every visitor opens (decision 013).

export const REPORT_MESSAGES = {
  reported: 'Reported!',
  failed: 'Failed to report',
  moderatorsCannot: "Moderators can't report",
  adminsCannot: "Admins can't report posts.",
  ownPost: 'You cannot report your own post.',
  signedOut: 'Sign in to report a post.',
  resolveFailed: 'Failed to resolve report. Please try again.',
  unresolveFailed: 'Failed to unresolve report. Please try again.',
  deleteFailed: 'Failed to delete post. Please try again.',
  loadFailed: 'Failed to load reports. Please try again.',
  notFound: 'Report not found.',
  staffOnly: 'Only admins and moderators can see reports.',
  detailRequired: 'Please say briefly what is wrong.',
  detailTooLong: 'Please keep it under 200 characters.',
  acknowledgeFailed: 'Failed to acknowledge the report. Please try again.',
  alreadyResolved: 'This report is resolved: there is nothing to acknowledge.',
} as const;

/**
 * The grievance clocks of India's IT Rules 2021, rule 3(2): a report is acknowledged by staff within
 * 24 hours and resolved within 15 days of coming in (or of opening again). The server decides each
 * report's state from these (features/reports/report-clocks.ts); the page shows what it is told.
 */
export const REPORT_CLOCKS = { acknowledgeHours: 24, resolveDays: 15 } as const;

/** Where a report stands against one clock: done (acknowledged), still due, or past its limit. */
export const CLOCK_STATES = ['done', 'due', 'overdue'] as const;
export type ClockState = (typeof CLOCK_STATES)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'personal_information',
  'self_harm',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  hate: 'Hate',
  personal_information: 'Personal information',
  self_harm: 'Self-harm',
  other: 'Something else',
};

export const REPORT_DETAIL_MAX_LENGTH = 200;

export const REPORT_STATUSES = ['unresolved', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * SPEC §2 Reports Sort menu. Most Reported is the default, except that the Unresolved tab opens oldest
 * first while any unresolved report is past its 15 days (the server decides and says which it applied).
 */
export const REPORT_SORTS = ['most_reported', 'newest', 'oldest'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const REPORT_SORT_LABELS: Record<ReportSort, string> = {
  most_reported: 'Most Reported',
  newest: 'Newest First',
  oldest: 'Oldest First',
};

export const MODERATION_ACTIONS = [
  'report_resolved',
  'report_unresolved',
  'post_deleted',
  'askline_verified',
  'askline_rejected',
  'role_changed',
  'user_suspended',
  'user_restored',
  'held_approved',
  'held_removed',
  'appeal_upheld',
  'appeal_overturned',
  'report_acknowledged',
  'word_list_added',
  'word_list_removed',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  report_resolved: 'Resolved a report',
  report_unresolved: 'Reopened a report',
  post_deleted: 'Deleted a post',
  askline_verified: 'Verified an askline',
  askline_rejected: 'Rejected an askline',
  role_changed: 'Changed a role',
  user_suspended: 'Suspended an account',
  user_restored: 'Restored an account',
  held_approved: 'Approved a held post',
  held_removed: 'Removed a held post',
  appeal_upheld: 'Upheld a removal on appeal',
  appeal_overturned: 'Overturned a removal on appeal',
  report_acknowledged: 'Acknowledged a report',
  word_list_added: 'Added to a word list',
  word_list_removed: 'Removed from a word list',
};
