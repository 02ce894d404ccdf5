import { eq } from 'drizzle-orm';
import type { AdminUser } from '../../../shared/admin-users';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';

export interface AccountRow {
  userId: string;
  username: string;
  fullName: string;
  userType: AdminUser['userType'];
  suspendedAt: Date | null;
}

export const accountColumns = {
  userId: profiles.userId,
  username: profiles.username,
  fullName: profiles.fullName,
  userType: profiles.userType,
  suspendedAt: users.suspendedAt,
};

/** An account with a profile, by username or by email (the admin CLI accepts either). */
export async function findAccount(db: Db, usernameOrEmail: string): Promise<AccountRow> {
  const key = usernameOrEmail.trim().toLowerCase();
  const [row] = await db
    .select(accountColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(key.includes('@') ? eq(users.email, key) : eq(profiles.username, key))
    .limit(1);
  if (!row) throw new AppError('not_found', `No account with a profile matches "${usernameOrEmail}".`);
  return row;
}

/** What leaves the server about an account, and whether this viewer may change it. */
export function presentAccount(row: AccountRow, viewerUserId: string | undefined): AdminUser {
  return {
    username: row.username,
    fullName: row.fullName,
    userType: row.userType,
    suspended: row.suspendedAt !== null,
    canChange: row.userId !== viewerUserId,
  };
}
