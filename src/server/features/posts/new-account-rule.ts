// The new-account rule of issue #47: in its first days an account may make only a few anonymous posts a
// day (the numbers are NEW_ACCOUNT_RULE, counted by the rate-limit table's newAccountAnonymousPost, so a
// refusal is a 429 with Retry-After like every limit). Age is read from users.created_at on each
// anonymous post: the rule ends on its own when the account is old enough.
import { eq } from 'drizzle-orm';
import {
  NEW_ACCOUNT_ANONYMOUS_MESSAGE,
  NEW_ACCOUNT_RULE,
  type PostingAllowance,
} from '../../../shared/safety';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { enforceLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the account stops being new; null when it already has (or does not exist). */
async function newUntil(db: Db, userId: string): Promise<Date | null> {
  const [user] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const until = new Date(user.createdAt.getTime() + NEW_ACCOUNT_RULE.days * DAY_MS);
  return until.getTime() > Date.now() ? until : null;
}

/** Counts one anonymous post of a new account; throws the 429 past the day's allowance. */
export async function countNewAccountAnonymousPost(
  db: Db,
  rateLimiter: RateLimiter,
  userId: string,
): Promise<void> {
  if (await newUntil(db, userId))
    await enforceLimit(rateLimiter, 'newAccountAnonymousPost', `user:${userId}`);
}

/** What the composer tells the person: the rule, while it applies to them. */
export async function postingAllowance(db: Db, userId: string): Promise<PostingAllowance> {
  const until = await newUntil(db, userId);
  return {
    anonymousLimit: until
      ? {
          perDay: NEW_ACCOUNT_RULE.anonymousPerDay,
          until: until.toISOString(),
          message: NEW_ACCOUNT_ANONYMOUS_MESSAGE,
        }
      : null,
  };
}
