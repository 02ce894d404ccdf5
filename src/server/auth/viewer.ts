// Who is asking: loaded once per API request from the session cookie, with the profile fields that
// decide what they may do. Routes read `c.get('viewer')` and ask policies.ts.
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { UserType } from '../../shared/roles';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { AppError } from '../http/app-error';
import type { AppEnv } from '../http/context';
import type { Auth } from './auth';

export interface Viewer {
  userId: string;
  email: string;
  profile: { username: string; userType: UserType } | null;
}

export function loadViewer(deps: { auth: Auth; db: Db }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Routers sharing a prefix may each ask for the viewer; the session is looked up once.
    if (c.get('viewer') !== undefined) return next();
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) {
      c.set('viewer', null);
      return next();
    }
    const [profile] = await deps.db
      .select({ username: profiles.username, userType: profiles.userType })
      .from(profiles)
      .where(eq(profiles.userId, session.user.id))
      .limit(1);
    c.set('viewer', { userId: session.user.id, email: session.user.email, profile: profile ?? null });
    return next();
  });
}

/** The signed-in viewer, or a 401 for everyone else. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError('unauthenticated', 'Please sign in to continue.');
  return viewer;
}
