// Calls to the account endpoints. Plain fetches (no TanStack Query, no zod): the landing page's card
// uses them and stays within its first-load budget. Their answers are checked by the small hand-written
// checks below, so a sign-in that reaches something other than our API (a captive portal's page
// answering JSON) is a connection problem, not a broken session.
import type { SessionResponse } from '../../../../shared/auth';
import { type AnswerSchema, apiRequest, ConnectionError } from '../../../lib/api-client';
import { DEMO_SESSION, isDemoSession } from '../demo-session';

export type Session = SessionResponse & { demo?: boolean };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The shape of a session answer, checked without zod; anything else is not our API. */
const sessionAnswer: AnswerSchema<SessionResponse> = {
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

const redirectAnswer: AnswerSchema<{ url: string }> = {
  parse(data) {
    if (isObject(data) && typeof data.url === 'string') return { url: data.url };
    throw new ConnectionError();
  },
};

/** The current session; the demo user is answered locally, with no request. */
export async function fetchSession(): Promise<Session> {
  if (isDemoSession()) return DEMO_SESSION;
  return apiRequest('/api/session', { schema: sessionAnswer });
}

export function signIn(input: { identifier: string; password: string }): Promise<Session> {
  return apiRequest('/api/session', { method: 'POST', body: input, schema: sessionAnswer });
}

export function signUp(input: { email: string; password: string }): Promise<unknown> {
  return apiRequest('/api/auth/sign-up/email', {
    method: 'POST',
    // SPEC §7: the emailed confirmation link lands on /profile/setup.
    body: { ...input, name: input.email.split('@')[0] ?? input.email, callbackURL: '/profile/setup' },
  });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });
}

export function resetPassword(input: { token: string; newPassword: string }): Promise<unknown> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body: input });
}

/**
 * Where to send the browser to sign in with Google: back to /profile/setup (SPEC §7), or to `returnTo`
 * (the account page asks for a fresh sign-in before deleting).
 */
export async function startGoogleSignIn(returnTo = '/profile/setup'): Promise<string> {
  const { url } = await apiRequest('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: returnTo, errorCallbackURL: '/' },
    schema: redirectAnswer,
  });
  return url;
}

export function signOut(): Promise<unknown> {
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
}
