// Sessions and headers (issue «Reliability and security» 7; OWASP ASVS 5.0 V3, V7, V13): the session
// cookie's flags; cross-site writes refused (CSRF) while same-site ones pass; suspension ending every
// session at once; the security headers on every kind of answer the server gives; and the rate
// limits on sign-in, sign-up, password reset, posting and reporting, with the real (in-memory)
// limiter. Sign-out, password change and reset ending sessions are shown in
// src/server/features/session/session.test.ts and src/server/features/profiles/profiles.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { posts } from '../../src/server/db/schema';
import { CROSS_SITE_MESSAGE } from '../../src/server/http/same-site-writes';
import { createMember, type Member, signInAs } from '../support/accounts';
import { createCameraJpeg } from '../support/images';
import { scaled } from '../support/machine-factor';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let webRoot: string;
let member: Member;
let admin: Member;

const EVIL = 'https://evil.example';

function call(
  method: string,
  url: string,
  options: {
    cookie?: string;
    json?: unknown;
    body?: string;
    type?: string;
    origin?: string;
    headers?: Record<string, string>;
    on?: TestServer;
  } = {},
): Promise<Response> {
  const body = options.json === undefined ? options.body : JSON.stringify(options.json);
  return (options.on ?? server).request(url, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
      ...(body === undefined ? {} : { 'content-type': options.type ?? 'application/json' }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { body }),
  });
}

async function postCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.database.db,
    sql`select count(*)::int as n from ${posts}`,
  );
  return row?.n ?? -1;
}

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-headers-web-'));
  fs.copyFileSync(new URL('../../src/web/index.html', import.meta.url), path.join(webRoot, 'index.html'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-0123abcd.js'), 'console.log("app");\n'.repeat(64));
  server = await startTestServer({ webRoot });
  member = await createMember(server);
  admin = await createMember(server, { userType: 'admin' });
});
afterAll(async () => {
  await server?.close();
  if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, for the whole site, and not Secure on plain http', async () => {
    const res = await call('POST', '/api/session', {
      json: { identifier: member.account.email, password: member.account.password },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token=')) ?? '';
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i); // Secure on https: session.test.ts
  });
});

describe('cross-site writes (CSRF)', () => {
  it("refuse another site's request carrying someone's cookie, and store nothing", async () => {
    const before = await postCount();
    const forged = [
      await call('POST', '/api/posts', { cookie: member.cookie, origin: EVIL, json: { content: 'forged' } }),
      // What an HTML form on another site can send: text/plain that looks like JSON.
      await call('POST', '/api/posts', {
        cookie: member.cookie,
        origin: EVIL,
        body: '{"content":"forged"}',
        type: 'text/plain',
      }),
      await call('POST', '/api/posts', {
        cookie: member.cookie,
        origin: 'null',
        json: { content: 'forged' },
      }),
      await call('PATCH', `/api/profiles/${member.username}`, {
        cookie: member.cookie,
        origin: EVIL,
        json: { fullName: 'Hacked', institution: 'VITC', graduationYear: 2026 },
      }),
      await call('PUT', '/api/admin/users/nobody/role', {
        cookie: admin.cookie,
        origin: EVIL,
        json: { userType: 'admin' },
      }),
      await call('POST', '/api/auth/sign-out', { cookie: member.cookie, origin: EVIL, json: {} }),
    ];
    for (const res of forged) {
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toBe(CROSS_SITE_MESSAGE);
    }
    expect(await postCount()).toBe(before);
    // The forged sign-out did not end the session.
    expect((await call('GET', '/api/posts', { cookie: member.cookie })).status).toBe(200);
  });

  it('refuse text that is not sent as JSON even without an Origin', async () => {
    const before = await postCount();
    const res = await call('POST', '/api/posts', {
      cookie: member.cookie,
      body: '{"content":"smuggled"}',
      type: 'text/plain',
    });
    expect(res.status).toBe(415);
    expect(await postCount()).toBe(before);
  });

  it('let the site itself write', async () => {
    const res = await call('POST', '/api/posts', {
      cookie: member.cookie,
      origin: new URL(server.url).origin,
      json: { content: 'Posted from the site itself' },
    });
    expect(res.status).toBe(201);
  });
});

