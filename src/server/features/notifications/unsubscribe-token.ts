// The digest's unsubscribe link works without signing in (issues #28, #43): it carries a random token
// stored for the person (unsubscribe_tokens), made with their first digest and the same in every
// later one, so an old digest's link still works. It only ever turns digests off and names nothing
// but the account it was mailed to. Replacing it (rotateUnsubscribeToken, when the account's address
// changes) ends every link mailed before, without touching the server's secret.
//
// Digests mailed before tokens were stored carry the account's id and an HMAC of it under the
// server's secret. Those still work until the person's token is first replaced (rotated_at set),
// and never after.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { unsubscribeTokens } from '../../db/schema';

const TOKEN_BYTES = 32;
/** What a stored token looks like (32 bytes, base64url): anything else is not looked up. */
const STORED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const PURPOSE = 'notification-digest-unsubscribe:';

const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url');

/** The person's token for a digest's link: made the first time, the same afterwards. */
export async function issueUnsubscribeToken(db: Db, userId: string): Promise<string> {
  const [made] = await db
    .insert(unsubscribeTokens)
    .values({ userId, token: newToken() })
    .onConflictDoNothing({ target: unsubscribeTokens.userId })
    .returning({ token: unsubscribeTokens.token });
  if (made) return made.token;
  const [kept] = await db
    .select({ token: unsubscribeTokens.token })
    .from(unsubscribeTokens)
    .where(eq(unsubscribeTokens.userId, userId));
  if (!kept) throw new Error('the unsubscribe token went while it was being made');
  return kept.token;
}

/**
 * Replaces the person's token with a new one: every link mailed before (the signed ones too) stops
 * working. `db` may be the caller's transaction. Made even for someone never mailed a digest, so
 * their signed links end too; an account that is gone is left alone.
 */
export async function rotateUnsubscribeToken(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    insert into unsubscribe_tokens (user_id, token, rotated_at)
    select id, ${newToken()}, now() from users where id = ${userId}
    on conflict (user_id) do update set token = excluded.token, rotated_at = excluded.rotated_at`);
}

/**
 * The account a token stops the digests of, or null when it is not one of ours (or no longer). A
 * signed token of an account that is gone still names it, as before: there is nothing left to stop.
 */
export async function readUnsubscribeToken(db: Db, secret: string, token: string): Promise<string | null> {
  if (STORED_TOKEN.test(token)) {
    // The unique index finds it or not; what it takes says nothing more than that.
    const [row] = await db
      .select({ userId: unsubscribeTokens.userId })
      .from(unsubscribeTokens)
      .where(eq(unsubscribeTokens.token, token));
    return row?.userId ?? null;
  }
  const userId = readSignedToken(secret, token);
  if (!userId) return null;
  const [row] = await db
    .select({ rotatedAt: unsubscribeTokens.rotatedAt })
    .from(unsubscribeTokens)
    .where(eq(unsubscribeTokens.userId, userId));
  return row?.rotatedAt ? null : userId;
}

function mac(secret: string, userId: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + userId)
    .digest();
}

/** A signed token as digests carried before tokens were stored (tests of those links). */
export function legacyUnsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(secret, userId).toString('base64url')}`;
}

function readSignedToken(secret: string, token: string): string | null {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0) return null;
  const userId = Buffer.from(id, 'base64url').toString();
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, userId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}
