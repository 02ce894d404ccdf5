import { eq } from 'drizzle-orm';
import type { SessionResponse } from '../../../shared/auth';
import type { Auth } from '../../auth/auth';
import { sessionPermissions } from '../../auth/policies';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import type { ObjectStorage } from '../../platform/storage';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** The signed-in user (or nobody) and their profile; a user without one still needs setup. */
export async function getSession(options: {
  auth: Auth;
  db: Db;
  storage: ObjectStorage;
  headers: Headers;
}): Promise<SessionResponse> {
  const session = await options.auth.api.getSession({ headers: options.headers });
  return presentSession(options.db, options.storage, session?.user ?? null);
}

/** Turns a user into the session answer: only these fields leave the server, plus the profile. */
export async function presentSession(
  db: Db,
  storage: ObjectStorage,
  user: SessionUser | null,
): Promise<SessionResponse> {
  if (!user) return { user: null, profile: null, needsProfileSetup: false };
  const [profile] = await db
    .select({
      username: profiles.username,
      fullName: profiles.fullName,
      userType: profiles.userType,
      pictureKey: profiles.profilePictureKey,
    })
    .from(profiles)
    .where(eq(profiles.userId, user.id))
    .limit(1);
  return {
    user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
    profile: profile
      ? {
          username: profile.username,
          fullName: profile.fullName,
          userType: profile.userType,
          profilePictureUrl: profile.pictureKey ? storage.publicUrl(profile.pictureKey) : null,
          permissions: sessionPermissions({
            userId: user.id,
            email: user.email,
            profile: { username: profile.username, userType: profile.userType },
          }),
        }
      : null,
    needsProfileSetup: !profile,
  };
}
