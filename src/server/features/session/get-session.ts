import { eq } from 'drizzle-orm';
import type { SessionResponse } from '../../../shared/auth';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** The signed-in user (or nobody) and their profile; a user without one still needs setup. */
export async function getSession(options: {
  auth: Auth;
  db: Db;
  headers: Headers;
}): Promise<SessionResponse> {
  const session = await options.auth.api.getSession({ headers: options.headers });
  return presentSession(options.db, session?.user ?? null);
}

/** Turns a user into the session answer: only these fields leave the server, plus the profile. */
export async function presentSession(db: Db, user: SessionUser | null): Promise<SessionResponse> {
  if (!user) return { user: null, profile: null, needsProfileSetup: false };
  const [profile] = await db
    .select({ username: profiles.username, fullName: profiles.fullName, userType: profiles.userType })
    .from(profiles)
    .where(eq(profiles.userId, user.id))
    .limit(1);
  return {
    user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
    profile: profile ?? null,
    needsProfileSetup: !profile,
  };
}
