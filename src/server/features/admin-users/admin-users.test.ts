// Admin user management over HTTP: who may use it, roles, suspension (sessions end, sign-in refused,
// restore), self-protection, input checks; and ADMIN_EMAILS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInAs, type TestAccount } from '../../../../tests/support/accounts';
import { cookiesFrom } from '../../../../tests/support/cookies';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { SUSPENDED_MESSAGE } from '../../auth/auth';

let server: TestServer;
let admin: TestAccount;
let adminCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createAccount(server, { userType: 'admin' });
  adminCookie = await signInAs(server, admin);
});
afterAll(() => server.close());

function call(method: 'GET' | 'PUT', path: string, cookie?: string, body?: unknown) {
  return server.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function sessionOf(cookie: string) {
  return (await server.request('/api/session', { headers: { cookie } })).json();
}

describe('who may manage users', () => {
  it.each([
    ['a visitor', undefined, 401],
    ['an ordinary user', 'ordinary', 403],
    ['a moderator', 'moderator', 403],
    ['an admin', 'admin', 200],
  ] as const)('%s gets %s on every route', async (_, userType, status) => {
    const target = await createAccount(server);
    const cookie = userType ? await signInAs(server, await createAccount(server, { userType })) : undefined;
    const routes: [method: 'GET' | 'PUT', path: string, body?: unknown][] = [
      ['GET', '/api/admin/users'],
      ['PUT', `/api/admin/users/${target.username}/role`, { userType: 'moderator' }],
      ['PUT', `/api/admin/users/${target.username}/suspension`, { suspended: false }],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(method, path, cookie, body);
      expect(res.status, `${method} ${path}`).toBe(status);
    }
  });
});

describe('roles', () => {
  it('an admin makes a user a moderator, and the user sees it', async () => {
    const user = await createAccount(server);
    const userCookie = await signInAs(server, user);
    const res = await call('PUT', `/api/admin/users/${user.username}/role`, adminCookie, {
      userType: 'moderator',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      username: user.username,
      userType: 'moderator',
      suspended: false,
    });
    expect((await sessionOf(userCookie)).profile.userType).toBe('moderator');
  });

  it('refuses an unknown role and an unknown user, changing nothing', async () => {
    const user = await createAccount(server);
    const bad = await call('PUT', `/api/admin/users/${user.username}/role`, adminCookie, {
      userType: 'superuser',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Choose admin, moderator or ordinary.');
    const missing = await call('PUT', '/api/admin/users/no_such_user/role', adminCookie, {
      userType: 'admin',
    });
    expect(missing.status).toBe(404);
    const list = await (await call('GET', `/api/admin/users?query=${user.username}`, adminCookie)).json();
    expect(list.users[0].userType).toBe('ordinary');
  });

  it('tells the admin their own row cannot be changed', async () => {
    const list = await (await call('GET', `/api/admin/users?query=${admin.username}`, adminCookie)).json();
    expect(list.users).toEqual([expect.objectContaining({ username: admin.username, canChange: false })]);
  });

  it('an admin cannot change their own role', async () => {
    const res = await call('PUT', `/api/admin/users/${admin.username}/role`, adminCookie, {
      userType: 'ordinary',
    });
    expect(res.status).toBe(409);
    expect((await sessionOf(adminCookie)).profile.userType).toBe('admin');
  });
});

describe('suspension', () => {
  it('ends the sessions, refuses sign-in with a clear message, and restore lets the user back', async () => {
    const user = await createAccount(server);
    const userCookie = await signInAs(server, user);

    const res = await call('PUT', `/api/admin/users/${user.username}/suspension`, adminCookie, {
      suspended: true,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).suspended).toBe(true);
    expect((await sessionOf(userCookie)).user).toBeNull();

    const refused = await server.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: user.email, password: user.password }),
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe(SUSPENDED_MESSAGE);
    expect(refused.headers.getSetCookie()).toEqual([]);

    await call('PUT', `/api/admin/users/${user.username}/suspension`, adminCookie, { suspended: false });
    expect((await sessionOf(await signInAs(server, user))).user.id).toBe(user.userId);
  });

  it('an admin cannot suspend themselves', async () => {
    const res = await call('PUT', `/api/admin/users/${admin.username}/suspension`, adminCookie, {
      suspended: true,
    });
    expect(res.status).toBe(409);
    expect((await sessionOf(adminCookie)).user).not.toBeNull();
  });

  it('checks the body', async () => {
    const user = await createAccount(server);
    const res = await call('PUT', `/api/admin/users/${user.username}/suspension`, adminCookie, {
      suspended: 'yes',
    });
    expect(res.status).toBe(400);
  });
});

describe('the user list', () => {
  it('finds by username or name, case-insensitively, with % and _ taken literally', async () => {
    const user = await createAccount(server);
    const upper = (user.username ?? '').toUpperCase();
    const found = await (await call('GET', `/api/admin/users?query=${upper}`, adminCookie)).json();
    expect(found.users.map((u: { username: string }) => u.username)).toEqual([user.username]);
    const wildcard = await (await call('GET', '/api/admin/users?query=%25', adminCookie)).json();
    expect(wildcard.users).toEqual([]);
  });

  it('pages by username without gaps or repeats', async () => {
    for (let i = 0; i < 22; i++) await createAccount(server);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await (
        await call('GET', `/api/admin/users${after ? `?after=${after}` : ''}`, adminCookie)
      ).json();
      seen.push(...page.users.map((u: { username: string }) => u.username));
      after = page.nextCursor;
    } while (after);
    expect(seen.length).toBeGreaterThan(22);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(seen);
  });
});

