// ADMIN_EMAILS is a bootstrap (issue #43): it lets the operator's own address become the first admin
// without the command line. It makes an admin once per listed address, of an account that was created
// at that address and confirmed there (its inbox answered, or Google vouched for it), and never of an
// account that moved onto the address by a change of email. The grant is written down
// (`admin_grants`), so it is never made again: a demotion by an admin sticks, and a later account at
// the address (the first deleted, or one that moved there) is not promoted by the setting.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminGrants, emailChanges, profiles, users } from '../db/schema';

/**
 * Called whenever a session starts (sign-in, a confirmation, Google): grants the account admin if its
 * address is listed and the address never granted before. An account without a profile yet gets it
 * when the profile is made (createProfile reads `hasAdminGrant`).
 */
export async function grantListedAdmin(db: Db, adminEmails: string[], userId: string): Promise<void> {
  const [user] = await db
    .select({ email: users.email, confirmed: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.confirmed || !adminEmails.includes(user.email.toLowerCase())) return;
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .select({ id: emailChanges.id })
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, userId), isNotNull(emailChanges.completedAt)))
      .limit(1);
    if (moved) return;
    // The primary key on the address settles two sign-ins at once: one grant.
    const granted = await tx
      .insert(adminGrants)
      .values({ email: user.email.toLowerCase(), userId })
      .onConflictDoNothing()
      .returning({ email: adminGrants.email });
    if (granted.length === 0) return;
    await tx.update(profiles).set({ userType: 'admin' }).where(eq(profiles.userId, userId));
  });
}

/** Whether ADMIN_EMAILS made this account an admin (its profile, made later, starts as one). */
export async function hasAdminGrant(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(adminGrants)
    .where(eq(adminGrants.userId, userId))
    .limit(1);
  return row !== undefined;
}
