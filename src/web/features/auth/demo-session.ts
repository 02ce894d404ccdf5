// SPEC §1/§4: Demo Sign In signs in as a local fake user with no server call and no server session.
// The flag lives in session storage, so it ends with the tab.
import { storageKeys } from '../../config/storage-keys';
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
    },
  },
  needsProfileSetup: false,
  demo: true,
};

export function isDemoSession(): boolean {
  try {
    return sessionStorage.getItem(storageKeys.demoSession) === '1';
  } catch {
    return false;
  }
}

export function startDemoSession(): void {
  sessionStorage.setItem(storageKeys.demoSession, '1');
}

export function endDemoSession(): void {
  sessionStorage.removeItem(storageKeys.demoSession);
}