describe('ADMIN_EMAILS', () => {
  // One server for the setting: each test lists its own addresses among these.
  let listed: TestServer;
  beforeAll(async () => {
    listed = await startTestServer({
      settings: {
        ADMIN_EMAILS: 'Dean@Example.com, registrar@example.com, provost@example.com, chancellor@example.com',
      },
    });
  });
  afterAll(() => listed.close());

  const roleOf = async (cookie: string) =>
    (await (await listed.request('/api/session', { headers: { cookie } })).json()).profile?.userType;
  const post = (path: string, body: unknown, cookie?: string, form = false) =>
    listed.request(path, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        origin: listed.url,
        ...(cookie ? { cookie } : {}),
      },
      body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });
  const newestLink = async (to: string) => {
    const mails = (await (await listed.request('/api/dev/outbox')).json()) as {
      to: string;
      links: string[];
    }[];
    return new URL(mails.find((mail) => mail.to === to)?.links[0] ?? 'http://missing.invalid/');
  };

  it('makes the listed account an admin when it signs in', async () => {
    const dean = await createAccount(listed, { email: 'dean@example.com' });
    const cookie = await signInAs(listed, dean);
    expect(await roleOf(cookie)).toBe('admin');
    const other = await createAccount(listed);
    expect(await roleOf(await signInAs(listed, other))).toBe('ordinary');
  });

  it('makes an admin once per address: a demotion sticks, and a later account there is not promoted', async () => {
    const registrar = await createAccount(listed, { email: 'registrar@example.com' });
    const cookie = await signInAs(listed, registrar);
    expect(await roleOf(cookie)).toBe('admin');
    const head = await createAccount(listed, { userType: 'admin' });
    const demoted = await listed.request(`/api/admin/users/${registrar.username}/role`, {
      method: 'PUT',
      headers: { cookie: await signInAs(listed, head), 'content-type': 'application/json' },
      body: JSON.stringify({ userType: 'ordinary' }),
    });
    expect(demoted.status).toBe(200);
    expect(await roleOf(await signInAs(listed, registrar))).toBe('ordinary');

    // The registrar's account goes; a new one at the same address is an ordinary account.
    const gone = await listed.request('/api/account', {
      method: 'DELETE',
      headers: { cookie: await signInAs(listed, registrar), 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation: registrar.username, password: registrar.password }),
    });
    expect(gone.status).toBe(200);
    const successor = await createAccount(listed, { email: 'registrar@example.com' });
    expect(await roleOf(await signInAs(listed, successor))).toBe('ordinary');
  });

  it('never makes an admin of an account that moved onto a listed address', async () => {
    const member = await createAccount(listed);
    const cookie = await signInAs(listed, member);
    const asked = await post(
      '/api/account/email',
      { newEmail: 'provost@example.com', password: member.password },
      cookie,
    );
    expect(asked.status).toBe(200);
    const approve = (await newestLink(member.email)).searchParams.get('token') ?? '';
    expect((await post('/api/account/email/approve', { token: approve }, cookie)).status).toBe(200);
    const confirm = (await newestLink('provost@example.com')).searchParams.get('token') ?? '';
    expect((await post('/api/account/email/confirm', { token: confirm }, cookie)).status).toBe(200);
    const moved = { ...member, email: 'provost@example.com' };
    expect(await roleOf(await signInAs(listed, moved))).toBe('ordinary');
    expect(await roleOf(await signInAs(listed, moved))).toBe('ordinary');
  });

  it('makes an admin of an account signed up at a listed address once its button confirms it, not its link', async () => {
    const email = 'chancellor@example.com';
    const signedUp = await post('/api/auth/sign-up/email', {
      email,
      password: 'chancellor-pass-1',
      name: 'Chancellor',
    });
    expect(signedUp.status).toBe(200);
    const link = await newestLink(email);
    expect(link.searchParams.has('confirm')).toBe(true);
    // A mail scanner opening the link (and the old link's address) confirms nothing.
    await listed.request(`${link.pathname}${link.search}`);
    const token = link.searchParams.get('confirm') ?? '';
    await listed.request(`/api/auth/verify-email?token=${token}`, { redirect: 'manual' });
    const early = await post('/api/session', { identifier: email, password: 'chancellor-pass-1' });
    expect(early.status).toBe(403);
    // The page's button: confirmed, signed in, on to profile setup; the profile made is an admin's.
    const pressed = await post('/api/auth/verify-email', { token }, undefined, true);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('/profile/setup');
    const cookie = cookiesFrom(pressed);
    const profile = await post(
      '/api/profiles',
      {
        username: `chancellor_${Date.now() % 100000}`,
        fullName: 'The Chancellor',
        institution: 'VITC',
        graduationYear: 2026,
      },
      cookie,
    );
    expect(profile.status).toBe(201);
    expect(await roleOf(cookie)).toBe('admin');
  });
});
