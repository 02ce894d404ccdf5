// Profiles over HTTP on a real database: setup with every rule of SPEC §5, availability, the profile
// page's answer (counts without anonymous posts, owner-only details), Edit Profile with the password
// change, and who may change what.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInAs, type TestAccount } from '../../../../tests/support/accounts';
import { ENGINE } from '../../../../tests/support/engines';
import { callJson, startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { PROFILE_MESSAGES } from '../../../shared/profiles';
import { accounts, posts, profiles } from '../../db/schema';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ settings: { ADMIN_EMAILS: 'head@campus.example' } });
});
afterAll(() => server.close());

const call = (method: Parameters<typeof callJson>[1], path: string, cookie?: string, body?: unknown) =>
  callJson(server, method, path, cookie, body);

let counter = 0;
const uniqueName = (prefix = 'yb') => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

const validSetup = () => ({
  username: uniqueName(),
  fullName: 'Asha Raman',
  bio: 'Third year, CSE. Coffee and compilers.',
  instagramUrl: 'https://instagram.com/asha.raman',
  linkedinUrl: 'https://www.linkedin.com/in/asha-raman',
  institution: 'VITV',
  graduationYear: 2027,
  dob: '2004-02-29',
});

/** A signed-in account that has not set up its profile yet. */
async function newcomer(email?: string): Promise<{ account: TestAccount; cookie: string }> {
  const account = await createAccount(server, { profile: false, ...(email ? { email } : {}) });
  return { account, cookie: await signInAs(server, account) };
}

async function profileRowOf(userId: string) {
  const [row] = await server.database.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row ?? null;
}

