// The committed migrations build the whole data model, on PGlite and on PostgreSQL alike
// (TEST_DATABASE_URL), and the database itself refuses rows that break the spec's rules.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, profileValues } from '../../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { openDatabase, queryRows } from './client';
import { applyMigrations, MIGRATIONS_FOLDER } from './migrate';
import * as schema from './schema';

let database: TestDatabase;
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

beforeAll(async () => {
  // Migrated here, not copied from the run's template: the migrations are what this file tests.
  database = await createTestDatabase({ migrate: true });
});
afterAll(() => database.destroy());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Every table the schema declares, so a table added later is checked without touching this test.
const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe('migrations', () => {
  it('create every table and index of the schema', async () => {
    const existingTables = (
      await rows<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)
    ).map((r) => r.tablename);
    const existingIndexes = (
      await rows<{ indexname: string }>(sql`select indexname from pg_indexes where schemaname = 'public'`)
    ).map((r) => r.indexname);

    expect(tables.length).toBeGreaterThanOrEqual(6);
    for (const table of tables) {
      const config = getTableConfig(table);
      expect(existingTables).toContain(config.name);
      for (const index of config.indexes) expect(existingIndexes).toContain(index.config.name);
    }
  });

  it('enable pg_trgm', async () => {
    const ext = await rows<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(ext).toHaveLength(1);
    const [similar] = await rows<{ s: number }>(sql`select similarity('yearbook', 'yearbooks') as s`);
    expect(Number(similar?.s)).toBeGreaterThan(0.5);
  });

  it('are recorded and a second run changes nothing', async () => {
    const before = await rows<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    await applyMigrations(database);
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(before[0]?.n).toBeGreaterThanOrEqual(2);
    expect(after).toEqual(before);
  });

  it('keep rate-limit counters in an unlogged table', async () => {
    const [table] = await rows<{ relpersistence: string }>(
      sql`select relpersistence from pg_class where relname = 'rate_limit_windows'`,
    );
    expect(table?.relpersistence).toBe('u');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('run once when several instances start on a new database at the same moment', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    const instances = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ engine: 'postgres', url: fresh.url ?? '' })),
    );
    try {
      await Promise.all(instances.map((instance) => applyMigrations(instance)));
      const applied = await queryRows<{ hash: string }>(
        fresh.db,
        sql`select hash from drizzle.__drizzle_migrations`,
      );
      expect(applied).toHaveLength(journal.entries.length);
      expect(new Set(applied.map((m) => m.hash)).size).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await fresh.destroy();
    }
  });
});

