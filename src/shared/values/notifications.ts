// The zod-free half of the notifications contract (../notifications.ts): kinds and messages.

/** What a notification is about (issue #28). */
export const NOTIFICATION_KINDS = [
  'post_liked',
  'askline_answered',
  'askline_verified',
  'askline_rejected',
  'report_received',
  'report_outcome',
  'post_removed',
  'admin_notice',
  'held_approved',
  'held_removed',
  'appeal_decided',
  'post_replied',
  'reply_replied',
  'mentioned',
  'signature_received',
  'book_ready',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Likes on one post are one notification a day, in the campuses' own calendar. */
export const NOTIFICATION_DAY_ZONE = 'Asia/Kolkata';

/** How often a kind is mailed as a digest of what is unread. */
export const NOTIFICATION_DIGESTS = ['daily', 'weekly', 'off'] as const;
export type NotificationDigest = (typeof NOTIFICATION_DIGESTS)[number];

/** A kind never changed: shown in the app, never mailed (mail is for those who ask for it). */
export const NOTIFICATION_DEFAULTS = { inApp: true, digest: 'off' } as const;

export const NOTIFICATION_LIMITS = { notice: 500 } as const;

/** What each kind is called on the settings page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  post_liked: 'Likes on your posts',
  askline_answered: 'Answers to your asklines',
  askline_verified: 'Your askline was verified',
  askline_rejected: 'Your askline was rejected',
  report_received: 'Your reports were received',
  report_outcome: 'What became of your reports',
  post_removed: 'Your post was removed by staff',
  admin_notice: 'Notices from the admins',
  held_approved: 'Your post held for review was approved',
  held_removed: 'Your post held for review was removed',
  appeal_decided: 'Your appeal was decided',
  post_replied: 'Replies to your posts',
  reply_replied: 'Replies to your replies',
  mentioned: 'Mentions of you',
  signature_received: 'Signatures in your yearbook',
  book_ready: 'Your yearbook PDFs are ready',
};

export const NOTIFICATION_MESSAGES = {
  signedOut: 'You must be logged in to see your notifications',
  missing: 'That notification does not exist.',
  badToken:
    'This unsubscribe link is not valid. Change your email settings on the notifications page instead.',
  unsubscribed: 'You will get no more digest emails. You can turn them back on from your notifications page.',
  tooManyStreams:
    'Notifications are live in your other open tabs; this one updates when you come back to it.',
} as const;
