// Notifications (issue #28): what the list and the bell are told. Only the recipient ever reads these.
import * as z from 'zod/mini';
import { NOTIFICATION_KINDS } from './values/notifications';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  /** When it last changed (a grouped like row moves up with each new like). */
  at: z.string(),
  /** The recipient's own post it is about, if any. */
  post: z.nullable(z.object({ id: z.string(), content: z.string(), isAnonymous: z.boolean() })),
  /** The recipient's own askline it is about (answered, verified or rejected). */
  askline: z.nullable(z.object({ id: z.string(), content: z.string() })),
  /** Answers to the askline that day: how many (never who: answers may be anonymous). */
  answers: z.nullable(z.object({ count: z.number() })),
  /** What became of a report the recipient made (the post is not shown again, nor who acted). */
  outcome: z.nullable(z.enum(['resolved', 'removed'])),
  /** Why staff removed the recipient's post: the reason most reporters gave, when it was reported. */
  reason: z.nullable(z.string()),
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
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export * from './values/notifications';
