// What people do to their session and account from the sign-in card, the profile menu and the mail
// links: sign in and out, sign up, a new confirmation link, a password reset, a Google sign-in. Apart
// from session-api.ts, which every data page loads: only the parts that use these load them.
import { type AnswerSchema, apiRequest, ConnectionError } from '../../../lib/api-client';
import { isObject, type Session, sessionAnswer } from './session-api';

const redirectAnswer: AnswerSchema<{ url: string }> = {
  parse(data) {
    if (isObject(data) && typeof data.url === 'string') return { url: data.url };
    throw new ConnectionError();
  },
};

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

/** A new confirmation link, when the first expired or broke; the answer is the same for any address. */
export function resendConfirmation(email: string): Promise<unknown> {
  return apiRequest('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email, callbackURL: '/profile/setup' },
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

export function signIn(input: { identifier: string; password: string }): Promise<Session> {
  return apiRequest('/api/session', { method: 'POST', body: input, schema: sessionAnswer });
}

export function signOut(): Promise<unknown> {
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
}