describe('constraints', () => {
  const profile = async (overrides: Partial<typeof schema.profiles.$inferInsert> = {}) =>
    profileValues((await insertUser(database.db)).id, overrides);
  // Accounts that exist: rows naming them fail only on the rule a test is about.
  let u = '';
  let liker = '';
  beforeAll(async () => {
    u = (await insertUser(database.db)).id;
    liker = (await insertUser(database.db)).id;
  });

  it('accept a valid profile, post and like', async () => {
    const [p] = await database.db
      .insert(schema.profiles)
      .values(await profile())
      .returning();
    expect(p?.userType).toBe('ordinary');
    expect(p?.institution).toBe('VITC');
    const [post] = await database.db
      .insert(schema.posts)
      .values({ userId: p?.userId ?? '', content: 'x'.repeat(256) })
      .returning();
    expect(post?.deleted).toBe(false);
    expect(post?.likeCount).toBe(0);
    await database.db.insert(schema.likes).values({ userId: p?.userId ?? '', postId: post?.id ?? '' });
  });

  it.each([
    ['an upper-case username', { username: 'Alice' }],
    ['a username starting with a period', { username: '.alice' }],
    ['a username with two periods in a row', { username: 'al..ice' }],
    ['a two-letter username', { username: 'al' }],
    ['a 21-character username', { username: 'a'.repeat(21) }],
    ['a blank full name', { fullName: '   ' }],
    ['a 161-character bio', { bio: 'b'.repeat(161) }],
    ['graduation year 2019', { graduationYear: 2019 }],
    ['graduation year 2031', { graduationYear: 2031 }],
  ])('refuse %s', async (_, overrides) => {
    await expect(database.db.insert(schema.profiles).values(await profile(overrides))).rejects.toThrow();
  });

  it('refuse a second profile with the same username or user', async () => {
    const first = await profile();
    await database.db.insert(schema.profiles).values(first);
    const sameUsername = await profile({ username: first.username });
    await expect(database.db.insert(schema.profiles).values(sameUsername)).rejects.toThrow();
    const sameUser = await profile({ userId: first.userId });
    await expect(database.db.insert(schema.profiles).values(sameUser)).rejects.toThrow();
  });

  it.each([
    ['257 characters', 'x'.repeat(257)],
    ['only spaces', '   '],
    ['nothing', ''],
  ])('refuse a post of %s', async (_, content) => {
    await expect(database.db.insert(schema.posts).values({ userId: u, content })).rejects.toThrow();
  });

  it('refuse an askline over 128 characters and a negative like count', async () => {
    await expect(
      database.db.insert(schema.asklines).values({ content: 'q'.repeat(129), createdBy: u }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(schema.posts).values({ userId: u, content: 'hi', likeCount: -1 }),
    ).rejects.toThrow();
  });

  it('refuse a second like of one post by one user and a second report row for one post', async () => {
    const [post] = await database.db.insert(schema.posts).values({ userId: u, content: 'hello' }).returning();
    const postId = post?.id ?? '';
    await database.db.insert(schema.likes).values({ userId: liker, postId });
    await expect(database.db.insert(schema.likes).values({ userId: liker, postId })).rejects.toThrow();
    await database.db.insert(schema.reports).values({ postId });
    await expect(database.db.insert(schema.reports).values({ postId })).rejects.toThrow();
  });

  it('refuse a post, like, report reason or askline of an account that does not exist', async () => {
    const [post] = await database.db.insert(schema.posts).values({ userId: u, content: 'hello' }).returning();
    const postId = post?.id ?? '';
    const nobody = 'user_that_does_not_exist';
    const refusals = [
      database.db.insert(schema.posts).values({ userId: nobody, content: 'hello' }),
      database.db.insert(schema.likes).values({ userId: nobody, postId }),
      database.db.insert(schema.reportReasons).values({ postId, reporterId: nobody, reason: 'spam' }),
      database.db.insert(schema.asklines).values({ content: 'Who?', createdBy: nobody }),
    ];
    // 23503: foreign_key_violation.
    for (const refusal of refusals) await expect(refusal).rejects.toMatchObject({ cause: { code: '23503' } });
  });

  it('take what an account owns with it, and keep what others made without its name', async () => {
    const leaver = (await insertUser(database.db)).id;
    const [own] = await database.db
      .insert(schema.posts)
      .values({ userId: leaver, content: 'mine' })
      .returning();
    const [theirs] = await database.db
      .insert(schema.posts)
      .values({ userId: u, content: 'theirs' })
      .returning();
    const [askline] = await database.db
      .insert(schema.asklines)
      .values({ content: 'Asked by the leaver?', createdBy: leaver, reviewedBy: leaver })
      .returning();
    await database.db.insert(schema.likes).values({ userId: leaver, postId: theirs?.id ?? '' });
    await database.db.insert(schema.likes).values({ userId: u, postId: own?.id ?? '' });
    await database.db
      .insert(schema.moderationLog)
      .values({ actorId: leaver, targetUserId: leaver, action: 'x' });

    await database.db.execute(sql`delete from users where id = ${leaver}`);
    expect(await rows(sql`select id from posts where user_id = ${leaver}`)).toEqual([]);
    expect(
      await rows(sql`select post_id from likes where user_id = ${leaver} or post_id = ${own?.id}`),
    ).toEqual([]);
    expect(await rows(sql`select created_by, reviewed_by from asklines where id = ${askline?.id}`)).toEqual([
      { created_by: null, reviewed_by: null },
    ]);
    expect(await rows(sql`select actor_id, target_user_id from moderation_log where action = 'x'`)).toEqual([
      { actor_id: null, target_user_id: null },
    ]);
  });

  it('keep the notice to a single row', async () => {
    await database.db.insert(schema.notices).values({ id: 1 });
    await expect(database.db.insert(schema.notices).values({ id: 2 })).rejects.toThrow();
  });

  it('index post text for full-text search', async () => {
    await database.db.insert(schema.posts).values({ userId: u, content: 'Graduation predictions for 2027' });
    const found = await rows<{ content: string }>(
      sql`select content from posts where search_vector @@ plainto_tsquery('simple', 'predictions')`,
    );
    expect(found.map((r) => r.content)).toContain('Graduation predictions for 2027');
  });
});
