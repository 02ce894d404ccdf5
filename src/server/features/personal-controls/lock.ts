import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Takes one person's personal-control changes one at a time, until the transaction ends: two changes
 * at once cannot both pass a cap. A transaction-level advisory lock on the person, not a row lock on
 * their account (which sign-in and sessions write).
 */
export async function lockControlsOf(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`personal-controls:${userId}`}))`);
}
