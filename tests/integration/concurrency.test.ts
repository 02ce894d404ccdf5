// Concurrency (issue «Reliability and security» 4): a hundred people doing the same thing at the same
// moment. Likes and unlikes, reports, new posts and profile edits, each fired all at once, must all
// succeed and leave exact counts: no lost update, no double count, no error reaching anyone. On
// PostgreSQL (`npm test -- --postgres`) the requests really run side by side on separate connections.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { likes, posts, profiles } from '../../src/server/db/schema';
import { createMember, type Member } from '../support/accounts';
import {
  callJson,
  type JsonAnswer,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../support/test-server';

const PEOPLE = 100;

let server: TestServer;
let people: Member[];
let author: Member;
let moderator: Member;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (member: Member, method: Method, path: string, json?: unknown) =>
  callJson(server, method, path, member.cookie, json);

/** Fires every request at once; every answer must be the expected success. */
async function allAtOnce(requests: Promise<JsonAnswer>[], status: number): Promise<JsonAnswer[]> {
  const answers = await Promise.all(requests);
  const statuses = answers.map((res) => res.status);
  expect(
    statuses.filter((s) => s !== status),
    `not all ${status}: ${[...new Set(statuses)]}`,
  ).toEqual([]);
  return answers;
}

async function newPost(member: Member, content = 'A post everyone reacts to'): Promise<string> {
  const res = await call(member, 'POST', '/api/posts', { content });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function likeCount(postId: string): Promise<{ counted: number; rows: number }> {
  const [row] = await server.database.db
    .select({ counted: posts.likeCount })
    .from(posts)
    .where(eq(posts.id, postId));
  const [{ rows } = { rows: -1 }] = await queryRows<{ rows: number }>(
    server.database.db,
    sql`select count(*)::int as rows from ${likes} where ${likes.postId} = ${postId}`,
  );
  return { counted: row?.counted ?? -1, rows };
}

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  author = await createMember(server);
  moderator = await createMember(server, { userType: 'moderator' });
  people = [];
  // Made a few at a time: each account hashes a password twice (made, then signed in).
  for (let i = 0; i < PEOPLE; i += 10) {
    people.push(...(await Promise.all(Array.from({ length: 10 }, () => createMember(server)))));
  }
}, 180_000);
afterAll(() => server?.close());

