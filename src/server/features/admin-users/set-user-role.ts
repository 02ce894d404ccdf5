import { eq } from 'drizzle-orm';
import type { AdminUser } from '../../../shared/admin-users';
import type { UserType } from '../../../shared/roles';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { recordModeration } from '../moderation-log';
import { findAccount, presentAccount } from './find-account';

/** Sets an account's role. `actingUserId` (the admin) may not change their own. */
export async function setUserRole(options: {
  db: Db;
  account: string;
  userType: UserType;
  actingUserId?: string;
}): Promise<AdminUser> {
  const target = await findAccount(options.db, options.account);
  if (target.userId === options.actingUserId) {
    throw new AppError('conflict', 'You cannot change your own role: ask another admin.');
  }
  await options.db.transaction(async (tx) => {
    await tx.update(profiles).set({ userType: options.userType }).where(eq(profiles.userId, target.userId));
    await recordModeration(tx, {
      actorId: options.actingUserId ?? null,
      action: 'role_changed',
      targetUserId: target.userId,
      detail: `${target.userType} → ${options.userType}`,
    });
  });
  return presentAccount({ ...target, userType: options.userType }, options.actingUserId);
}
