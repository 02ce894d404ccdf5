// The digest's unsubscribe link works without signing in (issue #28): it carries the account's id and
// an HMAC of it under the server's secret, so only a link we mailed stops someone's digests. It only
// ever turns digests off, names nothing but the account it was mailed to, and does not expire (an old
// digest's link must still work).
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'notification-digest-unsubscribe:';

function mac(secret: string, userId: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + userId)
    .digest();
}

export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(secret, userId).toString('base64url')}`;
}

/** The account a token was made for, or null when it is not one of ours. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0) return null;
  const userId = Buffer.from(id, 'base64url').toString();
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, userId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}
