// Accounts end to end over HTTP on a real database: sign-up, the confirmation mail, sign-in by email
// and by username in any letter case, the session, sign-out, password reset, limits on password
// guesses and messages.

import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createMember } from '../../../../tests/support/accounts';
import { cookiesFrom } from '../../../../tests/support/cookies';
import { ENGINE } from '../../../../tests/support/engines';
import { insertProfile } from '../../../../tests/support/factories';
import {
  callJson,
  startTestServer,
  TEST_SECRET,
  type TestServer,
} from '../../../../tests/support/test-server';
import { clearPasswordFailures, countPasswordGuess } from '../../auth/password-attempts';
import { sessions, users } from '../../db/schema';
import { PASSWORD_GUESSES, waitText } from '../../http/rate-limits';
import { createMemoryRateLimiter } from '../../platform/rate-limit';

const HOUR = 3_600_000;

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

/**
 * The confirmation page's button (issue #43): a plain form posting the mailed link's token. The answer
 * is the next page (303): profile setup with the session cookie, or the sign-in card saying why not.
 */
function pressConfirm(token: string) {
  return server.request('/api/auth/verify-email', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams({ token }).toString(),
  });
}

const tokenOfLink = (link: string) => new URL(link).searchParams.get('confirm') ?? '';

/** Signs up, confirms through the mailed link's page, and returns the user id. */
async function createConfirmedAccount(email: string, password: string): Promise<string> {
  expect((await signUp(email, password)).status).toBe(200);
  const confirm = await pressConfirm(tokenOfLink((await latestMailTo(email)).links[0] ?? ''));
  expect(confirm.status).toBe(303);
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
    expect(mail.links[0]).toMatch(new RegExp(`^${server.url}/\\?confirm=[^&#]+#get-started$`));
    const token = tokenOfLink(mail.links[0] ?? '');

    // Opening the link (a mail scanner does) confirms nothing: the page, and the address older mails
    // carried, which only leads to the page.
    await server.request(`/?confirm=${token}`);
    const old = await server.request(`/api/auth/verify-email?token=${token}&callbackURL=%2Fprofile%2Fsetup`, {
      redirect: 'manual',
    });
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`/?confirm=${token}#get-started`);
    expect(old.headers.getSetCookie()).toEqual([]);
    const early = await signIn(email, password);
    expect(early.status).toBe(403);
    expect((await early.json()).error.message).toMatch(/confirm your email/);

    // The page's button does.
    const confirm = await pressConfirm(token);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe('/profile/setup');
    const cookie = cookiesFrom(confirm);
    const session = await (await server.request('/api/session', { headers: { cookie } })).json();
    expect(session.user.email).toBe(email);
    expect(session.user.emailVerified).toBe(true);
    expect(session.needsProfileSetup).toBe(true);
    expect(session.profile).toBeNull();
  });

  it('sends a link pressed again, an expired one and a broken one to the sign-in card, saying which', async () => {
    const token = tokenOfLink((await latestMailTo(email)).links[0] ?? '');
    const again = await pressConfirm(token);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/?confirmation=already#get-started');
    expect(again.headers.getSetCookie()).toEqual([]);

    const newcomer = 'late.reader@example.com';
    expect((await signUp(newcomer, password)).status).toBe(200);
    const expired = await createEmailVerificationToken(TEST_SECRET, newcomer, undefined, -60);
    expect((await pressConfirm(expired)).headers.get('location')).toBe('/?confirmation=expired#get-started');
    const cut = await pressConfirm(token.slice(0, 10));
    expect(cut.headers.get('location')).toBe('/?confirmation=invalid#get-started');
    // A token of better-auth's own change-of-address flow (which the app no longer uses) confirms nothing.
    const [asha] = await server.database.db.select().from(users).where(eq(users.email, email));
    const moving = await createEmailVerificationToken(TEST_SECRET, email, 'elsewhere@example.com', 3600, {
      requestType: 'change-email-verification',
      userId: asha?.id,
    });
    expect((await pressConfirm(moving)).headers.get('location')).toBe('/?confirmation=invalid#get-started');
    const [stillAsha] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.id, asha?.id ?? ''));
    expect(stillAsha?.email).toBe(email);
    // Bad input is a 400, as JSON.
    expect((await server.request('/api/auth/verify-email', json({ token: '' }))).status).toBe(400);
    expect((await server.request('/api/auth/verify-email', json({ token, extra: 1 }))).status).toBe(400);
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
    const confirmed = await pressConfirm(tokenOfLink(mails[0]?.links[0] ?? ''));
    expect(confirmed.headers.get('location')).toBe('/profile/setup');
    expect(cookiesFrom(confirmed)).toContain('session_token');
    // Three new links an hour to one address, from anywhere; the same for an address with no account.
    for (const address of [newcomer, 'nobody.here@example.com']) {
      for (let i = 0; i < 2; i++) expect((await resend(address)).status).toBe(200);
      const refused = await resend(address.toUpperCase());
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.message).toMatch(/Several links went to this address/);
    }
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
    // Wrong passwords are tried on an account of their own, so Ravi's sign-ins never meet a wait.
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
        manageWordLists: false,
        makeClassBooks: false,
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

