// SPEC §1/§4: Demo Sign In signs in as a local fake user with no server call and no server session.
// This is that user; whether the tab is in the demo is a flag in session storage (lib/demo-flag.ts).
import type { Session } from './api/session-api';

export const DEMO_SESSION: Session = {
  user: { id: 'demo-user', email: 'demo@campusyearbook.app', emailVerified: true },
  profile: {
    username: 'demo_user',
    fullName: 'Demo User',
    userType: 'ordinary',
    // Written out, not imported: shared/auth.ts would bring zod onto the landing page's first load.
    permissions: {
      manageReports: false,
      reviewAsklines: false,
      manageUsers: false,
      editNotice: false,
      readModerationLog: false,
      manageWordLists: false,
      makeClassBooks: false,
    },
  },
  needsProfileSetup: false,
  demo: true,
};
