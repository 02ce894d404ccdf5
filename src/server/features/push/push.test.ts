// Web push (issue #51) on the real server and database, against a push service of the test's own
// (tests/support/push-endpoint.ts) that records what it is sent: a device subscribes, notifications are
// made by other members' requests, and what reaches the push service is read as the service would
// (headers) and as the device would (decrypted by hand). A push holds the kind and nothing else: no
// post text, no name, no username, of the writer or of an anonymous post's author.
// @module-tag engine (runs on both engines: the jobs claim rows FOR UPDATE SKIP LOCKED and hear NOTIFY)
import { createPublicKey, verify } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, type Member, sessionFor } from '../../../../tests/support/accounts';
import { scaled } from '../../../../tests/support/machine-factor';
import { memberCalls } from '../../../../tests/support/member-calls';
import {
  makePushDevice,
  type PushDevice,
  type PushEndpoint,
  type ReceivedPush,
  startPushEndpoint,
} from '../../../../tests/support/push-endpoint';
import {
  NO_RATE_LIMITS,
  startTestServer,
  TEST_VAPID_KEYS,
  type TestServer,
} from '../../../../tests/support/test-server';
import { PUSH_MESSAGES } from '../../../shared/push';
import { queryRows } from '../../db/client';
import { pushDeliveries, pushSubscriptions } from '../../db/schema';

let server: TestServer;
let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS, push: true });
});
afterAll(async () => {
  await server?.close();
  await endpoint?.close();
});

const { call, ok, post, like } = memberCalls(() => server);
let devices = 0;

/** A device of `member`'s, subscribed through the API (push on), at its own path of the endpoint. */
async function subscribe(member: Member): Promise<PushDevice & { path: string; url: string }> {
  const device = makePushDevice();
  const path = `/device/${++devices}`;
  const url = `${endpoint.origin}${path}`;
  await ok(member, 'PUT', '/api/push/subscription', {
    endpoint: url,
    expirationTime: null,
    keys: device.keys,
  });
  return { ...device, path, url };
}

const reply = (member: Member, postId: string, content: string, isAnonymous = false) =>
  ok(member, 'POST', `/api/posts/${postId}/replies`, { content, isAnonymous });

/** Waits until the push service has `count` pushes for the device (and all owed work is done). */
async function pushesTo(device: { path: string }, count: number): Promise<ReceivedPush[]> {
  await vi.waitFor(
    async () => {
      await server.push.settle();
      expect(endpoint.to(device.path)).toHaveLength(count);
    },
    { timeout: scaled(15_000), interval: 50 },
  );
  return endpoint.to(device.path);
}

/** Lets every owed push go, then says how many the device got: for "nothing more was sent". */
async function settledCount(device: { path: string }): Promise<number> {
  await server.notificationStreams.settle();
  await server.push.settle();
  await server.push.settle();
  return endpoint.to(device.path).length;
}

const payloadOf = (device: PushDevice, push: ReceivedPush) =>
  JSON.parse(device.decrypt(push.body)) as unknown;

const subscriptionsOf = (member: Member) =>
  server.database.db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, member.account.userId));