describe('profile setup (POST /api/profiles)', () => {
  it('creates the profile, lower-cases the username, and the session no longer needs setup', async () => {
    const { account, cookie } = await newcomer();
    const input = { ...validSetup(), username: `  Asha.${uniqueName('R')}  ` };
    const res = await call('POST', '/api/profiles', cookie, input);
    expect(res.status).toBe(201);
    const expectedUsername = input.username.trim().toLowerCase();
    expect(res.body).toMatchObject({
      username: expectedUsername,
      fullName: 'Asha Raman',
      institution: 'VITV',
      graduationYear: 2027,
      dob: '2004-02-29',
      instagramUrl: 'https://instagram.com/asha.raman',
      profilePictureUrl: null,
      stats: { posts: 0, likes: 0 },
      viewerIsOwner: true,
      hasPassword: true,
    });
    expect(res.body).not.toHaveProperty('email');
    expect(res.body).not.toHaveProperty('userId');
    const row = await profileRowOf(account.userId);
    expect(row).toMatchObject({ username: expectedUsername, email: account.email, userType: 'ordinary' });

    const session = await call('GET', '/api/session', cookie);
    expect(session.body).toMatchObject({ needsProfileSetup: false, profile: { username: expectedUsername } });
  });

  it('fills defaults for the optional fields and leaves the date of birth out when empty', async () => {
    const { account, cookie } = await newcomer();
    const username = uniqueName();
    const res = await call('POST', '/api/profiles', cookie, {
      username,
      fullName: '  Ravi  ',
      institution: 'VITC',
      graduationYear: 2028,
      dob: '',
      instagramUrl: '',
      linkedinUrl: null,
    });
    expect(res.status).toBe(201);
    expect(await profileRowOf(account.userId)).toMatchObject({
      fullName: 'Ravi',
      bio: '',
      dob: null,
      instagramUrl: null,
      linkedinUrl: null,
    });
  });

  it('makes accounts listed in ADMIN_EMAILS admins', async () => {
    const { account, cookie } = await newcomer('head@campus.example');
    expect((await call('POST', '/api/profiles', cookie, validSetup())).status).toBe(201);
    expect((await profileRowOf(account.userId))?.userType).toBe('admin');
  });

  it('refuses a visitor with the spec message', async () => {
    const res = await call('POST', '/api/profiles', undefined, validSetup());
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(PROFILE_MESSAGES.createSignedOut);
  });

  it('refuses a second profile for the same account', async () => {
    const { account, cookie } = await newcomer();
    const first = validSetup();
    expect((await call('POST', '/api/profiles', cookie, first)).status).toBe(201);
    const again = await call('POST', '/api/profiles', cookie, validSetup());
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(PROFILE_MESSAGES.alreadyCreated);
    expect((await profileRowOf(account.userId))?.username).toBe(first.username);
  });

  it('refuses a taken username whatever its case', async () => {
    const owner = await createAccount(server);
    const { account, cookie } = await newcomer();
    const res = await call('POST', '/api/profiles', cookie, {
      ...validSetup(),
      username: owner.username?.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ message: 'Username is already taken', field: 'username' });
    expect(await profileRowOf(account.userId)).toBeNull();
  });

  it('lets exactly one of two people racing for a username have it', ENGINE, async () => {
    const [a, b] = await Promise.all([newcomer(), newcomer()]);
    const username = uniqueName();
    const results = await Promise.all(
      [a, b].map(({ cookie }) => call('POST', '/api/profiles', cookie, { ...validSetup(), username })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  const longName = 'x'.repeat(61);
  it.each([
    ['a two-letter username', { username: 'ab' }, PROFILE_MESSAGES.usernameLength],
    ['a 21-letter username', { username: 'a'.repeat(21) }, PROFILE_MESSAGES.usernameLength],
    ['a username with a space', { username: 'asha raman' }, PROFILE_MESSAGES.username],
    ['a username with a hyphen', { username: 'asha-raman' }, PROFILE_MESSAGES.username],
    ['a username starting with a period', { username: '.asha' }, PROFILE_MESSAGES.username],
    ['a username ending with a period', { username: 'asha.' }, PROFILE_MESSAGES.username],
    ['two periods in a row', { username: 'asha..r' }, PROFILE_MESSAGES.username],
    ['an emoji username', { username: 'asha😀' }, PROFILE_MESSAGES.username],
    ['a reserved username', { username: 'Dashboard' }, PROFILE_MESSAGES.usernameReserved],
    ['a blank full name', { fullName: '   ' }, PROFILE_MESSAGES.fullName],
    ['a missing full name', { fullName: undefined }, PROFILE_MESSAGES.fullName],
    ['a 61-character full name', { fullName: longName }, PROFILE_MESSAGES.fullNameLength],
    ['a full name with a control character', { fullName: 'Asha\u0007' }, PROFILE_MESSAGES.controlCharacters],
    ['a 161-character bio', { bio: 'b'.repeat(161) }, PROFILE_MESSAGES.bio],
    [
      'an Instagram link elsewhere',
      { instagramUrl: 'https://evil.example/instagram.com' },
      PROFILE_MESSAGES.instagramUrl,
    ],
    ['a javascript: Instagram link', { instagramUrl: 'javascript:alert(1)' }, PROFILE_MESSAGES.instagramUrl],
    [
      'a look-alike LinkedIn host',
      { linkedinUrl: 'https://linkedin.com.evil.example/in/x' },
      PROFILE_MESSAGES.linkedinUrl,
    ],
    ['an unknown institution', { institution: 'VITB' }, PROFILE_MESSAGES.institution],
    ['graduation in 2019', { graduationYear: 2019 }, PROFILE_MESSAGES.graduationYear],
    ['graduation in 2031', { graduationYear: 2031 }, PROFILE_MESSAGES.graduationYear],
    ['graduation year as text', { graduationYear: '2028' }, PROFILE_MESSAGES.graduationYear],
    ['a birthday next year', { dob: `${new Date().getUTCFullYear() + 1}-01-01` }, PROFILE_MESSAGES.dobFuture],
    ['an impossible date', { dob: '2004-02-30' }, PROFILE_MESSAGES.dob],
    ['a date in another format', { dob: '29/02/2004' }, PROFILE_MESSAGES.dob],
  ])('refuses %s with its message and stores nothing', async (_, change, message) => {
    const { account, cookie } = await newcomer();
    const res = await call('POST', '/api/profiles', cookie, { ...validSetup(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await profileRowOf(account.userId)).toBeNull();
  });

  it('refuses fields it does not know (a user id, a role) and stores nothing', async () => {
    const { account, cookie } = await newcomer();
    const res = await call('POST', '/api/profiles', cookie, { ...validSetup(), userType: 'admin' });
    expect(res.status).toBe(400);
    expect(await profileRowOf(account.userId)).toBeNull();
  });

  it('refuses a body that is not JSON', async () => {
    const { cookie } = await newcomer();
    const res = await server.request('/api/profiles', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(res.status).toBe(400);
  });
});

describe('username availability (GET /api/usernames/{username})', () => {
  it('answers available for a free name and taken for a used one, whatever the case', async () => {
    const { cookie } = await newcomer();
    const owner = await createAccount(server);
    const free = await call('GET', `/api/usernames/${uniqueName()}`, cookie);
    expect(free.status).toBe(200);
    expect(free.body.available).toBe(true);
    const taken = await call('GET', `/api/usernames/${owner.username?.toUpperCase()}`, cookie);
    expect(taken.body).toEqual({ username: owner.username, available: false });
  });

  it('answers an invalid name with the rule and a visitor with 401', async () => {
    const { cookie } = await newcomer();
    const invalid = await call('GET', '/api/usernames/a..b', cookie);
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe(PROFILE_MESSAGES.username);
    expect((await call('GET', '/api/usernames/someone', undefined)).status).toBe(401);
  });
});

describe('the profile page (GET /api/profiles/{username})', () => {
  it('counts named posts and their likes, never anonymous or deleted ones', async () => {
    const author = await createAccount(server);
    const viewer = await createAccount(server);
    const db = server.database.db;
    await db.insert(posts).values([
      { userId: author.userId, content: 'named one', likeCount: 3 },
      { userId: author.userId, content: 'named two', likeCount: 2 },
      { userId: author.userId, content: 'anonymous', isAnonymous: true, likeCount: 40 },
      { userId: author.userId, content: 'deleted', deleted: true, likeCount: 7 },
      // Someone else's post counts for them, not for this author.
      { userId: viewer.userId, content: 'not theirs', likeCount: 11 },
    ]);
    const res = await call('GET', `/api/profiles/${author.username}`, await signInAs(server, viewer));
    expect(res.status).toBe(200);
    expect(res.body.stats).toEqual({ posts: 2, likes: 5 });
    expect(res.body.viewerIsOwner).toBe(false);
    // The owner's private details stay with the owner.
    expect(res.body).not.toHaveProperty('dob');
    expect(res.body).not.toHaveProperty('hasPassword');
    expect(JSON.stringify(res.body)).not.toContain(author.email);
    expect(JSON.stringify(res.body)).not.toContain(author.userId);
  });

  it('tells the owner it is theirs and finds it whatever the case of the address', async () => {
    const owner = await createAccount(server);
    const res = await call(
      'GET',
      `/api/profiles/${owner.username?.toUpperCase()}`,
      await signInAs(server, owner),
    );
    expect(res.body).toMatchObject({ username: owner.username, viewerIsOwner: true, hasPassword: true });
    expect(res.body).toHaveProperty('dob');
  });

  it('says a missing user does not exist, and visitors must sign in', async () => {
    const viewer = await createAccount(server);
    const missing = await call('GET', '/api/profiles/nobody_here', await signInAs(server, viewer));
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('The user nobody_here does not exist');
    const owner = await createAccount(server);
    expect((await call('GET', `/api/profiles/${owner.username}`)).status).toBe(401);
  });
});

describe('Edit Profile (PATCH /api/profiles/{username})', () => {
  const edit = (overrides: Record<string, unknown> = {}) => ({
    fullName: 'Asha R.',
    bio: 'Now in final year.',
    instagramUrl: '',
    linkedinUrl: 'https://in.linkedin.com/in/asha',
    institution: 'VITC',
    graduationYear: 2026,
    dob: '',
    ...overrides,
  });

  it('saves every field for the owner and keeps the username', async () => {
    const owner = await createAccount(server);
    const cookie = await signInAs(server, owner);
    const res = await call('PATCH', `/api/profiles/${owner.username}`, cookie, edit());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      passwordChanged: false,
      profile: { username: owner.username, fullName: 'Asha R.', instagramUrl: null, graduationYear: 2026 },
    });
    expect(await profileRowOf(owner.userId)).toMatchObject({
      username: owner.username,
      fullName: 'Asha R.',
      bio: 'Now in final year.',
      linkedinUrl: 'https://in.linkedin.com/in/asha',
      institution: 'VITC',
      dob: null,
    });
  });

  it("refuses to edit someone else's profile, and a visitor, changing nothing", async () => {
    const owner = await createAccount(server, { fullName: 'Original Name' });
    const other = await createAccount(server);
    const forbidden = await call(
      'PATCH',
      `/api/profiles/${owner.username}`,
      await signInAs(server, other),
      edit({ fullName: 'Hijacked' }),
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe(PROFILE_MESSAGES.notOwner);
    const visitor = await call('PATCH', `/api/profiles/${owner.username}`, undefined, edit());
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe(PROFILE_MESSAGES.updateSignedOut);
    expect((await profileRowOf(owner.userId))?.fullName).toBe('Original Name');
    expect((await profileRowOf(other.userId))?.fullName).not.toBe('Hijacked');
  });

  it('refuses an attempt to change the username or the role through the body', async () => {
    const owner = await createAccount(server);
    const cookie = await signInAs(server, owner);
    for (const extra of [{ username: 'new_name' }, { userType: 'admin' }]) {
      const res = await call('PATCH', `/api/profiles/${owner.username}`, cookie, edit(extra));
      expect(res.status).toBe(400);
    }
    expect(await profileRowOf(owner.userId)).toMatchObject({
      username: owner.username,
      userType: 'ordinary',
    });
  });

  it('refuses bad fields with their messages, changing nothing', async () => {
    const owner = await createAccount(server, { fullName: 'Kept Name' });
    const cookie = await signInAs(server, owner);
    const res = await call(
      'PATCH',
      `/api/profiles/${owner.username}`,
      cookie,
      edit({ bio: 'b'.repeat(161) }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(PROFILE_MESSAGES.bio);
    expect((await profileRowOf(owner.userId))?.fullName).toBe('Kept Name');
  });

  describe('password change', () => {
    it.each([
      [
        'no current password',
        { currentPassword: '', newPassword: 'newpass1', confirmPassword: 'newpass1' },
        PROFILE_MESSAGES.currentPasswordRequired,
      ],
      [
        'a confirmation that differs',
        { currentPassword: 'x', newPassword: 'newpass1', confirmPassword: 'newpass2' },
        PROFILE_MESSAGES.passwordsDiffer,
      ],
      [
        'a short new password',
        { currentPassword: 'x', newPassword: 'short', confirmPassword: 'short' },
        PROFILE_MESSAGES.passwordLength,
      ],
    ])('refuses %s with the spec message', async (_, passwordChange, message) => {
      const owner = await createAccount(server, { fullName: 'Kept Name' });
      const cookie = await signInAs(server, owner);
      const res = await call('PATCH', `/api/profiles/${owner.username}`, cookie, edit({ passwordChange }));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect((await profileRowOf(owner.userId))?.fullName).toBe('Kept Name');
    });

    it('refuses a wrong current password and changes neither the password nor the profile', async () => {
      const owner = await createAccount(server, { fullName: 'Kept Name' });
      const cookie = await signInAs(server, owner);
      const res = await call(
        'PATCH',
        `/api/profiles/${owner.username}`,
        cookie,
        edit({
          passwordChange: {
            currentPassword: 'wrong-one',
            newPassword: 'newpass1',
            confirmPassword: 'newpass1',
          },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        message: 'Current password is incorrect',
        field: 'currentPassword',
      });
      expect((await profileRowOf(owner.userId))?.fullName).toBe('Kept Name');
      // The old password still signs in.
      await expect(signInAs(server, owner)).resolves.toBeTruthy();
    });

    it('changes profile and password together, keeps this browser signed in and ends other sessions', async () => {
      const owner = await createAccount(server);
      const cookie = await signInAs(server, owner);
      const otherDevice = await signInAs(server, owner);
      const newPassword = 'fresh-pass-42';
      const res = await call(
        'PATCH',
        `/api/profiles/${owner.username}`,
        cookie,
        edit({
          fullName: 'Changed',
          passwordChange: { currentPassword: owner.password, newPassword, confirmPassword: newPassword },
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body.passwordChanged).toBe(true);
      expect((await profileRowOf(owner.userId))?.fullName).toBe('Changed');

      const freshCookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      expect(freshCookie).toContain('yearbook.session_token=');
      expect((await call('GET', '/api/session', freshCookie)).body.user?.id).toBe(owner.userId);
      expect((await call('GET', '/api/session', otherDevice)).body.user).toBeNull();
      await expect(signInAs(server, owner)).rejects.toThrow(/401/);
      await expect(signInAs(server, { ...owner, password: newPassword })).resolves.toBeTruthy();
    });

    it('tells an account without a password (Google only) that there is none to change', async () => {
      // Signed in, then the password login removed: what an account made through Google looks like.
      const owner = await createAccount(server);
      const cookie = await signInAs(server, owner);
      await server.database.db.delete(accounts).where(eq(accounts.userId, owner.userId));
      const res = await call(
        'PATCH',
        `/api/profiles/${owner.username}`,
        cookie,
        edit({
          passwordChange: {
            currentPassword: 'anything',
            newPassword: 'newpass1',
            confirmPassword: 'newpass1',
          },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(PROFILE_MESSAGES.noPassword);
    });
  });
});
