// The benchmark data set (bench/generate.ts) at a small scale: the counts asked for, the database's own
// rules kept (the generator writes through every constraint), like counts exact, the mix of anonymous,
// deleted and askline posts, and bench users able to sign in with the documented password.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_PASSWORD, generate, scaleForPosts } from '../../bench/generate';
import { queryRows } from '../../src/server/db/client';
import { textMatchForm } from '../../src/server/features/safety';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
const scale = scaleForPosts(5_000);

beforeAll(async () => {
  server = await startTestServer();
  await generate(server.database.db, scale);
}, 120_000);
afterAll(() => server.close());

const one = async <T>(query: ReturnType<typeof sql>) =>
  (await queryRows<T>(server.database.db, query))[0] as T;

describe('benchmark data', () => {
  it('has the rows the scale asks for', async () => {
    const counts = await one<Record<string, number>>(
      sql`select (select count(*)::int from users) as users, (select count(*)::int from profiles) as profiles,
                 (select count(*)::int from posts) as posts, (select count(*)::int from asklines) as asklines`,
    );
    expect(counts).toEqual({
      users: scale.users,
      profiles: scale.users,
      posts: scale.posts,
      asklines: scale.asklines,
    });
    const { likes } = await one<{ likes: number }>(sql`select count(*)::int as likes from likes`);
    // Pairs drawn twice are kept once.
    expect(likes).toBeGreaterThan(scale.likes * 0.8);
    expect(likes).toBeLessThanOrEqual(scale.likes);
  });

  it('keeps every like count exact and mixes anonymous, deleted and askline posts', async () => {
    const { wrong } = await one<{ wrong: number }>(
      sql`select count(*)::int as wrong from posts p
          where p.like_count <> (select count(*) from likes l where l.post_id = p.id)`,
    );
    expect(wrong).toBe(0);
    const mix = await one<{ anonymous: number; deleted: number; answers: number }>(
      sql`select avg(is_anonymous::int)::float as anonymous, avg(deleted::int)::float as deleted,
                 avg((askline_id is not null)::int)::float as answers from posts`,
    );
    expect(mix.anonymous).toBeCloseTo(0.1, 2);
    expect(mix.deleted).toBeCloseTo(0.02, 2);
    expect(mix.answers).toBeCloseTo(0.05, 2);
  });

  it('keeps the indexes it dropped for the load', async () => {
    const indexes = await queryRows<{ indexname: string }>(
      server.database.db,
      sql`select indexname from pg_indexes where tablename = 'posts'`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'posts_feed_newest_top_idx',
        'posts_thread_idx',
        'posts_search_vector_idx',
        'posts_content_trgm_idx',
      ]),
    );
  });

  it('puts back the keys it dropped for the load, and they hold', async () => {
    const constraints = await queryRows<{ conname: string }>(
      server.database.db,
      sql`select conname from pg_constraint c join pg_class t on t.oid = c.conrelid
          where t.relname in ('posts', 'likes') and c.contype in ('p', 'f')`,
    );
    expect(constraints.map((c) => c.conname).sort()).toEqual([
      'likes_post_id_posts_id_fk',
      'likes_user_id_post_id_pk',
      'likes_user_id_users_id_fk',
      'posts_askline_id_asklines_id_fk',
      'posts_branch_id_posts_id_fk',
      'posts_parent_id_posts_id_fk',
      'posts_pkey',
      'posts_reply_to_id_posts_id_fk',
      'posts_user_id_users_id_fk',
    ]);
    const [like] = await queryRows<{ user_id: string; post_id: string }>(
      server.database.db,
      sql`select user_id, post_id from likes limit 1`,
    );
    await expect(
      server.database.db.execute(
        sql`insert into likes (user_id, post_id) values (${like?.user_id}, ${like?.post_id})`,
      ),
    ).rejects.toThrow();
  });

  it('gives each bench user who signs in 100 blocks, 100 mutes and 50 muted words (issue #48)', async () => {
    const per = await queryRows<{ blocks: number; mutes: number; words: number }>(
      server.database.db,
      sql`select (select count(*)::int from blocks where blocker_id = 'bench_' || u) as blocks,
                 (select count(*)::int from mutes where muter_id = 'bench_' || u) as mutes,
                 (select count(*)::int from muted_words where user_id = 'bench_' || u) as words
          from generate_series(1, 3) u`,
    );
    for (const row of per) {
      expect(row.blocks).toBeGreaterThanOrEqual(99);
      expect(row.mutes).toBeGreaterThanOrEqual(99);
      expect(row.words).toBe(50);
    }
  });

  it("keeps each post's text as the text check reads it, for muted words (issue #48)", async () => {
    const rows = await queryRows<{ content: string; match_text: string }>(
      server.database.db,
      sql`select content, match_text from posts where char_length(content) < 256 order by id limit 200`,
    );
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) expect(row.match_text).toBe(textMatchForm(row.content));
    const { missing } = await one<{ missing: number }>(
      sql`select count(*)::int as missing from posts where match_text is null`,
    );
    expect(missing).toBe(0);
  });

  it('lets a bench user sign in with the documented password', async () => {
    const res = await server.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'bench_1', password: BENCH_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).profile.username).toBe('bench_1');
  });
});
