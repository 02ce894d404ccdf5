import { eq } from 'drizzle-orm';
import type { SessionResponse } from '../../../shared/auth';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';

/** The signed-in user (or nobody) and their profile; a user without one still needs setup. */
export async function getSession(options: {
  auth: Auth;
  db: Db;
  headers: Headers;
}): Promise<SessionResponse> {
  const session = await options.auth.api.getSession({ headers: options.headers });
  if (!session) return { user: null, profile: null, needsProfileSetup: false };
  const [profile] = await options.db
    .select({ username: profiles.username, fullName: profiles.fullName, userType: profiles.userType })
    .from(profiles)
    .where(eq(profiles.userId, session.user.id))
    .limit(1);
  return {
    user: { id: session.user.id, email: session.user.email, emailVerified: session.user.emailVerified },
    profile: profile ?? null,
    needsProfileSetup: !profile,
  };
}
