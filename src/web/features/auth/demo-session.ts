// SPEC §1/§4: Demo Sign In signs in as a local fake user with no server call and no server session.
// This is that user; whether the tab is in the demo is a flag in session storage (lib/demo-flag.ts).
import type { SessionPermissions } from '../../../shared/auth';
import type { Session } from './api/session-api';

export const DEMO_SESSION: Session = {
  user: { id: 'demo-user', email: 'demo@campusyearbook.app', emailVerified: true },
  profile: {
    username: 'demo_user',
    fullName: 'Demo User',
    userType: 'ordinary',
    // None: a permission the session does not name is one it does not grant (gate-rules.ts), and
    // listing each false here would weigh on every visitor's first load.
    permissions: {} as SessionPermissions,
  },
  needsProfileSetup: false,
  demo: true,
};
