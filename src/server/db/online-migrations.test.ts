// Online migrations (issue #46): an index built on a live table with CREATE INDEX CONCURRENTLY runs
// outside a transaction, is recorded like any other, is built again when a failed build left it
// invalid, and refuses to be mixed with statements that need a transaction. Both engines.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { queryRows } from './client';
import { applyMigrations } from './migrate';

const folders: string[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  await Promise.all(databases.splice(0).map((database) => database.destroy()));
});

/** A migrations folder holding these migrations, in order, as drizzle-kit writes them. */
function migrationsFolder(migrations: { tag: string; statements: string[] }[]): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-migrations-'));
  folders.push(folder);
  fs.mkdirSync(path.join(folder, 'meta'));
  const entries = migrations.map(({ tag, statements }, idx) => {
    fs.writeFileSync(path.join(folder, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n'));
    return { idx, version: '7', when: 1_800_000_000_000 + idx, tag, breakpoints: true };
  });
  fs.writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return folder;
}

async function freshDatabase() {
  const database = await createTestDatabase({ migrate: false });
  databases.push(database);
  return database;
}

const TABLE = {
  tag: '0000_table',
  statements: [
    'CREATE TABLE "things" ("id" integer PRIMARY KEY, "code" text NOT NULL)',
    `INSERT INTO "things" VALUES (1, 'a'), (2, 'b')`,
  ],
};

async function indexState(database: TestDatabase, name: string) {
  return queryRows<{ valid: boolean }>(
    database.db,
    sql`select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = ${name}`,
  );
}

describe('online migrations (CREATE INDEX CONCURRENTLY)', () => {
  it('build the index outside a transaction and record the migration once', async () => {
    const database = await freshDatabase();
    const folder = migrationsFolder([
      TABLE,
      {
        tag: '0001_online-index',
        statements: [
          '-- Built while writes go on.\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "things_code_idx" ON "things" ("code")',
        ],
      },
    ]);
    await applyMigrations(database, { migrationsFolder: folder });
    await applyMigrations(database, { migrationsFolder: folder });
    expect(await indexState(database, 'things_code_idx')).toEqual([{ valid: true }]);
    const applied = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual([{ n: 2 }]);
  });

  it('refuse a migration mixing CONCURRENTLY with statements that need a transaction', async () => {
    const database = await freshDatabase();
    const folder = migrationsFolder([
      TABLE,
      {
        tag: '0001_mixed',
        statements: [
          'ALTER TABLE "things" ADD COLUMN "extra" text',
          'CREATE INDEX CONCURRENTLY IF NOT EXISTS "things_extra_idx" ON "things" ("extra")',
        ],
      },
    ]);
    await expect(applyMigrations(database, { migrationsFolder: folder })).rejects.toThrow(
      /0001_mixed: a migration using CONCURRENTLY runs outside a transaction/,
    );
    // The one before it was applied; the refused one was not recorded.
    const applied = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual([{ n: 1 }]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('online migrations on PostgreSQL', () => {
  it('build again an index a failed build left invalid, on the next start', async () => {
    const database = await freshDatabase();
    const duplicate = migrationsFolder([
      { ...TABLE, statements: [...TABLE.statements, `INSERT INTO "things" VALUES (3, 'a')`] },
      {
        tag: '0001_unique',
        statements: ['CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "things_code_key" ON "things" ("code")'],
      },
    ]);
    // The duplicate fails the build, which leaves an invalid index behind (PostgreSQL's way).
    await expect(applyMigrations(database, { migrationsFolder: duplicate })).rejects.toThrow();
    expect(await indexState(database, 'things_code_key')).toEqual([{ valid: false }]);

    // Fixed (here by hand), the next start builds it again instead of skipping it (IF NOT EXISTS).
    await database.db.execute(sql`delete from things where id = 3`);
    await applyMigrations(database, { migrationsFolder: duplicate });
    expect(await indexState(database, 'things_code_key')).toEqual([{ valid: true }]);
  });
});