describe(`${PEOPLE} people at once`, () => {
  it('like a post: every like counted once; then half unlike while the rest like again', async () => {
    const postId = await newPost(author);
    await allAtOnce(
      people.map((p) => call(p, 'PUT', `/api/posts/${postId}/like`)),
      200,
    );
    expect(await likeCount(postId)).toEqual({ counted: PEOPLE, rows: PEOPLE });

    const [leaving, staying] = [people.slice(0, PEOPLE / 2), people.slice(PEOPLE / 2)];
    await allAtOnce(
      [
        ...leaving.map((p) => call(p, 'DELETE', `/api/posts/${postId}/like`)),
        ...staying.map((p) => call(p, 'PUT', `/api/posts/${postId}/like`)),
      ],
      200,
    );
    expect(await likeCount(postId)).toEqual({ counted: PEOPLE / 2, rows: PEOPLE / 2 });
    const seen = await call(author, 'GET', `/api/posts/${postId}`);
    expect(seen.body.likeCount).toBe(PEOPLE / 2);
  });

  it('one person tapping like twenty times at once: one like; twenty unlikes: none, never below zero', async () => {
    const postId = await newPost(author);
    const [someone] = people as [Member];
    await allAtOnce(
      Array.from({ length: 20 }, () => call(someone, 'PUT', `/api/posts/${postId}/like`)),
      200,
    );
    expect(await likeCount(postId)).toEqual({ counted: 1, rows: 1 });
    await allAtOnce(
      Array.from({ length: 20 }, () => call(someone, 'DELETE', `/api/posts/${postId}/like`)),
      200,
    );
    expect(await likeCount(postId)).toEqual({ counted: 0, rows: 0 });
  });

  it('report a post: one report with every reporter counted once', async () => {
    const postId = await newPost(author);
    await allAtOnce(
      people.map((p) => call(p, 'POST', `/api/posts/${postId}/report`, { reason: 'spam' })),
      200,
    );
    // And each again at once: acknowledged the same way, but a second report from one person does not count.
    await allAtOnce(
      people.map((p) => call(p, 'POST', `/api/posts/${postId}/report`, { reason: 'spam' })),
      200,
    );
    const [report] = await queryRows<{ report_count: number; reporters: number }>(
      server.database.db,
      sql`select r.report_count, (select count(*)::int from report_reasons rr where rr.post_id = r.post_id) as reporters
          from reports r where r.post_id = ${postId}`,
    );
    expect(report).toEqual({ report_count: PEOPLE, reporters: PEOPLE });
    const queue = await call(moderator, 'GET', '/api/reports');
    const item = (queue.body.reports as { post: { id: string }; count: number }[]).find(
      (r) => r.post.id === postId,
    );
    expect(item?.count).toBe(PEOPLE);
  });

  it('post: every post stored once, each author with exactly one more', async () => {
    const before = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from posts`,
    );
    const answers = await allAtOnce(
      people.map((p, i) => call(p, 'POST', '/api/posts', { content: `Post number ${i}` })),
      201,
    );
    const ids = answers.map((res) => res.body.id as string);
    expect(new Set(ids).size).toBe(PEOPLE);
    const after = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from posts`,
    );
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(PEOPLE);
  });

  it('edit profiles: everyone their own at once, and one person from many tabs at once', async () => {
    const fields = (fullName: string) => ({
      fullName,
      bio: `Bio of ${fullName}`,
      institution: 'VITV',
      graduationYear: 2027,
    });
    await allAtOnce(
      people.map((p, i) => call(p, 'PATCH', `/api/profiles/${p.username}`, fields(`Person ${i}`))),
      200,
    );
    const rows = await server.database.db
      .select({ username: profiles.username, fullName: profiles.fullName })
      .from(profiles);
    const names = new Map(rows.map((row) => [row.username, row.fullName]));
    expect(people.map((p) => names.get(p.username))).toEqual(people.map((_, i) => `Person ${i}`));

    const [someone] = people as [Member];
    const tabs = Array.from({ length: 20 }, (_, i) => `Tab ${i}`);
    await allAtOnce(
      tabs.map((name) => call(someone, 'PATCH', `/api/profiles/${someone.username}`, fields(name))),
      200,
    );
    const [row] = await server.database.db
      .select({ fullName: profiles.fullName, bio: profiles.bio })
      .from(profiles)
      .where(eq(profiles.username, someone.username));
    // One of the edits won whole: its name and its bio together, never a mix.
    expect(tabs).toContain(row?.fullName);
    expect(row?.bio).toBe(`Bio of ${row?.fullName}`);
  });

  it('leave: twenty accounts that liked and reported the same posts deleted at once, others liking meanwhile', async () => {
    const postIds = await Promise.all(
      Array.from({ length: 5 }, (_, i) => newPost(author, `Shared post ${i}`)),
    );
    const leavers = await Promise.all(Array.from({ length: 20 }, () => createMember(server)));
    for (const leaver of leavers) {
      await allAtOnce(
        postIds.map((id) => call(leaver, 'PUT', `/api/posts/${id}/like`)),
        200,
      );
      await allAtOnce(
        postIds.slice(0, 2).map((id) => call(leaver, 'POST', `/api/posts/${id}/report`, { reason: 'spam' })),
        200,
      );
    }
    const stayers = people.slice(0, 20);
    const deletions = leavers.map((leaver) =>
      call(leaver, 'DELETE', '/api/account', {
        confirmation: leaver.username,
        password: leaver.account.password,
      }),
    );
    const likesMeanwhile = stayers.map((p, i) => call(p, 'PUT', `/api/posts/${postIds[i % 5]}/like`));
    await allAtOnce(deletions, 200);
    await allAtOnce(likesMeanwhile, 200);

    for (const id of postIds) {
      const { counted, rows } = await likeCount(id);
      expect(counted).toBe(rows);
    }
    const wrongReports = await queryRows<{ id: string }>(
      server.database.db,
      sql`select r.id from reports r
          where r.report_count <> (select count(*) from report_reasons x where x.post_id = r.post_id)`,
    );
    expect(wrongReports).toEqual([]);
  });
});