describe('suspension', () => {
  it('ends every session of the account at once, and sign-in stays refused', async () => {
    const target = await createMember(server);
    const secondDevice = await signInAs(server, target.account);
    // Read first, so each instance keeps these sessions' viewer (auth/viewer-cache.ts) when it can.
    for (const cookie of [target.cookie, secondDevice]) {
      expect((await call('GET', '/api/posts', { cookie })).status).toBe(200);
    }
    const res = await call('PUT', `/api/admin/users/${target.username}/suspension`, {
      cookie: admin.cookie,
      json: { suspended: true },
    });
    expect(res.status).toBe(200);
    for (const cookie of [target.cookie, secondDevice]) {
      expect((await call('GET', '/api/posts', { cookie })).status).toBe(401);
      expect(await (await call('GET', '/api/session', { cookie })).json()).toMatchObject({ user: null });
    }
    const again = await call('POST', '/api/session', {
      json: { identifier: target.account.email, password: target.account.password },
    });
    expect(again.status).toBe(403);
  });
});

describe('security headers', () => {
  it('are on every kind of answer: API, errors, pages, files, pictures, previews, redirects', async () => {
    const photo = await server.request(`/api/profiles/${member.username}/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', cookie: member.cookie },
      body: new Uint8Array(await createCameraJpeg({ width: 200, height: 200 })),
    });
    const pictureUrl = ((await photo.json()) as { profilePictureUrl: string }).profilePictureUrl;
    const created = await call('POST', '/api/posts', { cookie: member.cookie, json: { content: 'Headers' } });
    const postId = ((await created.json()) as { id: string }).id;
    const page = await call('GET', `/post/${postId}`);
    const answers: [string, Response][] = [
      ['API answer', await call('GET', '/api/health')],
      ['API error', await call('GET', '/api/nothing-here')],
      ['refused write', await call('POST', '/api/posts', { json: { content: 'x' } })],
      ["better-auth's answer", await call('GET', '/api/auth/error')],
      ['closed account endpoint', await call('GET', '/api/auth/get-session')],
      ['page', await call('GET', '/')],
      ['shared page', page],
      [
        'not modified',
        await call('GET', `/post/${postId}`, {
          headers: { 'if-none-match': page.headers.get('etag') ?? '' },
        }),
      ],
      ['redirect', await call('GET', `/${member.username.toUpperCase()}/${postId}`)],
      ['script', await call('GET', '/assets/app-0123abcd.js')],
      ['missing file', await call('GET', '/assets/missing.js')],
      ['picture', await call('GET', pictureUrl)],
      ['preview image', await call('GET', `/og/posts/${postId}.png`)],
      ['oEmbed', await call('GET', `/api/oembed?url=${encodeURIComponent(`${server.url}/post/${postId}`)}`)],
      ['embed page', await call('GET', `/embed/posts/${postId}`)],
    ];
    const statuses = Object.fromEntries(answers.map(([what, res]) => [what, res.status]));
    expect(statuses).toMatchObject({
      'not modified': 304,
      redirect: 301,
      'API error': 404,
      'refused write': 401,
      "better-auth's answer": 200,
      'closed account endpoint': 404,
    });
    for (const [what, res] of answers) {
      const header = (name: string) => res.headers.get(name);
      expect(header('content-security-policy'), what).toMatch(/default-src 'self'|default-src 'none'/);
      expect(header('x-content-type-options'), what).toBe('nosniff');
      expect(header('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
      if (what === 'embed page') {
        // Made to be framed by any site: its own policy says so, and X-Frame-Options could only say no.
        expect(header('content-security-policy'), what).toMatch(/frame-ancestors \*/);
        expect(header('x-frame-options'), what).toBeNull();
      } else {
        expect(header('x-frame-options'), what).toBe('DENY');
        expect(header('content-security-policy'), what).toMatch(/frame-ancestors 'none'/);
      }
    }
  });
});

describe('rate limits', () => {
  // A server of its own, behind "a proxy" (TRUST_PROXY=1), so each flood comes from an address of its
  // own and the accounts this file signs in do not count against them.
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ settings: { TRUST_PROXY: '1' } });
  });
  afterAll(() => limited?.close());
  const from = (address: string) => ({ on: limited, headers: { 'x-forwarded-for': address } });

  /**
   * Sends `attempt(i)` until one answers 429; resolves with how many went through before it, the
   * refusal's message and its Retry-After.
   */
  async function countUntilLimited(attempt: (i: number) => Promise<Response>, most: number) {
    for (let i = 0; i < most; i++) {
      const res = await attempt(i);
      if (res.status === 429) {
        const body = (await res.json()) as { error?: { message?: string }; message?: string };
        return {
          allowed: i,
          message: body.error?.message ?? body.message ?? '',
          retryAfter: res.headers.get('retry-after'),
        };
      }
      await res.body?.cancel();
    }
    return { allowed: most, message: '', retryAfter: null };
  }

  // Hundreds of requests, the sign-ups hashing a password each: bounded work, a generous limit.
  it('stop sign-in guessing from one address, sign-up, reset, posting and reporting, with a message', {
    timeout: scaled(120_000),
  }, async () => {
    const signIn = await countUntilLimited(
      (i) =>
        call('POST', '/api/session', {
          ...from('203.0.113.1'),
          json: { identifier: `nobody_${i}`, password: 'guess' },
        }),
      100,
    );
    const signUp = await countUntilLimited(
      (i) =>
        call('POST', '/api/auth/sign-up/email', {
          ...from('203.0.113.2'),
          json: { email: `new-${i}@example.com`, password: 'a-long-password', name: 'New' },
        }),
      50,
    );
    // Each to another address: one address has a limit of its own (three an hour, auth-routes.test.ts).
    const reset = await countUntilLimited(
      (i) =>
        call('POST', '/api/auth/request-password-reset', {
          ...from('203.0.113.3'),
          json: { email: `someone-${i}@example.com`, redirectTo: '/reset-password' },
        }),
      50,
    );
    const poster = await createMember(limited);
    const posting = await countUntilLimited(
      (i) =>
        call('POST', '/api/posts', { on: limited, cookie: poster.cookie, json: { content: `Post ${i}` } }),
      50,
    );
    const reporter = await createMember(limited);
    const targets: string[] = [];
    for (const author of await Promise.all([createMember(limited), createMember(limited)])) {
      for (let i = 0; i < 18; i++) {
        const res = await call('POST', '/api/posts', {
          on: limited,
          cookie: author.cookie,
          json: { content: `To report ${targets.length}` },
        });
        targets.push(((await res.json()) as { id: string }).id);
      }
    }
    const reporting = await countUntilLimited(
      (i) =>
        call('POST', `/api/posts/${targets[i]}/report`, {
          on: limited,
          cookie: reporter.cookie,
          json: { reason: 'spam' },
        }),
      targets.length,
    );
    expect({
      signIn: signIn.allowed,
      signUp: signUp.allowed,
      reset: reset.allowed,
      posting: posting.allowed,
      reporting: reporting.allowed,
    }).toEqual({ signIn: 60, signUp: 20, reset: 20, posting: 20, reporting: 30 });
    // Each refusal says when to try again, in words and in Retry-After (seconds, within its window).
    const windows = { signIn: 60, signUp: 60, reset: 60, posting: 600, reporting: 3600 };
    for (const [name, refusal] of Object.entries({ signIn, signUp, reset, posting, reporting })) {
      expect(refusal.message, name).toMatch(/ Please try again in \d+ (second|minute|hour)s?\.$/);
      const seconds = Number(refusal.retryAfter);
      expect(Number.isInteger(seconds) && seconds >= 1, `${name}: Retry-After ${refusal.retryAfter}`).toBe(
        true,
      );
      expect(seconds, name).toBeLessThanOrEqual(windows[name as keyof typeof windows]);
    }
  });
});
