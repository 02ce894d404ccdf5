// Sessions with Redis as better-auth's secondary storage (REDIS_URL): they are cached under this app's
// key prefix, and every way a session ends (sign-out, suspension from /admin/users or from a post, the
// account deleted) empties the cache as well as the database; a cached session must never outlive its
// account's access.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../tests/support/accounts';
import { createTestRedis, TEST_REDIS_URL, type TestRedis } from '../../../tests/support/test-redis';
import { callJson, startTestServer, type TestServer } from '../../../tests/support/test-server';
import { sessions, verifications } from '../db/schema';

describe.runIf(TEST_REDIS_URL)('sessions cached in Redis', () => {
  let redis: TestRedis;
  let server: TestServer;
  let admin: Member;

  beforeAll(async () => {
    redis = await createTestRedis();
    server = await startTestServer({ redis: redis.redis });
    admin = await createMember(server, { userType: 'admin' });
  });
  afterAll(async () => {
    await server.close();
    await redis.destroy();
  });

  const signedInUser = async (cookie: string) =>
    (await callJson(server, 'GET', '/api/session', cookie)).body.user as { id: string } | null;

  it('keeps a new session in Redis under the key prefix, and in the database as the record', async () => {
    const member = await createMember(server);
    const keys = await redis.keys();
    expect(keys.every((key) => key.startsWith(redis.keyPrefix))).toBe(true);
    expect(keys).toContain(`${redis.keyPrefix}auth:active-sessions-${member.account.userId}`);
    const rows = await server.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, member.account.userId));
    expect(rows).toHaveLength(1);
    expect(keys).toContain(`${redis.keyPrefix}auth:${rows[0]?.token}`);
    expect((await signedInUser(member.cookie))?.id).toBe(member.account.userId);
  });

  it('ends the cached session on sign-out', async () => {
    const member = await createMember(server);
    const out = await callJson(server, 'POST', '/api/auth/sign-out', member.cookie, {});
    expect(out.status).toBe(200);
    expect(await signedInUser(member.cookie)).toBeNull();
  });

  it('ends the cached sessions of an account suspended from /admin/users', async () => {
    const member = await createMember(server);
    const res = await callJson(
      server,
      'PUT',
      `/api/admin/users/${member.username}/suspension`,
      admin.cookie,
      { suspended: true },
    );
    expect(res.status).toBe(200);
    expect(await signedInUser(member.cookie)).toBeNull();
    expect(await redis.keys()).not.toContain(
      `${redis.keyPrefix}auth:active-sessions-${member.account.userId}`,
    );
  });

  it('ends the cached sessions and reset tokens of an account its owner deletes', async () => {
    const member = await createMember(server);
    const reset = await callJson(server, 'POST', '/api/auth/request-password-reset', undefined, {
      email: member.account.email,
      redirectTo: '/reset-password',
    });
    expect(reset.status).toBe(200);
    const [token] = await server.database.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(eq(verifications.value, member.account.userId));
    const tokenKeys = async () =>
      (await redis.keys()).filter((key) => key.includes(token?.identifier ?? '-'));
    expect(await tokenKeys()).not.toEqual([]);
    const [row] = await server.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, member.account.userId));
    expect(await redis.keys()).toContain(`${redis.keyPrefix}auth:${row?.token}`);
    const res = await callJson(server, 'DELETE', '/api/account', member.cookie, {
      confirmation: member.username,
      password: member.account.password,
    });
    expect(res.status).toBe(200);
    const keys = await redis.keys();
    expect(keys).not.toContain(`${redis.keyPrefix}auth:active-sessions-${member.account.userId}`);
    expect(keys).not.toContain(`${redis.keyPrefix}auth:${row?.token}`);
    expect(await tokenKeys()).toEqual([]);
    expect(await signedInUser(member.cookie)).toBeNull();
  });

  it('keeps password-reset tokens in the database too, so a flushed Redis breaks no link', async () => {
    const member = await createMember(server);
    const count = async () => (await server.database.db.select().from(verifications)).length;
    const before = await count();
    const res = await callJson(server, 'POST', '/api/auth/request-password-reset', undefined, {
      email: member.account.email,
      redirectTo: '/reset-password',
    });
    expect(res.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it("ends the cached sessions of a post's author suspended by staff", async () => {
    const author = await createMember(server);
    const post = await callJson(server, 'POST', '/api/posts', author.cookie, { content: 'Cached, for now' });
    expect(post.status).toBe(201);
    const res = await callJson(server, 'POST', `/api/posts/${post.body.id}/author-suspension`, admin.cookie);
    expect(res.status).toBe(204);
    expect(await signedInUser(author.cookie)).toBeNull();
    // The admin's own session is untouched.
    expect((await signedInUser(admin.cookie))?.id).toBe(admin.account.userId);
  });
});
