// The zod-free half of the account contract (../auth.ts), for the pages every visitor opens (decision 013).
import type { SessionPermissions } from '../auth';

export function identifierIsEmail(identifier: string): boolean {
  return identifier.includes('@');
}

export const NO_PERMISSIONS: SessionPermissions = {
  manageReports: false,
  reviewAsklines: false,
  manageUsers: false,
  editNotice: false,
  readModerationLog: false,
  manageWordLists: false,
  makeClassBooks: false,
};

export const SIGN_IN_MESSAGES = {
  email: 'Invalid email or password',
  username: 'Invalid username or password',
  unverified: 'Please confirm your email address first: we sent you a link when you signed up.',
} as const;
