import { eq } from 'drizzle-orm';
import type { AdminUser } from '../../../shared/admin-users';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordModeration } from '../moderation-log/record';
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
}): Promise<AdminUser> {
  const target = await findAccount(options.db, options.account);
  if (target.userId === options.actingUserId) {
    throw new AppError('conflict', 'You cannot suspend your own account.');
  }
  const suspendedAt = options.suspended ? (target.suspendedAt ?? new Date()) : null;
  await options.db.transaction(async (tx) => {
    await tx.update(users).set({ suspendedAt }).where(eq(users.id, target.userId));
    if (options.suspended) await tx.delete(sessions).where(eq(sessions.userId, target.userId));
    await recordModeration(tx, {
      actorId: options.actingUserId ?? null,
      action: options.suspended ? 'user_suspended' : 'user_restored',
      targetUserId: target.userId,
    });
  });
  return presentAccount({ ...target, suspendedAt }, options.actingUserId);
}
