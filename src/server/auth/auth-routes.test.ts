// better-auth behind the app (issue «Trust» 8): only the endpoints the app uses are served, each
// taking only what the app's schemas allow, behind the limits on mail-sending routes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../tests/support/accounts';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { users } from '../db/schema';
import { createMemoryRateLimiter } from '../platform/rate-limit';
import { createAuth } from './auth';
import { ACCOUNT_ENDPOINTS, AUTH_ROUTE_LIMITS } from './auth-routes';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('rate limits on account routes', () => {
  it('answer 429 once an address passes the limit of a mail-sending route', async () => {
    const limit = AUTH_ROUTE_LIMITS['/api/auth/request-password-reset'] ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await server.request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody${i}@example.com` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(
      AUTH_ROUTE_LIMITS['/api/auth/request-password-reset'] ?? 0,
    );
    expect(statuses.at(-1)).toBe(429);
  });

  it('send no mail for a refused request', async () => {
    const before = ((await (await server.request('/api/dev/outbox')).json()) as unknown[]).length;
    const res = await server.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await res.json()).error.message).toMatch(
      /^Too many attempts\. Please try again in (\d+ seconds?|1 minute)\.$/,
    );
    const after = ((await (await server.request('/api/dev/outbox')).json()) as unknown[]).length;
    expect(after).toBe(before);
  });

  it('send three reset links an hour to one address, from anywhere, and answer an unknown one alike', async () => {
    // Behind "a proxy": each request comes from an address of its own, so only the recipient counts.
    // The limiter's clock stands still, so the wait it tells is the whole hour however slow the run.
    const now = Date.now();
    const proxied = await startTestServer({
      settings: { TRUST_PROXY: '1' },
      rateLimiter: createMemoryRateLimiter(() => now),
    });
    try {
      const member = await createMember(proxied);
      const mailsTo = async (email: string) =>
        ((await (await proxied.request('/api/dev/outbox')).json()) as { to: string }[]).filter(
          (mail) => mail.to === email,
        ).length;
      let client = 0;
      const ask = async (email: string) => {
        client += 1;
        const res = await proxied.request('/api/auth/request-password-reset', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${client}` },
          body: JSON.stringify({ email, redirectTo: '/reset-password' }),
        });
        return {
          status: res.status,
          message: ((await res.json()) as { error?: { message: string } }).error?.message,
        };
      };
      const answers: Record<string, unknown[]> = {};
      for (const email of [member.account.email, 'no.account.here@example.com']) {
        const asked = [];
        for (let i = 0; i < 3; i++) asked.push(await ask(email));
        // In other letters, it is the same address.
        asked.push(await ask(email.toUpperCase()));
        answers[email] = asked;
      }
      const expected = [
        ...Array.from({ length: 3 }, () => ({ status: 200, message: undefined })),
        {
          status: 429,
          message:
            'Several links went to this address in the last hour. Please check your inbox, or try later. ' +
            'Please try again in 1 hour.',
        },
      ];
      expect(answers).toEqual({
        [member.account.email]: expected,
        'no.account.here@example.com': expected,
      });
      expect(await mailsTo(member.account.email)).toBe(3);
      // Another address is not held up.
      expect((await ask('someone.else@example.com')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('better-auth endpoints the app does not use', () => {
  let member: Member;
  beforeAll(async () => {
    member = await createMember(server);
  });

  it('are not served: each answers 404 with a message, whoever asks', async () => {
    // Every endpoint this version of better-auth has, read from better-auth itself: one added by an
    // upgrade is closed until the app lists it.
    const auth = createAuth({
      db: server.database.db,
      mailer: { kind: 'outbox', send: async () => undefined },
      publicUrl: server.url,
      secret: 'x'.repeat(40),
      isProduction: false,
    });
    const endpoints = Object.values(
      auth.api as Record<string, { path?: string; options?: { method?: unknown } }>,
    )
      .flatMap(({ path, options }) =>
        path ? [options?.method].flat().map((method) => ({ method: String(method), path })) : [],
      )
      .filter(({ method }) => method === 'GET' || method === 'POST');
    const served = new Set(
      ACCOUNT_ENDPOINTS.map(({ method, path }) => `${method} ${path.replace(/:\w+/g, ':')}`),
    );
    const closed = endpoints.filter(
      ({ method, path }) => !served.has(`${method} ${path.replace(/:\w+/g, ':')}`),
    );
    expect(closed.length).toBeGreaterThan(15);
    for (const { method, path } of closed) {
      for (const cookie of [member.cookie, undefined]) {
        const res = await server.request(`/api/auth${path.replace(/:\w+/g, 'x')}`, {
          method,
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await res.json()).error.message).toBe('There is no such account endpoint.');
      }
    }
  });

  it('cannot set a name or a picture address on an account', async () => {
    const res = await server.request('/api/auth/update-user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member.cookie },
      body: JSON.stringify({ name: '<b>Admin</b>', image: 'javascript:alert(1)' }),
    });
    expect(res.status).toBe(404);
    const [row] = await server.database.db
      .select({ name: users.name, image: users.image })
      .from(users)
      .where(eq(users.id, member.account.userId));
    expect(row).toEqual({ name: 'Test User', image: null });
  });
});

describe('the endpoints the app uses', () => {
  // A server of its own: the limits above spent this address's reset requests.
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer();
  });
  afterAll(() => own.close());
  const post = (path: string, body: unknown, contentType = 'application/json') =>
    own.request(path, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const signUp = { email: 'fresh.one@example.com', password: 'a-good-password', name: 'fresh.one' };

  it('take only what the app sends: no extra field, no other site, no picture, no form body', async () => {
    const refused: [string, unknown, string][] = [
      ['an extra picture field', { ...signUp, image: 'javascript:alert(1)' }, 'application/json'],
      [
        'a callback to another site',
        { ...signUp, callbackURL: 'https://evil.example/x' },
        'application/json',
      ],
      ['a scheme-relative callback', { ...signUp, callbackURL: '//evil.example/x' }, 'application/json'],
      ['a javascript: callback', { ...signUp, callbackURL: 'javascript:alert(1)' }, 'application/json'],
      ['a name of 101 characters', { ...signUp, name: 'n'.repeat(101) }, 'application/json'],
      ['a name with control characters', { ...signUp, name: 'a\u202eb' }, 'application/json'],
    ];
    for (const [what, body, type] of refused) {
      const res = await post('/api/auth/sign-up/email', body, type);
      expect(res.status, what).toBe(400);
      expect((await res.json()).error.message, what).toEqual(expect.any(String));
    }
    const form = await post(
      '/api/auth/sign-up/email',
      new URLSearchParams({ ...signUp, image: 'x' }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(form.status).toBe(415);
    const resetForm = await post(
      '/api/auth/request-password-reset',
      'email=fresh.one%40example.com',
      'application/x-www-form-urlencoded',
    );
    expect(resetForm.status).toBe(415);
    expect(
      (
        await post('/api/auth/request-password-reset', {
          email: 'a@example.com',
          redirectTo: 'https://evil.example',
        })
      ).status,
    ).toBe(400);
    expect((await post('/api/auth/sign-in/social', { provider: 'github' })).status).toBe(400);
    // None of it made an account; the app's own request does.
    expect(await own.database.db.select().from(users).where(eq(users.email, signUp.email))).toEqual([]);
    expect((await post('/api/auth/sign-up/email', { ...signUp, callbackURL: '/profile/setup' })).status).toBe(
      200,
    );
    const [created] = await own.database.db.select().from(users).where(eq(users.email, signUp.email));
    expect(created).toMatchObject({ name: 'fresh.one', image: null });
  });
});
