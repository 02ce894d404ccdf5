// Whether an account may act. Two kinds of suspension stop it: one by name (`users.suspended_at`,
// shown on /admin/users and by the command line) and one sealed through an anonymous post
// (`sealed_suspensions`, which no staff list shows, so making one names nobody). Only the two places
// that let an account in ask: a session being created (auth.ts) and the viewer of a request
// (viewer.ts). Both read it as a condition on a query of `users` they make anyway.
import { sql } from 'drizzle-orm';
import { sealedSuspensions, users } from '../db/schema';

/** True on rows of `users` that are not suspended in either way. */
export const accountActive = sql<boolean>`(${users.suspendedAt} is null and not exists (
  select 1 from ${sealedSuspensions} where ${sealedSuspensions.userId} = ${users.id}))`;
