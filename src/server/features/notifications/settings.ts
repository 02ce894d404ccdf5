// Each person's choices per kind of notification (issue #28): shown in the app or not, mailed in a
// daily or weekly digest or not, pushed to their devices or not (issue #51: `push` null is the kind's
// default, PUSH_DEFAULT_KINDS). A kind never changed has no row and the defaults. The settings are
// read when notifications are listed, counted, mailed or pushed, never when one is made.
import { eq, sql } from 'drizzle-orm';
import type { NotificationSetting, UpdateNotificationSettingsRequest } from '../../../shared/notifications';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS } from '../../../shared/notifications';
import { PUSH_DEFAULT_KINDS, pushedByDefault } from '../../../shared/values/push';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema';

export async function readSettings(db: Db, userId: string): Promise<NotificationSetting[]> {
  const rows = await db
    .select({
      kind: notificationSettings.kind,
      inApp: notificationSettings.inApp,
      digest: notificationSettings.digest,
      push: notificationSettings.push,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = chosen.get(kind);
    const push = row?.push ?? pushedByDefault(kind);
    return row
      ? { kind, inApp: row.inApp, digest: row.digest as NotificationSetting['digest'], push }
      : { kind, ...NOTIFICATION_DEFAULTS, push };
  });
}

/**
 * Whether the notification `n` is of a kind its recipient has pushed (SQL over `n`): their choice, or
 * the kind's default. Shown in the app is asked separately (a hidden kind is never pushed).
 */
export function pushChosen() {
  return sql`coalesce(
    (select s.push from notification_settings s where s.user_id = n.user_id and s.kind = n.kind),
    n.kind = any(${`{${PUSH_DEFAULT_KINDS.join(',')}}`}::text[]))`;
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
    .values([...byKind.values()].map((change) => ({ userId, ...change, push: change.push ?? null })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: {
        inApp: sql`excluded.in_app`,
        digest: sql`excluded.digest`,
        // A change that does not say keeps the push choice it had.
        push: sql`coalesce(excluded.push, ${notificationSettings.push})`,
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
