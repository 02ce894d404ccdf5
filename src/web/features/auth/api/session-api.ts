// The session as read: every data page loads this file (scripts/chunk-groups.ts `common`), so it
// holds no more than that; signing in and out, and the sign-in card's other requests, are in
// account-requests.ts. Plain fetches (no TanStack Query, no zod), their answers checked by the small
// hand-written checks below, so a sign-in that reaches something other than our API (a captive
// portal's page answering JSON) is a connection problem, not a broken session.
import type { SessionResponse } from '../../../../shared/auth';
import { type AnswerSchema, apiRequest, ConnectionError } from '../../../lib/api-client';
import { isDemoSession } from '../../../lib/demo-flag';
import { DEMO_SESSION } from '../demo-session';

export type Session = SessionResponse & { demo?: boolean };

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The shape of a session answer, checked without zod; anything else is not our API. */
export const sessionAnswer: AnswerSchema<SessionResponse> = {
  parse(data) {
    if (
      isObject(data) &&
      'user' in data &&
      'profile' in data &&
      typeof data.needsProfileSetup === 'boolean'
    ) {
      return data as unknown as SessionResponse;
    }
    throw new ConnectionError();
  },
};

/** The current session; the demo user is answered locally, with no request. */
export async function fetchSession(): Promise<Session> {
  if (isDemoSession()) return DEMO_SESSION;
  return apiRequest('/api/session', { schema: sessionAnswer });
}