describe('the public key and subscribing', () => {
  it('gives the VAPID public key to anyone, and saves a device only for its signed-in owner', async () => {
    const key = await call(null, 'GET', '/api/push/key');
    expect(key.status).toBe(200);
    expect(key.body).toEqual({ publicKey: TEST_VAPID_KEYS.publicKey });
    const device = makePushDevice();
    const body = { endpoint: `${endpoint.origin}/device/nobody`, keys: device.keys };
    const visitor = await call(null, 'PUT', '/api/push/subscription', body);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe(PUSH_MESSAGES.signedOut);
    const member = await createMember(server);
    expect((await call(member, 'PUT', '/api/push/subscription', body)).body).toEqual({ subscribed: true });
    expect(await subscriptionsOf(member)).toEqual([{ id: expect.any(String), endpoint: body.endpoint }]);
    // Off on this device: gone, and saying so again answers the same.
    for (let i = 0; i < 2; i++) {
      const off = await call(member, 'DELETE', '/api/push/subscription', { endpoint: body.endpoint });
      expect(off.body).toEqual({ subscribed: false });
    }
    expect(await subscriptionsOf(member)).toEqual([]);
  });

  it("removes only the caller's own device, and a browser's endpoint follows whoever signs in on it", async () => {
    const [first, second] = [await createMember(server), await createMember(server)];
    const device = await subscribe(first);
    await ok(second, 'DELETE', '/api/push/subscription', { endpoint: device.url });
    expect(await subscriptionsOf(first)).toHaveLength(1);
    await ok(second, 'PUT', '/api/push/subscription', { endpoint: device.url, keys: device.keys });
    expect(await subscriptionsOf(first)).toEqual([]);
    expect(await subscriptionsOf(second)).toHaveLength(1);
  });

  it('refuses an address that is not a push service on the internet, and keys that are not a P-256 point', async () => {
    const member = await createMember(server);
    const { keys } = makePushDevice();
    for (const address of [
      'http://example.com/push',
      'https://10.0.0.7/push',
      'http://192.168.1.1:8080/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/push',
      'https://printer.local/push',
      'https://intranet/push',
      'https://user:secret@push.example.com/x',
      'not a url',
      'javascript:alert(1)',
    ]) {
      const answer = await call(member, 'PUT', '/api/push/subscription', { endpoint: address, keys });
      expect(answer.status, address).toBe(400);
      expect(answer.body.error.message).toBe(PUSH_MESSAGES.badEndpoint);
    }
    // 65 bytes starting with 4, but not a point on the curve.
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const answer = await call(member, 'PUT', '/api/push/subscription', {
      endpoint: `${endpoint.origin}/device/bad-keys`,
      keys: { ...keys, p256dh: offCurve },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe(PUSH_MESSAGES.badKeys);
    expect(await subscriptionsOf(member)).toEqual([]);
  });
});

describe('a push', () => {
  it("for a reply to an anonymous post reaches its author's device and carries the kind alone", async () => {
    const author = await createMember(server, { fullName: 'Zephyrine Quillfeather' });
    const replier = await createMember(server, { fullName: 'Ravi Kumar' });
    const device = await subscribe(author);
    const postId = await post(author, 'A quillfeatherish confession about the library cat', true);
    await reply(replier, postId, 'Lanternlit reply: the cat is real');

    const [push] = await pushesTo(device, 1);
    if (!push) throw new Error('no push');
    expect(push.method).toBe('POST');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    expect(push.headers.ttl).toBe(String(24 * 60 * 60));
    expect(push.headers.urgency).toBe('normal');
    expect(push.headers.topic).toBe('post-replied');
    // VAPID (RFC 8292): a JWT for the push service's origin, signed with the server's key.
    const authorization = push.headers.authorization ?? '';
    const [, token = '', publicKey = ''] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization) ?? [];
    expect(publicKey).toBe(TEST_VAPID_KEYS.publicKey);
    const [header = '', claims = '', signature = ''] = token.split('.');
    const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
    expect(jwt).toMatchObject({ aud: endpoint.origin, sub: expect.stringMatching(/^(mailto:|https:)/) });
    expect(jwt.exp * 1000).toBeGreaterThan(Date.now());
    const key = Buffer.from(publicKey, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: key.subarray(1, 33).toString('base64url'),
      y: key.subarray(33).toString('base64url'),
    };
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    expect(signed).toBe(true);
    // The device reads the kind, and that is all there is.
    expect(payloadOf(device, push)).toEqual({ kind: 'post_replied' });
    // Nothing the push service sees (headers, body) holds the post, the reply or anyone's name.
    const seen =
      `${JSON.stringify(push.headers)}\n${push.body.toString('latin1')}\n${device.decrypt(push.body)}`.toLowerCase();
    for (const secret of [
      'quillfeatherish',
      'lanternlit',
      'zephyrine',
      'ravi kumar',
      author.username,
      replier.username,
      author.account.userId,
      replier.account.userId,
      author.account.email,
      postId,
    ]) {
      expect(seen.includes(secret.toLowerCase()), secret).toBe(false);
    }
  });

  it("goes for what staff and the admins do too: an askline's decision, a notice to everyone", async () => {
    const member = await createMember(server);
    const admin = await createMember(server, { userType: 'admin' });
    const device = await subscribe(member);
    const asklineId = (
      await ok(member, 'POST', '/api/asklines', { content: `Which mess has the best dosa? ${Math.random()}` })
    ).id as string;
    await ok(admin, 'PUT', `/api/asklines/${asklineId}/review`, { decision: 'verify' });
    const [verified] = await pushesTo(device, 1);
    expect(payloadOf(device, verified as ReceivedPush)).toEqual({ kind: 'askline_verified' });
    // A notice is handed out by a job of its own, a thousand members a transaction.
    await ok(admin, 'POST', '/api/admin/notifications', { text: 'Yearbook photos on Friday' });
    await server.broadcasts.settle();
    const [, notice] = await pushesTo(device, 2);
    expect(payloadOf(device, notice as ReceivedPush)).toEqual({ kind: 'admin_notice' });
  });

  it('follows the per-kind choices: a kind turned off is not pushed, one turned on is, a hidden kind never', async () => {
    const author = await createMember(server);
    const fan = await createMember(server);
    const device = await subscribe(author);
    const postId = await post(author, 'Choices, choices');
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_liked', inApp: true, digest: 'off', push: false }],
    });
    await like(fan, postId);
    expect(await settledCount(device)).toBe(0);
    // Replies stay on by default; then shown in the app but not pushed, and hidden from the app (never pushed).
    await reply(fan, postId, 'A first reply');
    await pushesTo(device, 1);
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_replied', inApp: false, digest: 'off', push: true }],
    });
    const another = await post(author, 'Another post');
    await reply(fan, another, 'A reply nobody is pushed');
    expect(await settledCount(device)).toBe(1);
    // A change that does not name push keeps the choice (post_liked stays off).
    await ok(author, 'PUT', '/api/notifications/settings', {
      settings: [{ kind: 'post_liked', inApp: true, digest: 'weekly' }],
    });
    const settings = (await ok(author, 'GET', '/api/notifications/settings')).settings as {
      kind: string;
      push: boolean;
    }[];
    expect(settings.find((s) => s.kind === 'post_liked')?.push).toBe(false);
    expect(settings.find((s) => s.kind === 'report_received')?.push).toBe(false);
    expect(settings.find((s) => s.kind === 'mentioned')?.push).toBe(true);
  });

  it('groups likes: one push for a run of likes, the next not before the grouping pause', async () => {
    const author = await createMember(server);
    const device = await subscribe(author);
    const postId = await post(author, 'Like me');
    const second = await post(author, 'Like me too');
    await like(await createMember(server), postId);
    const [first] = await pushesTo(device, 1);
    expect(payloadOf(device, first as ReceivedPush)).toEqual({ kind: 'post_liked' });
    expect(first?.headers.urgency).toBe('low');
    for (let i = 0; i < 3; i++) await like(await createMember(server), i === 1 ? second : postId);
    expect(await settledCount(device)).toBe(1);
    // Owed, and due once the pause after the first push is over (ten minutes).
    const [owed] = await queryRows<{ pending: number; wait_minutes: number }>(
      server.database.db,
      sql`select d.pending, extract(epoch from d.due_at - now()) / 60 as wait_minutes
          from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
          where s.user_id = ${author.account.userId} and d.kind = 'post_liked'`,
    );
    expect(owed?.pending).toBeGreaterThan(0);
    expect(Number(owed?.wait_minutes)).toBeGreaterThan(8);
    // Once due, one push goes for all of them.
    await server.database.db
      .update(pushDeliveries)
      .set({ dueAt: sql`now()` })
      .where(eq(pushDeliveries.kind, 'post_liked'));
    server.push.wake();
    await pushesTo(device, 2);
    expect(await settledCount(device)).toBe(2);
  });

  it('goes for a change committed late by a transaction that began earlier, and never twice for one change', async () => {
    const member = await createMember(server);
    const replier = await createMember(server);
    const device = await subscribe(member);
    // As if the member had taken pushes for a while: the cursor a minute back.
    await server.database.db.execute(
      sql`update push_cursors set pushed_through = now() - interval '61 seconds' where user_id = ${member.account.userId}`,
    );
    await reply(replier, await post(member, 'Early bird'), 'A reply');
    await pushesTo(device, 1);
    // A notice whose transaction began 20 s ago commits only now: older than the reply just pushed.
    await server.database.db.execute(sql`
      insert into notifications (user_id, kind, detail, updated_at)
      values (${member.account.userId}, 'admin_notice', 'Exams moved', now() - interval '20 seconds')`);
    const [, late] = await pushesTo(device, 2);
    expect(payloadOf(device, late as ReceivedPush)).toEqual({ kind: 'admin_notice' });
    // Looked at again (everyone, as at start): nothing already pushed goes again.
    server.push.wake();
    expect(await settledCount(device)).toBe(2);
  });

  it('is tried again after a failure, and a 410 removes the device with what it was owed', async () => {
    const author = await createMember(server);
    const replier = await createMember(server);
    const flaky = await subscribe(author);
    const gone = await subscribe(author);
    endpoint.answer(flaky.path, 503, { 'retry-after': '0' });
    endpoint.answer(gone.path, 410);
    const postId = await post(author, 'Two devices');
    await reply(replier, postId, 'Hello both');
    await pushesTo(gone, 1);
    await vi.waitFor(async () => expect(await subscriptionsOf(author)).toHaveLength(1), {
      timeout: scaled(10_000),
    });
    expect((await subscriptionsOf(author))[0]?.endpoint).toBe(flaky.url);
    // The failing one is tried again with its pause, then goes through once the service is back.
    await vi.waitFor(() => expect(endpoint.to(flaky.path).length).toBeGreaterThanOrEqual(2), {
      timeout: scaled(15_000),
    });
    endpoint.answer(flaky.path, 201);
    await vi.waitFor(
      async () => {
        const [row] = await server.database.db
          .select({ lastSuccessAt: pushSubscriptions.lastSuccessAt })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, flaky.url));
        expect(row?.lastSuccessAt).toBeInstanceOf(Date);
      },
      { timeout: scaled(15_000) },
    );
    const tries = endpoint.to(flaky.path);
    expect(new Set(tries.map((push) => device(flaky, push)))).toEqual(new Set(['post_replied']));
    // Nothing more is owed.
    const owed = await server.database.db
      .select()
      .from(pushDeliveries)
      .where(
        sql`pending > 0 and subscription_id in (select id from push_subscriptions where user_id = ${author.account.userId})`,
      );
    expect(owed).toEqual([]);
  });
});

