// A device's push subscription (issue #51), saved and removed by its owner. It belongs to the session
// it was saved in: when that session ends (a sign-out, a device signed out from the account page, a
// password reset, a suspension, the account deleted) the database removes the subscription with it
// (migration 0030's foreign keys), so a browser signed out gets nothing more, whatever it does itself.
import { createECDH } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PushSubscriptionRequest } from '../../../shared/push';
import { PUSH_LIMITS, PUSH_MESSAGES } from '../../../shared/values/push';
import { AppError } from '../../app-error';
import { type Db, queryRows } from '../../db/client';
import { checkEndpoint, type EndpointRules } from './endpoint-rules';

/** The device's keys as the server encrypts with them, or a 400: a key that is not a P-256 point. */
export function checkDeviceKeys(keys: PushSubscriptionRequest['keys']): { p256dh: string; auth: string } {
  const p256dh = Buffer.from(keys.p256dh.replace(/=+$/, ''), 'base64url');
  const auth = Buffer.from(keys.auth.replace(/=+$/, ''), 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length !== 16) {
    throw new AppError('validation_failed', PUSH_MESSAGES.badKeys, 'keys');
  }
  try {
    // Throws for a point that is not on the curve: no push could ever be encrypted for it.
    const curve = createECDH('prime256v1');
    curve.generateKeys();
    curve.computeSecret(p256dh);
  } catch {
    throw new AppError('validation_failed', PUSH_MESSAGES.badKeys, 'keys');
  }
  return { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
}

/** The id of the session this token is of, if it is `userId`'s and live. */
export async function sessionIdOf(db: Db, userId: string, token: string | null): Promise<string | null> {
  if (!token) return null;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from sessions where token = ${token} and user_id = ${userId} and expires_at > now()`,
  );
  return row?.id ?? null;
}

/**
 * Saves this device's subscription for `userId` and the session asking. An endpoint already saved is
 * this browser's: it now belongs to whoever is signed in on it (a browser has one subscription). A
 * person's first device starts their pushes from now, not from what they had before. Past
 * PUSH_LIMITS.devices, their oldest device stops getting pushes.
 */
export async function saveSubscription(options: {
  db: Db;
  userId: string;
  sessionId: string;
  subscription: PushSubscriptionRequest;
  serverKey: string;
  rules: EndpointRules;
}): Promise<void> {
  const { db, userId, sessionId, serverKey } = options;
  const { endpoint } = options.subscription;
  checkEndpoint(endpoint, options.rules);
  const keys = checkDeviceKeys(options.subscription.keys);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into push_cursors (user_id, pushed_through) values (${userId}, now())
      on conflict (user_id) do update set pushed_through = greatest(push_cursors.pushed_through, now())
      where not exists (select 1 from push_subscriptions s where s.user_id = ${userId} and s.endpoint <> ${endpoint})`);
    // Someone else's before (signed in on this browser earlier): nothing owed to them goes to this one.
    await tx.execute(
      sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id <> ${userId}`,
    );
    await tx.execute(sql`
      insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth, server_key)
      values (${userId}, ${sessionId}, ${endpoint}, ${keys.p256dh}, ${keys.auth}, ${serverKey})
      on conflict (endpoint) do update set session_id = excluded.session_id, p256dh = excluded.p256dh,
        auth = excluded.auth, server_key = excluded.server_key
      where push_subscriptions.user_id = excluded.user_id`);
    await tx.execute(sql`
      delete from push_subscriptions where id in (
        select id from push_subscriptions where user_id = ${userId}
        order by created_at desc, id offset ${PUSH_LIMITS.devices})`);
  });
}

/** Removes this device's subscription, if it is `userId`'s; answers whether there was one. */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId} returning id`,
  );
  return rows.length > 0;
}
