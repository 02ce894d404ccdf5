// The benchmark data set (bench/generate.ts) at a small scale: the counts asked for, the database's own
// rules kept (the generator writes through every constraint), like counts exact, the mix of anonymous,
// deleted and askline posts, threads of replies shaped as the app writes them (issue #49), and bench
// users able to sign in with the documented password.
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
                 (select count(*)::int from posts where parent_id is null) as posts,
                 (select count(*)::int from asklines) as asklines`,
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
                 avg((askline_id is not null)::int)::float as answers from posts where parent_id is null`,
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

  it('gives about three replies per post, most posts none or a few and some ~2,000 (issue #49)', async () => {
    const shape = await one<{
      replies: number;
      none: number;
      few: number;
      heavy: number;
      branch: number;
      anonymous: number;
    }>(
      sql`select (select count(*)::int from posts where parent_id is not null) as replies,
                 avg((reply_count = 0)::int)::float as none, avg((reply_count <= 15)::int)::float as few,
                 count(*) filter (where reply_count between 1800 and 2200)::int as heavy,
                 (select avg((branch_id is not null)::int)::float from posts where parent_id is not null) as branch,
                 (select avg(is_anonymous::int)::float from posts where parent_id is not null) as anonymous
          from posts where parent_id is null and not deleted`,
    );
    expect(shape.replies).toBeGreaterThan(scale.posts * 2.7);
    expect(shape.replies).toBeLessThan(scale.posts * 3.3);
    expect(shape.none).toBeGreaterThan(0.5);
    expect(shape.few).toBeGreaterThan(0.95);
    expect(shape.heavy).toBeGreaterThanOrEqual(1);
    expect(shape.branch).toBeCloseTo(1 / 3, 1);
    expect(shape.anonymous).toBeCloseTo(0.2, 1);
  });

  it('keeps every reply count exact: a post its live replies, a top-level reply its branch’s', async () => {
    const { wrong } = await one<{ wrong: number }>(
      sql`select count(*)::int as wrong from posts p
          left join (
            select parent_id as id, count(*) as n from posts
            where parent_id is not null and not deleted group by parent_id
            union all
            select branch_id, count(*) from posts where branch_id is not null and not deleted group by branch_id
          ) c on c.id = p.id
          where p.reply_count <> coalesce(c.n, 0)`,
    );
    expect(wrong).toBe(0);
  });

  it('puts each reply in its thread: a branch under a top-level reply, answering one of the branch', async () => {
    const { wrong } = await one<{ wrong: number }>(
      sql`select count(*)::int as wrong from posts r
          left join posts b on b.id = r.branch_id
          left join posts a on a.id = r.reply_to_id
          where r.parent_id is not null and (
            r.created_at <= (select created_at from posts p where p.id = r.parent_id)
            or (r.branch_id is null) <> (r.reply_to_id is null)
            or (r.branch_id is not null and (b.parent_id <> r.parent_id or b.branch_id is not null))
            or (r.reply_to_id is not null and a.id <> r.branch_id
                and (a.branch_id <> r.branch_id or a.created_at >= r.created_at)))`,
    );
    expect(wrong).toBe(0);
  });

  it('labels anonymous repliers per thread as create-reply.ts does, and keeps their thread_labels', async () => {
    const rows = await queryRows<{
      post_id: string;
      user_id: string;
      post_author: string;
      post_anonymous: boolean;
      labels: number[];
      held: number | null;
    }>(
      server.database.db,
      sql`select r.parent_id as post_id, r.user_id, p.user_id as post_author, p.is_anonymous as post_anonymous,
                 array_agg(r.anonymous_label order by r.created_at, r.id) as labels, tl.label as held
          from posts r join posts p on p.id = r.parent_id
          left join thread_labels tl on tl.post_id = r.parent_id and tl.user_id = r.user_id
          where r.is_anonymous
          group by r.parent_id, r.user_id, p.user_id, p.is_anonymous, tl.label
          order by r.parent_id, min(r.created_at), r.user_id`,
    );
    expect(rows.length).toBeGreaterThan(100);
    // Replayed in time order as the app gives them: the one held, else 0 for an anonymous post's
    // author, else the next number.
    const next = new Map<string, number>();
    let authors = 0;
    for (const row of rows) {
      const author = row.post_anonymous && row.user_id === row.post_author;
      const expected = author ? 0 : (next.get(row.post_id) ?? 0) + 1;
      if (!author) next.set(row.post_id, expected);
      if (author) authors++;
      expect(new Set(row.labels)).toEqual(new Set([expected]));
      expect(row.held).toBe(expected);
    }
    expect(authors).toBeGreaterThan(0);
    const { named } = await one<{ named: number }>(
      sql`select count(*)::int as named from posts where not is_anonymous and anonymous_label is not null`,
    );
    expect(named).toBe(0);
  });

  it("keeps each reply's text as the text check reads it, as a post's", async () => {
    const rows = await queryRows<{ content: string; match_text: string }>(
      server.database.db,
      sql`select content, match_text from posts where parent_id is not null order by id limit 200`,
    );
    expect(rows.length).toBe(200);
    for (const row of rows) expect(row.match_text).toBe(textMatchForm(row.content));
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
