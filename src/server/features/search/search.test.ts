// Search over HTTP on a real database (SPEC §2 Search, §5, §7): people by username or name, posts by
// text, any case, special characters taken literally, deleted and anonymous rules, honest counts, keyset
// pages; and EXPLAIN on a seeded table showing both searches read their indexes.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { insertProfile, insertUser } from '../../../../tests/support/factories';
import { captureStatement, explain } from '../../../../tests/support/sql-plans';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { SEARCH_MESSAGES } from '../../../shared/search';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';
import { searchPosts } from './search-posts';
import { searchUsers } from './search-users';

let server: TestServer;
let me: Member;
let asha: Member;

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  me = await createMember(server, { username: 'searcher_me', fullName: 'Sam Searcher' });
  asha = await createMember(server, { username: 'asha_raman', fullName: 'Asha Raman' });
});
afterAll(() => server.close());

const call = (path: string, cookie: string | undefined = me.cookie) => callJson(server, 'GET', path, cookie);
const users = async (q: string) => {
  const res = await call(`/api/search/users?q=${encodeURIComponent(q)}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { users: { username: string }[]; total: { count: number; more: boolean } };
};
const found = async (q: string) => {
  const res = await call(`/api/search/posts?q=${encodeURIComponent(q)}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.posts as { content: string; author: { username: string } | null }[]).map((p) => p.content);
};

