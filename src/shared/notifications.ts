// Notifications (issue #28): what the list and the bell are told. Only the recipient ever reads these.
import * as z from 'zod/mini';
import { statementSchema } from './appeals';
import { INSTITUTIONS } from './institutions';
import { APPEAL_OUTCOMES } from './values/appeals';
import { BOOK_KINDS } from './values/book';
import {
  NOTIFICATION_DIGESTS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
} from './values/notifications';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  /** When it last changed (a grouped like row moves up with each new like). */
  at: z.string(),
  /**
   * The post it is about, if any: the recipient's own, or (mentioned) the text that mentions them. A
   * reply's `threadId` is the post it belongs to: a reply is opened in its thread (issue #49).
   */
  post: z.nullable(
    z.object({
      id: z.string(),
      content: z.string(),
      isAnonymous: z.boolean(),
      threadId: z.optional(z.nullable(z.string())),
    }),
  ),
  /** The recipient's own askline it is about (answered, verified or rejected). */
  askline: z.nullable(z.object({ id: z.string(), content: z.string() })),
  /** Answers to the askline that day: how many (never who: answers may be anonymous). */
  answers: z.nullable(z.object({ count: z.number() })),
  /**
   * What became of a report the recipient made (the post is not shown again, nor who acted), or of
   * their appeal (appeal_decided); a report_received carries nothing but its kind.
   */
  outcome: z.nullable(z.enum(['resolved', 'removed', ...APPEAL_OUTCOMES])),
  /**
   * Why staff removed the recipient's post, from before statements of reasons: the reason most
   * reporters gave, or the held post's reason. Null once `statement` says it.
   */
  reason: z.nullable(z.string()),
  /** The statement of reasons of a removal (post_removed, held_removed) or of the appealed decision. */
  statement: z.nullable(statementSchema),
  /** A notice from the admins: its words (admin_notice only; never who sent it). */
  notice: z.nullable(z.string()),
  /**
   * Replies that day to the recipient's post (post_replied) or reply (reply_replied): how many, and the
   * latest named replier, never someone they blocked or muted ("Priya and 2 others"). Anonymous
   * replies are counted and never named.
   */
  replies: z.optional(
    z.nullable(
      z.object({
        count: z.number(),
        latest: z.nullable(z.object({ username: z.string(), fullName: z.string() })),
      }),
    ),
  ),
  /** Who mentioned the recipient (mentioned): null when the text is anonymous (never who wrote it). */
  mentionedBy: z.optional(z.nullable(z.object({ username: z.string(), fullName: z.string() }))),
  /**
   * A signature in the recipient's yearbook (signature_received, issue #52): its words, its writer
   * (a signature is never anonymous), and whether they approved it yet.
   */
  signature: z.optional(
    z.nullable(
      z.object({
        id: z.string(),
        content: z.string(),
        approved: z.boolean(),
        writer: z.object({ username: z.string(), fullName: z.string() }),
      }),
    ),
  ),
  /**
   * A book the recipient asked for is made (book_ready, issue #52): which one, to link to the page
   * where it is downloaded (a page: /yearbook; a class book: /class/{year}/book?campus=).
   */
  book: z.optional(
    z.nullable(
      z.object({
        id: z.string(),
        kind: z.enum(BOOK_KINDS),
        year: z.nullable(z.number()),
        campus: z.nullable(z.enum(INSTITUTIONS)),
      }),
    ),
  ),
  /** Likes that day: how many, and the latest liker ("Priya and 11 others"). */
  likes: z.nullable(
    z.object({
      count: z.number(),
      latest: z.nullable(z.object({ username: z.string(), fullName: z.string() })),
    }),
  ),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.nullable(z.string()),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number() });

/**
 * PUT /api/notifications/seen (issue #51): the page has shown the notifications changed up to `through`
 * (the newest one's `at`); the bell stops counting them, and they stay unread on the page.
 */
export const notificationsSeenRequestSchema = z.object({
  through: z.iso.datetime({ message: 'Say up to when, as a date and time.' }),
});
export type NotificationsSeenRequest = z.infer<typeof notificationsSeenRequestSchema>;
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * One kind's settings: shown in the app (and counted by the bell), in which email digest, and pushed
 * to the devices where push is on (issue #51; a kind hidden from the app is never pushed).
 */
export const notificationSettingSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  inApp: z.boolean(),
  digest: z.enum(NOTIFICATION_DIGESTS),
  push: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** Every kind, in NOTIFICATION_KINDS order; a kind never changed has the defaults. */
export const notificationSettingsSchema = z.object({ settings: z.array(notificationSettingSchema) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Changes some kinds' settings (the kinds not named keep theirs). */
export const updateNotificationSettingsRequestSchema = z.strictObject({
  settings: z
    .array(
      z.strictObject({
        kind: z.enum(NOTIFICATION_KINDS, { error: 'That is not a kind of notification.' }),
        inApp: z.boolean({ error: 'Say whether it is shown in the app (true or false).' }),
        digest: z.enum(NOTIFICATION_DIGESTS, {
          error: 'The email digest is daily, weekly or off.',
        }),
        // Left out, the kind keeps its push choice (clients from before push send none).
        push: z.optional(z.boolean({ error: 'Say whether it is pushed to your devices (true or false).' })),
      }),
      { error: 'Send the settings as a list.' },
    )
    .check(z.maxLength(NOTIFICATION_KINDS.length, 'Name each kind at most once.')),
});
export type UpdateNotificationSettingsRequest = z.infer<typeof updateNotificationSettingsRequestSchema>;

/** Unsubscribing from the digests with the token of a digest's link (stored per person; older links are signed) (no sign-in). */
export const unsubscribeRequestSchema = z.strictObject({
  token: z
    .string({ error: NOTIFICATION_MESSAGES.badToken })
    .check(z.minLength(1, NOTIFICATION_MESSAGES.badToken)),
});
export const unsubscribeAnswerSchema = z.object({ unsubscribed: z.literal(true) });

/** A notice from the admins to every member (admin_notice). */
export const adminNotificationRequestSchema = z.strictObject({
  text: z
    .string({ error: 'The notice must be text.' })
    .check(
      z.trim(),
      z.minLength(1, 'Write the notice first.'),
      z.maxLength(
        NOTIFICATION_LIMITS.notice,
        `A notice can be at most ${NOTIFICATION_LIMITS.notice} characters.`,
      ),
    ),
});
export const adminNotificationAnswerSchema = z.object({ sent: z.number() });

export * from './values/notifications';
