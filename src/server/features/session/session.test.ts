// Accounts end to end over HTTP on a real database: sign-up, the confirmation mail, sign-in by email
// and by username in any letter case, the session, sign-out, password reset, limits and messages.
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../../tests/support/accounts';
import { cookiesFrom } from '../../../../tests/support/cookies';
import { insertProfile } from '../../../../tests/support/factories';
import { startTestServer, TEST_SECRET, type TestServer } from '../../../../tests/support/test-server';
import { sessions, users } from '../../db/schema';
import { waitText } from '../../http/rate-limits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const json = (body: unknown, cookie?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

async function outbox(): Promise<{ to: string; subject: string; links: string[] }[]> {
  return (await server.request('/api/dev/outbox')).json();
}

async function latestMailTo(email: string) {
  const mail = (await outbox()).find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

async function signUp(email: string, password: string) {
  return server.request(
    '/api/auth/sign-up/email',
    json({ email, password, name: email.split('@')[0], callbackURL: '/profile/setup' }),
  );
}

/** Signs up, confirms through the mailed link, and returns the user id. */
async function createConfirmedAccount(email: string, password: string): Promise<string> {
  expect((await signUp(email, password)).status).toBe(200);
  const link = new URL((await latestMailTo(email)).links[0] ?? '');
  const confirm = await server.request(link.pathname + link.search, { redirect: 'manual' });
  expect(confirm.status).toBe(302);
  const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error('user not created');
  return user.id;
}

async function signIn(identifier: string, password: string) {
  return server.request('/api/session', json({ identifier, password }));
}

describe('sign-up and confirmation', () => {
  const email = 'asha.k@example.com';
  const password = 'monsoon-2026';

  it('sends a confirmation mail, refuses sign-in until confirmed, then lands on /profile/setup', async () => {
    const res = await signUp('Asha.K@Example.com', password);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(false);

    const mail = await latestMailTo(email);
    expect(mail.subject).toBe('Confirm your Campus Yearbook account');
    expect(mail.links[0]).toContain(`${server.url}/api/auth/verify-email?token=`);

    const early = await signIn(email, password);
    expect(early.status).toBe(403);
    expect((await early.json()).error.message).toMatch(/confirm your email/);

    const link = new URL(mail.links[0] ?? '');
    const confirm = await server.request(link.pathname + link.search, { redirect: 'manual' });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get('location')).toBe('/profile/setup');
    const cookie = cookiesFrom(confirm);
    const session = await (await server.request('/api/session', { headers: { cookie } })).json();
    expect(session.user.email).toBe(email);
    expect(session.user.emailVerified).toBe(true);
    expect(session.needsProfileSetup).toBe(true);
    expect(session.profile).toBeNull();
  });

  it('sends a link opened again, an expired one and a broken one to the sign-in card, saying which', async () => {
    const link = new URL((await latestMailTo(email)).links[0] ?? '');
    const again = await server.request(link.pathname + link.search, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/?confirmation=already#get-started');
    expect(again.headers.getSetCookie()).toEqual([]);

    const newcomer = 'late.reader@example.com';
    expect((await signUp(newcomer, password)).status).toBe(200);
    const expired = await createEmailVerificationToken(TEST_SECRET, newcomer, undefined, -60);
    const late = await server.request(
      `/api/auth/verify-email?token=${expired}&callbackURL=%2Fprofile%2Fsetup`,
      { redirect: 'manual' },
    );
    expect(late.headers.get('location')).toBe('/?confirmation=expired#get-started');
    const broken = link.search.replace(/token=([^&]{10})[^&]*/, 'token=$1');
    const cut = await server.request(link.pathname + broken, { redirect: 'manual' });
    expect(cut.headers.get('location')).toBe('/?confirmation=invalid#get-started');
    const [lateUser] = await server.database.db.select().from(users).where(eq(users.email, newcomer));
    expect(lateUser?.emailVerified).toBe(false);

    // The card's "send a new link": a new mail to an address waiting for confirmation, and the same
    // answer, with no mail, for a confirmed one or one with no account (nothing to learn from it).
    const before = (await outbox()).length;
    const resend = (address: string) =>
      server.request(
        '/api/auth/send-verification-email',
        json({ email: address, callbackURL: '/profile/setup' }),
      );
    for (const address of [newcomer, email, 'nobody.here@example.com']) {
      const res = await resend(address);
      expect(res.status, address).toBe(200);
      expect(await res.json(), address).toEqual({ status: true });
    }
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.to).toBe(newcomer);
    const fresh = new URL(mails[0]?.links[0] ?? '');
    const confirmed = await server.request(fresh.pathname + fresh.search, { redirect: 'manual' });
    expect(confirmed.headers.get('location')).toBe('/profile/setup');
    expect(cookiesFrom(confirmed)).toContain('session_token');
    // Three new links an hour to one address, from anywhere; the same for an address with no account.
    for (const address of [newcomer, 'nobody.here@example.com']) {
      for (let i = 0; i < 2; i++) expect((await resend(address)).status).toBe(200);
      const refused = await resend(address.toUpperCase());
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.message).toMatch(/Several links went to this address/);
    }
    // A link that works, whose page's own address carries an `error`, still signs in.
    const another = 'query.reader@example.com';
    expect((await signUp(another, password)).status).toBe(200);
    const token = await createEmailVerificationToken(TEST_SECRET, another, undefined, 3600);
    const withQuery = await server.request(
      `/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent('/profile/setup?error=x')}`,
      { redirect: 'manual' },
    );
    expect(withQuery.headers.get('location')).toBe('/profile/setup?error=x');
    expect(cookiesFrom(withQuery)).toContain('session_token');
    // Only what the card sends: no other site to come back to, no extra field.
    expect(
      (
        await server.request(
          '/api/auth/send-verification-email',
          json({ email: newcomer, callbackURL: 'https://evil.example' }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await server.request('/api/auth/send-verification-email', json({ email: newcomer, extra: 1 }))).status,
    ).toBe(400);
  });

  it('answers a sign-up with a taken email exactly like a new one, and tells the owner', async () => {
    const before = (await outbox()).length;
    const res = await signUp(email, 'another-password');
    expect(res.status).toBe(200);
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.subject).toBe('You already have a Campus Yearbook account');
  });

  it('refuses a password under 6 characters', async () => {
    const res = await signUp('short.pw@example.com', '12345');
    expect(res.status).toBe(400);
  });
});