async function post(as: Member, content: string, isAnonymous = false) {
  const res = await callJson(server, 'POST', '/api/posts', as.cookie, { content, isAnonymous });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

describe('people', () => {
  it('match username or full name, any case, ordered by username', async () => {
    await createMember(server, { username: 'raman_k', fullName: 'Kiran Raman' });
    await createMember(server, { username: 'zoe_r', fullName: 'Zoe RAMAN' });
    const result = await users('rAmAn');
    expect(result.users.map((u) => u.username)).toEqual(['asha_raman', 'raman_k', 'zoe_r']);
    expect(result.total).toEqual({ count: 3, more: false });
    expect((await users('ASHA')).users.map((u) => u.username)).toEqual(['asha_raman']);
  });

  it('take %, _, quotes and emoji literally', async () => {
    await createMember(server, { username: 'under_score', fullName: "O'Brien 100% 🎓" });
    expect((await users('%')).users.map((u) => u.username)).toEqual(['under_score']);
    expect((await users("o'brien")).users.map((u) => u.username)).toEqual(['under_score']);
    expect((await users('🎓')).users.map((u) => u.username)).toEqual(['under_score']);
    expect((await users("'; drop table profiles; --")).users).toEqual([]);
    // `_` is a character here, not "any character": 'unde_' would otherwise find "under_score".
    expect((await users('unde_')).users).toEqual([]);
  });

  it('page by username without gaps, and cap the count at 50+', async () => {
    const db = server.database.db;
    for (let i = 0; i < 55; i += 1) {
      const user = await insertUser(db);
      await insertProfile(db, user.id, {
        username: `pager_${String(i).padStart(2, '0')}`,
        fullName: 'Pager',
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: { count: number; more: boolean } | null = null;
    do {
      const query: string = `/api/search/users?q=pager${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await call(query);
      expect(res.status, res.text).toBe(200);
      first ??= res.body.total;
      seen.push(...res.body.users.map((u: { username: string }) => u.username));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 55 }, (_, i) => `pager_${String(i).padStart(2, '0')}`));
    expect(first).toEqual({ count: 50, more: true });
  });
});

describe('posts', () => {
  it('match the text any case, newest first, and whole words in any order', async () => {
    await post(asha, 'The canteen DOSA is the best thing on campus');
    await post(me, 'Dosa at the canteen again? Always.');
    expect(await found('canteen dosa')).toEqual([
      'Dosa at the canteen again? Always.',
      'The canteen DOSA is the best thing on campus',
    ]);
    expect(await found('dosa')).toHaveLength(2);
    expect(await found('ANTEEN')).toHaveLength(2);
  });

  it('never find deleted posts, and find anonymous ones only by their text, as Anonymous', async () => {
    const gone = await post(asha, 'A deleted secret about the library');
    await callJson(server, 'DELETE', `/api/posts/${gone.id}`, asha.cookie);
    expect(await found('deleted secret')).toEqual([]);

    await post(asha, 'An anonymous note about the hostel mess', true);
    const res = await call('/api/search/posts?q=hostel%20mess');
    expect(res.body.posts).toHaveLength(1);
    expect(res.body.posts[0].author).toBeNull();
    expect(res.text).not.toContain('asha_raman');
    expect(res.text).not.toContain(asha.account.userId);
    // The author's name finds none of their anonymous posts.
    expect(await found('Asha Raman')).toEqual([]);
  });

  it('take special characters literally', async () => {
    await post(me, '100% sure it\'s _the_ best "quote" 🎓');
    expect(await found('100%')).toEqual(['100% sure it\'s _the_ best "quote" 🎓']);
    expect(await found('_the_')).toHaveLength(1);
    expect(await found('"quote"')).toHaveLength(1);
    expect(await found('🎓')).toHaveLength(1);
    expect(await found("'); drop table posts; --")).toEqual([]);
  });
});

describe('the API', () => {
  it('refuses a blank query with 400, and visitors with 401', async () => {
    for (const path of ['/api/search/users?q=%20%20', '/api/search/posts?q=', '/api/search/posts']) {
      const res = await call(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.message).toBe(SEARCH_MESSAGES.queryRequired);
    }
    expect((await call('/api/search/users?q=a', '')).status).toBe(401);
    expect((await call('/api/search/posts?q=a&cursor=nope')).status).toBe(400);
    // NUL cannot reach PostgreSQL (it refuses it in text); a forged cursor time is refused too.
    expect((await call('/api/search/users?q=a%00b')).status).toBe(400);
    expect((await call('/api/search/posts?q=a%00b')).status).toBe(400);
    const forged = Buffer.from(JSON.stringify(['x', '00000000-0000-4000-8000-000000000000'])).toString(
      'base64url',
    );
    expect((await call(`/api/search/posts?q=a&cursor=${forged}`)).status).toBe(400);
    const forgedName = Buffer.from(JSON.stringify(['a\u0000'])).toString('base64url');
    expect((await call(`/api/search/users?q=a&cursor=${forgedName}`)).status).toBe(400);
  });
});

describe('query plans', () => {
  // On PostgreSQL only (`npm test -- --postgres`, run by CI): the planner's choice on a campus-sized
  // table is what production at that size runs, and filling PGlite with 150k rows costs ~30 s of one
  // core where PostgreSQL takes a few. The embedded engine's plans are checked, on any table size, by
  // db/query-plans.test.ts.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'both searches read their indexes on a seeded table',
    async () => {
      // A database of its own, filled in bulk (100k profiles, 50k posts), so the planner's choice is the one
      // a campus-sized table gets. Plans come from table statistics, not from this machine's speed.
      const own = await startTestServer();
      try {
        const db = own.database.db;
        // Seeding is bulk work (GIN entries, a notice per profile), not what is measured: on a busy
        // machine it outlasted a request's statement limit (15 s). The test's own limit still bounds it.
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local statement_timeout = 0`);
          await tx.execute(sql`
          insert into users (id, name, email, email_verified)
          select 'seed' || g, 'Seed ' || g, 'seed' || g || '@example.com', true
          from generate_series(1, 100000) g
      `);
          await tx.execute(sql`
          insert into profiles (user_id, username, email, full_name, graduation_year)
          select 'seed' || g, 'user_' || g, 'seed' || g || '@example.com',
            (array['Asha','Ravi','Kiran','Meera','Arjun'])[1 + g % 5] || ' ' || md5(g::text), 2025
          from generate_series(1, 100000) g
      `);
          await tx.execute(sql`
          insert into ${posts} (user_id, content, created_at)
          select 'seed' || (1 + g % 100000), 'Memory ' || md5(g::text) || ' from the hostel and the library',
            now() - (g || ' minutes')::interval
          from generate_series(1, 50000) g
      `);
        });
        await db.execute(sql`analyze`);

        // Each search is one statement holding every way to its answer (a walk in order, and the way
        // through an index), so one plan shows them all.
        const planOf = async (run: (db: Db) => Promise<unknown>) => explain(db, await captureStatement(run));
        const userPlan = await planOf((own) => searchUsers(own, 'a1b2c3d4', undefined, 'seed1'));
        const postPlan = await planOf((own) => searchPosts(own, 'c0ffee12', 'seed1', undefined));
        const wordsPlan = await planOf((own) => searchPosts(own, 'deadbeef c0ffee12', 'seed1', undefined));
        expect(userPlan).toMatch(/profiles_username_key/);
        expect(userPlan).toMatch(/profiles_username_trgm_idx/);
        expect(userPlan).toMatch(/profiles_full_name_trgm_idx/);
        expect(userPlan).not.toMatch(/Seq Scan on profiles/);
        // Issue #49: the walk of the newest live rows takes replies too (posts_live_newest_idx).
        expect(postPlan).toMatch(/posts_live_newest_idx/);
        expect(postPlan).toMatch(/posts_content_trgm_idx/);
        expect(postPlan).not.toMatch(/Seq Scan on posts/);
        // Several words: the ends of words, not the trigrams of every word.
        expect(wordsPlan).toMatch(/posts_word_edges_idx/);
        expect(wordsPlan).toMatch(/posts_live_newest_idx/);
        expect(wordsPlan).not.toMatch(/posts_content_trgm_idx|Seq Scan on posts/);

        // Beyond the recent window (the newest 4,000 posts) a rare match is still found and counted; a
        // word in every post fills its page from the recent ones.
        const old = createHash('md5').update('40000').digest('hex').slice(0, 12);
        const rare = await searchPosts(db, old, 'seed1', undefined);
        expect(rare.rows.map((row) => row.content)).toEqual([
          `Memory ${createHash('md5').update('40000').digest('hex')} from the hostel and the library`,
        ]);
        expect(rare.total).toEqual({ count: 1, more: false });
        const common = await searchPosts(db, 'hostel', 'seed1', undefined);
        expect(common.rows).toHaveLength(12);
        expect(common.total).toEqual({ count: 50, more: true });
      } finally {
        await own.close();
      }
      // The limit guards against a hang, not a speed (the plans are what is checked).
    },
    180_000,
  );
});
