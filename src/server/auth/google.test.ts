// Google sign-in end to end against a local OpenID Connect server (oauth2-mock-server): no request
// leaves the machine. Covers the new account landing on /profile/setup, the parameters SPEC §7 asks
// for, and a refusal at Google coming back as an error on the landing page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom } from '../../../tests/support/cookies';
import { type MockGoogle, startMockGoogle } from '../../../tests/support/mock-google';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';

let google: MockGoogle;
let server: TestServer;
const googleUser = { sub: 'google-sub-1234', email: 'lakshmi.g@example.com', name: 'Lakshmi G' };

beforeAll(async () => {
  google = await startMockGoogle(googleUser);
  server = await startTestServer({ settings: google.settings });
});
afterAll(async () => {
  await server.close();
  await google.stop();
});

/** Starts sign-in, lets the local provider answer, and returns the callback's answer. */
async function runGoogleFlow() {
  const start = await server.request('/api/auth/sign-in/social', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'google', callbackURL: '/profile/setup', errorCallbackURL: '/' }),
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const authorizeUrl = new URL(url);
  const provider = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(provider.headers.get('location') ?? '');
  expect(callback.pathname).toBe('/api/auth/callback/google');
  const answer = await server.request(callback.pathname + callback.search, {
    redirect: 'manual',
    headers: { cookie: cookiesFrom(start) },
  });
  return { authorizeUrl, answer };
}

describe('Google sign-in', () => {
  it('asks for offline access with consent and the email and profile scopes', async () => {
    const { authorizeUrl } = await runGoogleFlow();
    expect(authorizeUrl.origin).toBe(new URL(google.settings.GOOGLE_DISCOVERY_URL ?? '').origin);
    expect(authorizeUrl.searchParams.get('access_type')).toBe('offline');
    expect(authorizeUrl.searchParams.get('prompt')).toBe('consent');
    expect(authorizeUrl.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy();
  });

  it('creates the account and lands on /profile/setup signed in', async () => {
    const { answer } = await runGoogleFlow();
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/profile/setup');
    const session = await (
      await server.request('/api/session', { headers: { cookie: cookiesFrom(answer) } })
    ).json();
    expect(session.user).toMatchObject({ email: googleUser.email, emailVerified: true });
    expect(session.needsProfileSetup).toBe(true);
  });

  it('sends a refusal at Google back to the landing page with the error', async () => {
    google.refuseNext();
    const { answer } = await runGoogleFlow();
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '', server.url);
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(answer.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false);
  });
});

describe('without Google settings', () => {
  it('has no Google provider', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.request('/api/auth/sign-in/social', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'google', callbackURL: '/profile/setup' }),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await res.text()).not.toContain('accounts.google.com');
    } finally {
      await plain.close();
    }
  });
});
