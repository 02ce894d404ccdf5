// The zod-free half of the push contract (../push.ts): what a push says, per kind, and which kinds are
// pushed until a person chooses otherwise (issue #51). The service worker reads this file, so it stays
// small and free of zod.
import type { NotificationKind } from './notifications';

/** The title of every push the service worker shows. */
export const PUSH_TITLE = 'Campus Yearbook';

/**
 * Kinds pushed by default once a person turns push on on a device: what someone did about them or
 * what they wrote. Answers to an askline and the receipt of a report are left to the bell.
 */
export const PUSH_DEFAULT_KINDS: readonly NotificationKind[] = [
  'post_liked',
  'askline_verified',
  'askline_rejected',
  'report_outcome',
  'post_removed',
  'admin_notice',
  'held_approved',
  'held_removed',
  'appeal_decided',
  'post_replied',
  'reply_replied',
  'mentioned',
];

/** Whether a kind is pushed when its person never chose. */
export const pushedByDefault = (kind: NotificationKind): boolean => PUSH_DEFAULT_KINDS.includes(kind);

/**
 * What a push says when the app cannot read the notification itself (signed out, offline): the kind
 * in words, never who or what. The push service is sent only the kind, encrypted.
 */
export const PUSH_TEXT: Record<NotificationKind, string> = {
  post_liked: 'New likes on your posts',
  askline_answered: 'New answers to your askline',
  askline_verified: 'Your askline was verified',
  askline_rejected: 'Your askline was not approved',
  report_received: 'We received your report',
  report_outcome: 'There is news about a post you reported',
  post_removed: 'Staff removed a post of yours',
  admin_notice: 'A notice from the admins',
  held_approved: 'Your post was reviewed and is now published',
  held_removed: 'Your post held for review was removed',
  appeal_decided: 'Your appeal was decided',
  post_replied: 'New replies to your post',
  reply_replied: 'New replies to your reply',
  mentioned: 'You were mentioned',
  signature_received: 'Someone signed your yearbook',
  book_ready: 'Your PDF is ready to download',
};

/**
 * What the server sends through the push service, encrypted for the device (RFC 8291): the kind, and
 * nothing else (no post, no name, no count). The service worker asks the app for the rest.
 */
export interface PushPayload {
  kind: NotificationKind;
}

/** One notification on the device per kind: a newer push of the kind replaces it. */
export const pushTag = (kind: NotificationKind): string => `yearbook-${kind}`;

export const PUSH_LIMITS = {
  /** A push service's address; browsers' are a few hundred characters. */
  endpoint: 2000,
  /** A person's devices that take pushes at once; a new one past this replaces the oldest. */
  devices: 20,
} as const;

export const PUSH_MESSAGES = {
  signedOut: 'You must be logged in to get push notifications',
  off: 'Push notifications are not set up on this server.',
  badEndpoint: "That is not a push service's address: it must be an https:// address on the internet.",
  badKeys: 'The device sent keys that do not work: turn push notifications off and on again.',
} as const;
