// The test fixtures' routes: real accounts and real sessions, only under NODE_ENV=test, only to
// callers on this machine, and never a way around a suspension.
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { SUSPENDED_MESSAGE } from '../../auth/auth';
import { users } from '../../db/schema';

const externalAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostname: '0.0.0.0' });
});
afterAll(() => server.close());

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return server.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function sessionWith(cookie: { name: string; value: string }) {
  const res = await server.request('/api/session', { headers: { cookie: `${cookie.name}=${cookie.value}` } });
  return res.json();
}

describe('POST /api/test/accounts', () => {
  it('makes an account with a profile and a role, signed in by the cookie it answers with', async () => {
    const res = await post('/api/test/accounts', { username: 'Mod_Meera', userType: 'moderator' });
    expect(res.status).toBe(201);
    const made = await res.json();
    expect(made).toMatchObject({ username: 'mod_meera', email: `${made.userId}@example.com` });
    const session = await sessionWith(made.cookie);
    expect(session.user.id).toBe(made.userId);
    expect(session.profile).toMatchObject({ username: 'mod_meera', userType: 'moderator' });
  });

  it('makes an account still to be set up, and one that can sign in through the form', async () => {
    const bare = await (await post('/api/test/accounts', { profile: false })).json();
    expect(bare.username).toBeNull();
    const session = await sessionWith(bare.cookie);
    expect(session).toMatchObject({ user: { id: bare.userId }, profile: null, needsProfileSetup: true });

    const withPassword = await (
      await post('/api/test/accounts', { email: 'Form@Example.com', password: 'a-password' })
    ).json();
    const signIn = await post('/api/session', { identifier: 'form@example.com', password: 'a-password' });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).user.id).toBe(withPassword.userId);
  });

  it('refuses bad input with 400 and makes nothing', async () => {
    const before = await server.database.db.select({ id: users.id }).from(users);
    for (const body of [
      { userType: 'owner' },
      { email: 'not-an-email' },
      { role: 'admin' },
      { password: 'x' },
    ]) {
      const res = await post('/api/test/accounts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await server.database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });
});

describe('POST /api/test/sessions', () => {
  it('signs an existing account in again, and refuses an unknown one with 404', async () => {
    const made = await (await post('/api/test/accounts', {})).json();
    const res = await post('/api/test/sessions', { userId: made.userId });
    expect(res.status).toBe(201);
    const { cookie } = await res.json();
    expect(cookie.value).not.toBe(made.cookie.value);
    expect((await sessionWith(cookie)).user.id).toBe(made.userId);
    expect((await post('/api/test/sessions', { userId: 'user_nobody' })).status).toBe(404);
  });

  it('makes no session for a suspended account', async () => {
    const made = await (await post('/api/test/accounts', {})).json();
    await server.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, made.userId));
    const res = await post('/api/test/sessions', { userId: made.userId });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(SUSPENDED_MESSAGE);
  });
});

describe('who may call them', () => {
  it('refuses a request a proxy forwarded', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await post('/api/test/accounts', {}, { [header]: '203.0.113.9' });
      expect(res.status, header).toBe(403);
      expect((await res.json()).error.message).toContain('only on the machine the server runs on');
    }
  });

  it.skipIf(!externalAddress)('refuses a client on another address of the network', async () => {
    const port = new URL(server.url).port;
    for (const path of ['/api/test/accounts', '/api/test/sessions']) {
      const res = await fetch(`http://${externalAddress}:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status, path).toBe(403);
    }
  });
});
