import { eq } from 'drizzle-orm';
import { isAllowedEmail } from '../../../shared/campus-email';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The "verified campus address" mark of a profile (issue #47): with ALLOWED_EMAIL_DOMAINS set, whether
 * its account's address is confirmed and at one of those domains; undefined (no mark shown, nothing
 * asked) when the setting is off. The address itself never leaves the server.
 */
export async function campusAddressOf(
  db: Db,
  userId: string,
  allowedDomains: readonly string[],
): Promise<boolean | undefined> {
  if (allowedDomains.length === 0) return undefined;
  const [user] = await db
    .select({ email: users.email, confirmed: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(user?.confirmed) && isAllowedEmail(user?.email ?? '', allowedDomains);
}
