// Each person's choices per kind of notification (issue #28): shown in the app or not, mailed in a
// daily or weekly digest or not. A kind never changed has no row and the defaults. The settings are
// read when notifications are listed, counted or mailed, never when one is made.
import { eq, sql } from 'drizzle-orm';
import type { NotificationSetting, UpdateNotificationSettingsRequest } from '../../../shared/notifications';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS } from '../../../shared/notifications';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema';

export async function readSettings(db: Db, userId: string): Promise<NotificationSetting[]> {
  const rows = await db
    .select({
      kind: notificationSettings.kind,
      inApp: notificationSettings.inApp,
      digest: notificationSettings.digest,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = chosen.get(kind);
    return row
      ? { kind, inApp: row.inApp, digest: row.digest as NotificationSetting['digest'] }
      : { kind, ...NOTIFICATION_DEFAULTS };
  });
}

/** Saves the kinds named (one statement); the others keep what they had. */
export async function saveSettings(
  db: Db,
  userId: string,
  changes: UpdateNotificationSettingsRequest['settings'],
): Promise<void> {
  const byKind = new Map(changes.map((change) => [change.kind, change]));
  if (byKind.size === 0) return;
  await db
    .insert(notificationSettings)
    .values([...byKind.values()].map((change) => ({ userId, ...change })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: {
        inApp: sql`excluded.in_app`,
        digest: sql`excluded.digest`,
        updatedAt: sql`now()`,
      },
    });
}

/** Every digest off (the unsubscribe link): the in-app choices stay as they were. */
export async function stopDigests(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    insert into notification_settings (user_id, kind, in_app, digest)
    select ${userId}, k.kind, coalesce(s.in_app, ${NOTIFICATION_DEFAULTS.inApp}), 'off'
    from unnest(${`{${NOTIFICATION_KINDS.join(',')}}`}::text[]) as k(kind)
    left join notification_settings s on s.user_id = ${userId} and s.kind = k.kind
    where exists (select 1 from users where id = ${userId})
    on conflict (user_id, kind) do update set digest = 'off', updated_at = now()
    where notification_settings.digest <> 'off'`);
}
