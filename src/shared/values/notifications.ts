// The zod-free half of the notifications contract (../notifications.ts): kinds and messages.

/** What a notification is about (issue #28). Only likes are made so far; the rest follow. */
export const NOTIFICATION_KINDS = [
  'post_liked',
  'askline_answered',
  'askline_verified',
  'askline_rejected',
  'report_outcome',
  'post_removed',
  'admin_notice',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Likes on one post are one notification a day, in the campuses' own calendar. */
export const NOTIFICATION_DAY_ZONE = 'Asia/Kolkata';

export const NOTIFICATION_MESSAGES = {
  signedOut: 'You must be logged in to see your notifications',
  missing: 'That notification does not exist.',
} as const;