const device = (owner: PushDevice, push: ReceivedPush) => (payloadOf(owner, push) as { kind: string }).kind;

describe('a device stops getting pushes', () => {
  it("when its session signs out: that session's devices go, the account's other sessions keep theirs", async () => {
    const author = await createMember(server);
    const elsewhere = await createMember(server);
    // A second session of the same account, on another device.
    const second: Member = { ...author, cookie: await sessionFor(server, author.account) };
    const phone = await subscribe(author);
    const laptop = await subscribe(second);
    await ok(author, 'POST', '/api/auth/sign-out', {});
    expect((await subscriptionsOf(author)).map((row) => row.endpoint)).toEqual([laptop.url]);
    const postId = await post(second, 'After signing out on the phone');
    await reply(elsewhere, postId, 'Who gets this?');
    await pushesTo(laptop, 1);
    expect(await settledCount(phone)).toBe(0);
  });

  it('when the account is deleted', async () => {
    const leaver = await createMember(server);
    await subscribe(leaver);
    await subscribe(leaver);
    expect(await subscriptionsOf(leaver)).toHaveLength(2);
    const answer = await call(leaver, 'DELETE', '/api/account', {
      confirmation: leaver.username,
      password: leaver.account.password,
    });
    expect(answer.status).toBe(200);
    expect(await subscriptionsOf(leaver)).toEqual([]);
    const [cursor] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from push_cursors where user_id = ${leaver.account.userId}`,
    );
    expect(cursor?.n).toBe(0);
  });
});

describe('with push off', () => {
  it('has no key to give and saves no device', async () => {
    const off = await startTestServer({ settings: { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' } });
    try {
      const member = await createMember(off);
      const key = await off.request('/api/push/key');
      expect(key.status).toBe(404);
      expect(((await key.json()) as { error: { message: string } }).error.message).toBe(PUSH_MESSAGES.off);
      const put = await off.request('/api/push/subscription', {
        method: 'PUT',
        headers: { cookie: member.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint: `${endpoint.origin}/device/off`, keys: makePushDevice().keys }),
      });
      expect(put.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