describe('sign-in, the session and sign-out', () => {
  const email = 'ravi.m@example.com';
  const password = 'hostel-block-c';
  let userId: string;

  beforeAll(async () => {
    userId = await createConfirmedAccount(email, password);
    await insertProfile(server.database.db, userId, { username: 'ravi_m', fullName: 'Ravi M', email });
    // Wrong passwords are tried on an account of their own: guesses at one account are limited
    // (five a minute, by email and username together), and Ravi signs in five times above.
    const kiran = await createConfirmedAccount('kiran.p@example.com', 'mess-hall-7');
    await insertProfile(server.database.db, kiran, { username: 'kiran_p', email: 'kiran.p@example.com' });
  });

  it('signs in by email in any letter case', async () => {
    const res = await signIn('RAVI.M@Example.COM', password);
    expect(res.status).toBe(200);
    const cookie = cookiesFrom(res);
    expect(res.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    expect(res.headers.getSetCookie().join()).toMatch(/SameSite=Lax/i);
    const body = await res.json();
    expect(body.user.id).toBe(userId);
    expect(body.profile).toEqual({
      username: 'ravi_m',
      fullName: 'Ravi M',
      userType: 'ordinary',
      profilePictureUrl: null,
      permissions: {
        manageReports: false,
        reviewAsklines: false,
        manageUsers: false,
        editNotice: false,
        readModerationLog: false,
      },
    });
    const session = await (await server.request('/api/session', { headers: { cookie } })).json();
    expect(session.user.id).toBe(userId);
  });

  it('signs in by username in any letter case', async () => {
    const res = await signIn('Ravi_M', password);
    expect(res.status).toBe(200);
    expect((await res.json()).profile.username).toBe('ravi_m');
  });

  it('ends the session on sign-out: the old cookie is refused', async () => {
    const cookie = cookiesFrom(await signIn(email, password));
    expect(
      (await (await server.request('/api/session', { headers: { cookie } })).json()).user,
    ).not.toBeNull();
    const out = await server.request('/api/auth/sign-out', json({}, cookie));
    expect(out.status).toBe(200);
    const after = await (await server.request('/api/session', { headers: { cookie } })).json();
    expect(after).toEqual({ user: null, profile: null, needsProfileSetup: false });
  });

  it('reads API requests by the signed cookie alone: a forged or expired session is a visitor', async () => {
    const cookie = cookiesFrom(await signIn(email, password));
    const feed = (c: string) => server.request('/api/posts?sort=newest', { headers: { cookie: c } });
    expect((await feed(cookie)).status).toBe(200);

    // The same token with another signature, or another token with this one's signature.
    const [name, value = ''] = cookie.split('=');
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf('.');
    const token = decoded.slice(0, dot);
    const signature = decoded.slice(dot + 1);
    const forged = [
      `${token}.${Buffer.alloc(32, 7).toString('base64')}`,
      `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}.${signature}`,
      token,
    ];
    for (const forgery of forged) {
      expect((await feed(`${name}=${encodeURIComponent(forgery)}`)).status).toBe(401);
    }

    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    // A change made behind the server's back reaches its kept sessions as a notice: wait for it.
    await server.viewers.settle();
    expect((await feed(cookie)).status).toBe(401);
  });

  it('ends API access on sign-out too', async () => {
    const cookie = cookiesFrom(await signIn(email, password));
    const feed = () => server.request('/api/posts?sort=newest', { headers: { cookie } });
    expect((await feed()).status).toBe(200);
    expect((await server.request('/api/auth/sign-out', json({}, cookie))).status).toBe(200);
    expect((await feed()).status).toBe(401);
  });

  it.each([
    ['a wrong password by email', 'kiran.p@example.com', 'wrong-password', 'Invalid email or password'],
    ['an unknown email', 'nobody@example.com', 'whatever1', 'Invalid email or password'],
    ['a wrong password by username', 'kiran_p', 'wrong-password', 'Invalid username or password'],
    ['an unknown username', 'no_such_user', 'whatever1', 'Invalid username or password'],
  ])('refuses %s with the spec message', async (_, identifier, pw, message) => {
    const res = await signIn(identifier, pw);
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe(message);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('checks the fields before anything else', async () => {
    const res = await signIn('   ', 'x');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      code: 'validation_failed',
      message: 'Please enter your username or email',
      field: 'identifier',
    });
    const bad = await server.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('invalid_json');
    // JSON sent as anything else (a form on another site can send text/plain) is not read.
    const plain = await server.request('/api/session', {
      method: 'POST',
      body: '{"identifier":"a","password":"b"}',
    });
    expect(plain.status).toBe(415);
  });

  it('never answers with the email of a username', async () => {
    const res = await signIn('kiran_p', 'wrong-password');
    expect(await res.text()).not.toContain('kiran.p@example.com');
  });
});

describe('password reset', () => {
  const email = 'meera.s@example.com';
  const oldPassword = 'first-password';
  const newPassword = 'second-password';

  it('mails a link, sets a new password and ends the other sessions', async () => {
    await createConfirmedAccount(email, oldPassword);
    const otherDevice = cookiesFrom(await signIn(email, oldPassword));

    const ask = await server.request(
      '/api/auth/request-password-reset',
      json({ email, redirectTo: '/reset-password' }),
    );
    expect(ask.status).toBe(200);
    const mail = await latestMailTo(email);
    expect(mail.subject).toBe('Reset your Campus Yearbook password');
    const link = new URL(mail.links[0] ?? '');
    const opened = await server.request(link.pathname + link.search, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get('location') ?? '', server.url);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await server.request('/api/auth/reset-password', json({ newPassword, token }));
    expect(reset.status).toBe(200);

    const stale = await (await server.request('/api/session', { headers: { cookie: otherDevice } })).json();
    expect(stale.user).toBeNull();
    expect((await signIn(email, oldPassword)).status).toBe(401);
    expect((await signIn(email, newPassword)).status).toBe(200);
  });

  it('answers an unknown email exactly like a known one', async () => {
    const res = await server.request(
      '/api/auth/request-password-reset',
      json({ email: 'ghost@example.com' }),
    );
    expect(res.status).toBe(200);
  });

  it('refuses a new password under 6 characters', async () => {
    const res = await server.request('/api/auth/reset-password', json({ newPassword: '12345', token: 'x' }));
    expect(res.status).toBe(400);
  });
});

describe('behind https', () => {
  it('marks the session cookie Secure', async () => {
    const https = await startTestServer({ settings: { PUBLIC_URL: 'https://yearbook.example' } });
    try {
      const account = await createAccount(https);
      const res = await https.request(
        '/api/session',
        json({ identifier: account.email, password: account.password }),
      );
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token=')) ?? '';
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      // The API finds the session under its __Secure- name (a visitor would get 401).
      expect(cookie).toMatch(/^__Secure-/);
      const feed = await https.request('/api/posts?sort=newest', { headers: { cookie: cookiesFrom(res) } });
      expect(feed.status).toBe(200);
    } finally {
      await https.close();
    }
  });
});

describe('rate limits', () => {
  it('limit guesses per account across every way in: email, username, a password change, better-auth', async () => {
    const email = 'dev.r@example.com';
    const password = 'library-3rd-floor';
    const userId = await createConfirmedAccount(email, password);
    await insertProfile(server.database.db, userId, { username: 'dev_r', email });
    const other = await createAccount(server);
    // A session of the account, signed in before the guessing starts.
    const cookie = cookiesFrom(await signIn(email, password));
    const changePassword = () =>
      server.request('/api/profiles/dev_r', {
        ...json(
          {
            fullName: 'Dev R',
            bio: '',
            instagramUrl: null,
            linkedinUrl: null,
            institution: 'VITC',
            graduationYear: 2026,
            dob: null,
            passwordChange: {
              currentPassword: 'guess',
              newPassword: 'new-password-1',
              confirmPassword: 'new-password-1',
            },
          },
          cookie,
        ),
        method: 'PATCH',
      });
    // better-auth's own password sign-in is not served at all: it had a limit per address only.
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-in/username']) {
      const direct = await server.request(path, json({ email, username: 'dev_r', password }));
      expect(direct.status, path).toBe(404);
      expect(direct.headers.getSetCookie()).toEqual([]);
    }
    // One sign-in above, then guesses by email, username in capitals, and a password change: five.
    expect((await signIn('DEV.R@example.com', 'guess-1')).status).toBe(401);
    expect((await signIn('DEV_R', 'guess-2')).status).toBe(401);
    expect((await changePassword()).status).toBe(400);
    expect((await signIn('dev_r', 'guess-3')).status).toBe(401);
    // The sixth, by any way and even with the right password, waits.
    for (const identifier of [email, 'dev_r']) {
      const res = await signIn(identifier, password);
      expect(res.status, identifier).toBe(429);
      expect((await res.json()).error.message).toMatch(
        /^Too many attempts\. Please try again in (\d+ seconds?|1 minute)\.$/,
      );
    }
    expect((await changePassword()).status).toBe(429);
    // Another account on the same address is not held up.
    expect((await signIn(other.email, other.password)).status).toBe(200);
  });

  it('answer repeated failed sign-ins for one identifier with 429 and a clear message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn('target_user', `guess-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const res = await signIn('target_user', 'one-more');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await res.json()).error.message).toBe(
      `Too many attempts. Please try again in ${waitText(retryAfter)}.`,
    );
  });
});
