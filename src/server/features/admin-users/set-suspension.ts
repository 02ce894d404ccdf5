import { eq, sql } from 'drizzle-orm';
import type { AdminUser } from '../../../shared/admin-users';
import { AppError } from '../../app-error';
import type { EndSessions } from '../../auth/auth';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { recordModeration } from '../moderation-log';
import { findAccount, presentAccount } from './find-account';

/**
 * Suspends or restores an account. Suspending ends every session at once (in the same transaction);
 * sign-in then refuses the account (auth.ts). `actingUserId` (the admin) may not suspend themselves.
 */
export async function setSuspension(options: {
  db: Db;
  account: string;
  suspended: boolean;
  actingUserId?: string;
  endSessions: EndSessions;
}): Promise<AdminUser> {
  const target = await findAccount(options.db, options.account);
  if (target.userId === options.actingUserId) {
    throw new AppError('conflict', 'You cannot suspend your own account.');
  }
  const suspendedAt = options.suspended ? (target.suspendedAt ?? new Date()) : null;
  await options.db.transaction(async (tx) => {
    if (options.suspended) await suspendAccount(tx, target.userId);
    else await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, target.userId));
    await recordModeration(tx, {
      actorId: options.actingUserId ?? null,
      action: options.suspended ? 'user_suspended' : 'user_restored',
      targetUserId: target.userId,
    });
  });
  if (options.suspended) await options.endSessions(target.userId);
  return presentAccount({ ...target, suspendedAt }, options.actingUserId);
}

/**
 * The suspension itself, inside the caller's transaction: the account is marked (keeping the first
 * time) and every session row goes. Shared by /admin/users, the command line and suspending a
 * post's author, each of which then calls `endSessions` for the session cache.
 */
export async function suspendAccount(tx: Pick<Db, 'update' | 'delete'>, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ suspendedAt: sql`coalesce(${users.suspendedAt}, now())` })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}
