// Web push (issue #51): the server's public key, and a device's subscription as the browser's
// PushSubscription.toJSON() gives it. Only its owner ever sends or reads these.
import * as z from 'zod/mini';
import { PUSH_LIMITS, PUSH_MESSAGES } from './values/push';

/** GET /api/push/key: the server's VAPID public key (the applicationServerKey to subscribe with). */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** Base64url, with or without padding (browsers write it without). */
const base64url = (chars: number, message: string) =>
  z
    .string({ error: message })
    .check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,2}$`), { error: message }));

/** PUT /api/push/subscription: this device's subscription, saved for the session that sends it. */
export const pushSubscriptionRequestSchema = z.strictObject({
  endpoint: z
    .string({ error: PUSH_MESSAGES.badEndpoint })
    .check(
      z.minLength(1, PUSH_MESSAGES.badEndpoint),
      z.maxLength(PUSH_LIMITS.endpoint, PUSH_MESSAGES.badEndpoint),
    ),
  expirationTime: z.optional(
    z.nullable(z.number({ error: 'expirationTime is a time in milliseconds, or null.' })),
  ),
  keys: z.strictObject(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret (RFC 8291).
      p256dh: base64url(87, PUSH_MESSAGES.badKeys),
      auth: base64url(22, PUSH_MESSAGES.badKeys),
    },
    { error: PUSH_MESSAGES.badKeys },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** DELETE /api/push/subscription: this device's subscription goes (its endpoint names it). */
export const pushUnsubscribeRequestSchema = z.strictObject({
  endpoint: z
    .string({ error: PUSH_MESSAGES.badEndpoint })
    .check(
      z.minLength(1, PUSH_MESSAGES.badEndpoint),
      z.maxLength(PUSH_LIMITS.endpoint, PUSH_MESSAGES.badEndpoint),
    ),
});
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

export const pushSubscriptionAnswerSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionAnswer = z.infer<typeof pushSubscriptionAnswerSchema>;

export * from './values/push';