describe('password guesses', () => {
  // A server of its own whose limiter runs on a clock the tests move: waits of minutes and hours are
  // passed by moving it, not by waiting. Each test starts an hour on, so the per-address limit of
  // the one address every request here comes from starts over.
  let now = Date.now();
  const limiter = createMemoryRateLimiter(() => now);
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({ rateLimiter: limiter });
  });
  afterAll(() => guarded?.close());
  beforeEach(() => {
    now += HOUR;
  });

  const signInTo = async (identifier: string, password: string) => {
    const res = await guarded.request('/api/session', json({ identifier, password }));
    const body = (await res.json()) as { error?: { message: string } };
    return { status: res.status, message: body.error?.message, retryAfter: res.headers.get('retry-after') };
  };
  const wrong = (identifier: string) => ({
    status: 401,
    message: identifier.includes('@') ? 'Invalid email or password' : 'Invalid username or password',
    retryAfter: null,
  });
  const waiting = (seconds: number) => ({
    status: 429,
    message: `Too many attempts. Please try again in ${waitText(seconds)}.`,
    retryAfter: String(seconds),
  });
  const locked = (seconds: number) => ({
    status: 429,
    message: PASSWORD_GUESSES.lockedMessage,
    retryAfter: String(seconds),
  });
  const editWithPassword = (currentPassword: string) => ({
    fullName: 'Dev R',
    bio: '',
    instagramUrl: null,
    linkedinUrl: null,
    institution: 'VITC',
    graduationYear: 2026,
    dob: null,
    passwordChange: { currentPassword, newPassword: 'new-password-1', confirmPassword: 'new-password-1' },
  });

  it('let the owner in every time after a couple of typos: failures are counted, not sign-ins', async () => {
    const account = await createAccount(guarded);
    for (let i = 0; i < 2; i++) {
      expect((await signInTo(account.email, `typo-${i}`)).status).toBe(401);
    }
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await signInTo(account.email, account.password)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('make the next guess wait after five failures in a row, by any way in, even with the right password', async () => {
    const member = await createMember(guarded);
    const { email, password } = member.account;
    const changePassword = (current: string) =>
      callJson(
        guarded,
        'PATCH',
        `/api/profiles/${member.username}`,
        member.cookie,
        editWithPassword(current),
      );
    const deleteAccount = (current: string) =>
      callJson(guarded, 'DELETE', '/api/account', member.cookie, {
        confirmation: member.username,
        password: current,
      });
    // better-auth's own password sign-in is not served at all: it had a limit per address only.
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-in/username']) {
      const direct = await guarded.request(path, json({ email, username: member.username, password }));
      expect(direct.status, path).toBe(404);
      expect(direct.headers.getSetCookie()).toEqual([]);
    }
    // Five failures by email, by username in capitals, as a password change and as the password that
    // deleting the account asks for: one count.
    expect(await signInTo(email.toUpperCase(), 'guess-1')).toEqual(wrong(email));
    expect(await signInTo(member.username.toUpperCase(), 'guess-2')).toEqual(wrong(member.username));
    expect((await changePassword('guess-3')).status).toBe(400);
    expect((await deleteAccount('guess-4')).status).toBe(400);
    expect(await signInTo(email, 'guess-5')).toEqual(wrong(email));
    // The next, by any way and with the right password, waits a minute unchecked; waiting counts nothing.
    expect(await signInTo(email, password)).toEqual(waiting(60));
    expect(await signInTo(member.username, password)).toEqual(waiting(60));
    expect((await changePassword(password)).body.error.message).toBe(waiting(60).message);
    const kept = await deleteAccount(password);
    expect({ status: kept.status, message: kept.body.error.message }).toEqual({
      status: 429,
      message: waiting(60).message,
    });
    now += 45_000;
    expect(await signInTo(member.username, password)).toEqual(waiting(15));
    // Another account on the same address is not held up.
    const other = await createAccount(guarded);
    expect((await signInTo(other.email, other.password)).status).toBe(200);
    // After the wait, a sixth failure doubles it.
    now += 15_000;
    expect(await signInTo(member.username, 'guess-6')).toEqual(wrong(member.username));
    expect(await signInTo(email, password)).toEqual(waiting(120));
    now += 120_000;
    expect((await signInTo(email, password)).status).toBe(200);
  });

  it('start over once the password proves right, by sign-in or by a password change', async () => {
    const member = await createMember(guarded);
    const { email, password } = member.account;
    for (let round = 0; round < 2; round++) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await signInTo(member.username, `guess-${i}`)).status);
      expect(answers).toEqual([401, 401, 401, 401]);
      expect((await signInTo(email, password)).status).toBe(200);
    }
    for (let i = 0; i < 4; i++) expect((await signInTo(email, `guess-${i}`)).status).toBe(401);
    const changed = await callJson(
      guarded,
      'PATCH',
      `/api/profiles/${member.username}`,
      member.cookie,
      editWithPassword(password),
    );
    expect(changed.body.passwordChanged).toBe(true);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await signInTo(email, `guess-${i}`)).status);
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    expect((await signInTo(email, 'new-password-1')).status).toBe(429);
  });

  it('answer an unknown username or email exactly as a known one, through the wait and the lock', async () => {
    const [byUsername, account] = [await createAccount(guarded), await createAccount(guarded)];
    const pairs = [
      [byUsername.username ?? '', 'no_such_member'],
      [account.email, 'no.such.member@example.com'],
    ];
    for (const [known = '', unknown = ''] of pairs) {
      const answers: Record<string, unknown[]> = { known: [], unknown: [] };
      for (let i = 0; i < 7; i++) {
        answers.known?.push(await signInTo(known, `guess-${i}`));
        answers.unknown?.push(await signInTo(unknown, `guess-${i}`));
      }
      expect(answers.unknown).toEqual(answers.known);
      expect(answers.known?.slice(4)).toEqual([wrong(known), waiting(60), waiting(60)]);
    }
    // On to the lock, an hour between guesses (through the limiter: a hundred hashes would be slow).
    for (const identifier of [account.email, 'no.such.member@example.com']) {
      for (let i = 5; i < 99; i++) {
        now += HOUR;
        await countPasswordGuess(limiter, identifier);
      }
    }
    now += HOUR;
    // The hundredth failure is answered as ever; then the account is locked, the right password too.
    expect(await signInTo(account.email, 'guess-100')).toEqual(wrong(account.email));
    expect(await signInTo('no.such.member@example.com', 'guess-100')).toEqual(wrong(account.email));
    now += 10 * HOUR;
    const refused = await signInTo(account.email, account.password);
    // Retry-After: when the count would be forgotten, 30 days after the last failure.
    expect(refused).toEqual(locked((PASSWORD_GUESSES.forgetAfterMs - 10 * HOUR) / 1000));
    expect(await signInTo(account.username ?? '', account.password)).toEqual(refused);
    expect(await signInTo('no.such.member@example.com', account.password)).toEqual(refused);
    // A reset by mail clears the count: the reset's hook calls this once the new password is set.
    await clearPasswordFailures(limiter, account.email);
    expect((await signInTo(account.email, account.password)).status).toBe(200);
  });

  it('count guesses sent at once exactly: five are checked, the rest wait', ENGINE, async () => {
    const account = await createAccount(guarded);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signInTo(i % 2 ? account.email : (account.username ?? ''), 'guess'),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(45);
  });
});
