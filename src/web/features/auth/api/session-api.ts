// Calls to the account endpoints. Plain fetches (no TanStack Query, no zod): the landing page's card
// uses them and stays within its first-load budget.
import type { SessionResponse } from '../../../../shared/auth';
import { apiRequest } from '../../../lib/api-client';
import { DEMO_SESSION, isDemoSession } from '../demo-session';

export type Session = SessionResponse & { demo?: boolean };

/** The current session; the demo user is answered locally, with no request. */
export async function fetchSession(): Promise<Session> {
  if (isDemoSession()) return DEMO_SESSION;
  return apiRequest<SessionResponse>('/api/session');
}

export function signIn(input: { identifier: string; password: string }): Promise<Session> {
  return apiRequest<SessionResponse>('/api/session', { method: 'POST', body: input });
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

/** Where to send the browser to sign in with Google (SPEC §7: back to /profile/setup). */
export async function startGoogleSignIn(): Promise<string> {
  const { url } = await apiRequest<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: '/profile/setup', errorCallbackURL: '/' },
  });
  return url;
}

export function signOut(): Promise<unknown> {
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
}
