// Campus-only accounts (issue #47): with ALLOWED_EMAIL_DOMAINS set, sign-up, Google's first sign-in and
// a change of address refuse other addresses with a clear message and change nothing; a profile whose
// confirmed address is a campus one carries the mark. Off by default: any address, no mark.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, TEST_PASSWORD } from '../../../tests/support/accounts';
import { cookiesFrom } from '../../../tests/support/cookies';
import { type MockGoogle, startMockGoogle } from '../../../tests/support/mock-google';
import { callJson, startTestServer, type TestServer } from '../../../tests/support/test-server';
import { campusOnlyMessage } from '../../shared/campus-email';
import { emailChanges, users } from '../db/schema';

const DOMAINS = ['vitstudent.ac.in', 'vit.ac.in'];
const REFUSED = campusOnlyMessage(DOMAINS);

describe('with ALLOWED_EMAIL_DOMAINS', () => {
  let server: TestServer;
  let google: MockGoogle;

  beforeAll(async () => {
    google = await startMockGoogle({ sub: 'google-campus-1', email: 'asha@vitstudent.ac.in', name: 'Asha' });
    server = await startTestServer({
      settings: { ...google.settings, ALLOWED_EMAIL_DOMAINS: ' VITstudent.ac.in, vit.ac.in' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await google?.stop();
  });

  const usersAt = async (email: string) =>
    server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const signUp = (email: string) =>
    callJson(server, 'POST', '/api/auth/sign-up/email', undefined, {
      name: 'New Student',
      email,
      password: 'a-long-enough-password',
    });

  it('refuses sign-up at another domain, whether or not it has an account, and makes nothing', async () => {
    const existing = await createMember(server, { email: 'old.member@gmail.com' });
    for (const email of [
      'new.person@gmail.com',
      existing.account.email,
      'x@vit.ac.in.evil.com',
      'x@sub.vit.ac.in',
    ]) {
      const answer = await signUp(email);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'validation_failed',
        field: 'email',
        message: REFUSED,
      });
    }
    expect(await usersAt('new.person@gmail.com')).toEqual([]);
    expect(REFUSED).toBe(
      'Only campus email addresses can be used here (@vitstudent.ac.in, @vit.ac.in). Please use your campus address.',
    );
  });

  it('takes a campus address, in any case', async () => {
    const answer = await signUp('Ravi.K@VITstudent.ac.in');
    expect(answer.status).toBe(200);
    expect(await usersAt('ravi.k@vitstudent.ac.in')).toHaveLength(1);
  });

  /** Google's round trip, as google.test.ts runs it; the callback's answer. */
  async function googleSignIn() {
    const start = await server.request('/api/auth/sign-in/social', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'google', callbackURL: '/profile/setup', errorCallbackURL: '/' }),
    });
    const { url } = (await start.json()) as { url: string };
    const provider = await fetch(url, { redirect: 'manual' });
    const callback = new URL(provider.headers.get('location') ?? '');
    return server.request(callback.pathname + callback.search, {
      redirect: 'manual',
      headers: { cookie: cookiesFrom(start) },
    });
  }

  it("refuses Google's first sign-in at another domain: back on the landing page with the reason, no account", async () => {
    google.usePerson({ sub: 'google-other-1', email: 'someone@gmail.com', name: 'Someone' });
    const answer = await googleSignIn();
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '', server.url);
    expect(location.pathname).toBe('/');
    // The landing page shows "Google authentication error: " and the description (SPEC §8).
    expect(location.searchParams.get('error')).toBe('EMAIL_DOMAIN_NOT_ALLOWED');
    expect(location.searchParams.get('error_description')).toBe(REFUSED);
    expect(answer.headers.getSetCookie().some((cookie) => cookie.includes('session_token='))).toBe(false);
    expect(await usersAt('someone@gmail.com')).toEqual([]);

    google.usePerson({ sub: 'google-campus-1', email: 'asha@vitstudent.ac.in', name: 'Asha' });
    const campus = await googleSignIn();
    expect(campus.headers.get('location')).toBe('/profile/setup');
    expect(await usersAt('asha@vitstudent.ac.in')).toHaveLength(1);
  });

  it('refuses a change of address to another domain, and takes a campus one', async () => {
    const member = await createMember(server, { email: 'meera@vit.ac.in' });
    const refused = await callJson(server, 'POST', '/api/account/email', member.cookie, {
      newEmail: 'meera.personal@gmail.com',
      password: TEST_PASSWORD,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'validation_failed',
      field: 'newEmail',
      message: REFUSED,
    });
    const pending = () =>
      server.database.db.select().from(emailChanges).where(eq(emailChanges.userId, member.account.userId));
    expect(await pending()).toEqual([]);

    const taken = await callJson(server, 'POST', '/api/account/email', member.cookie, {
      newEmail: 'meera.s@vitstudent.ac.in',
      password: TEST_PASSWORD,
    });
    expect(taken.status).toBe(200);
    expect(await pending()).toHaveLength(1);
  });

  it('marks profiles whose confirmed address is a campus one, for everyone who reads them', async () => {
    const campus = await createMember(server, { email: 'kavya@vitstudent.ac.in' });
    const elsewhere = await createMember(server, { email: 'before.the.setting@gmail.com' });
    const unconfirmed = await createMember(server, { email: 'not.yet@vit.ac.in' });
    await server.database.db
      .update(users)
      .set({ emailVerified: false })
      .where(eq(users.id, unconfirmed.account.userId));
    const read = async (username: string, cookie: string) =>
      (await callJson(server, 'GET', `/api/profiles/${username}`, cookie)).body;

    expect(await read(campus.username, elsewhere.cookie)).toMatchObject({ campusAddress: true });
    expect(await read(campus.username, campus.cookie)).toMatchObject({ campusAddress: true });
    expect(await read(elsewhere.username, campus.cookie)).toMatchObject({ campusAddress: false });
    expect(await read(unconfirmed.username, campus.cookie)).toMatchObject({ campusAddress: false });
    // The address itself stays on the server.
    expect(JSON.stringify(await read(campus.username, elsewhere.cookie))).not.toContain('kavya@');
  });
});

describe('without ALLOWED_EMAIL_DOMAINS (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('takes any address and shows no mark', async () => {
    const answer = await callJson(server, 'POST', '/api/auth/sign-up/email', undefined, {
      name: 'Anyone',
      email: 'anyone@gmail.com',
      password: 'a-long-enough-password',
    });
    expect(answer.status).toBe(200);
    const member = await createMember(server, { email: 'someone@vit.ac.in' });
    const profile = (await callJson(server, 'GET', `/api/profiles/${member.username}`, member.cookie)).body;
    expect(profile).not.toHaveProperty('campusAddress');
  });
});
