import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database, SqlSession } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number, the same in every instance: pg_advisory_lock's key for "migrating". */
export const MIGRATION_LOCK_KEY = 7_304_118_225;

/** drizzle's record of what was applied: kept as drizzle-kit and earlier builds wrote it. */
const APPLIED = 'drizzle.__drizzle_migrations';

/**
 * Applies every committed migration not yet applied (tracked in drizzle.__drizzle_migrations, as
 * drizzle's own migrator does: those dated after the last one applied). On PostgreSQL several instances
 * may start at once: each waits for a session-level advisory lock (asking for it again until it is
 * free: see withAdvisoryLock), so one migrates while the others wait, then find nothing left to do. The lock ends with its connection, so an instance killed
 * mid-migration cannot leave it held. Migrations run on that connection, without the pool's timeouts.
 *
 * Each migration runs in a transaction of its own, except an online one (`CREATE INDEX CONCURRENTLY`:
 * see runOnline), which PostgreSQL cannot run in a transaction and which leaves writes to its table
 * going while it builds.
 */
export async function applyMigrations(
  database: Database,
  options: { migrationsFolder?: string } = {},
): Promise<void> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  const migrations = readMigrations(migrationsFolder);
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (session) => {
    await session.exec(
      `create schema if not exists drizzle; create table if not exists ${APPLIED} (id serial primary key, hash text not null, created_at bigint)`,
    );
    const [last] = await session.query<{ created_at: string }>(
      `select created_at from ${APPLIED} order by created_at desc limit 1`,
    );
    const lastApplied = last ? Number(last.created_at) : -1;
    for (const migration of migrations) {
      if (migration.folderMillis <= lastApplied) continue;
      if (isOnline(migration)) {
        await runOnline(session, migration);
        await record(session, migration);
      } else {
        await session.transaction(async (tx) => {
          for (const statement of migration.sql) await tx.exec(statement);
          await record(tx, migration);
        });
      }
    }
  });
}

interface Migration extends MigrationMeta {
  tag: string;
}

function readMigrations(migrationsFolder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  // drizzle's reader: the same statements and hashes its migrator recorded before this one.
  return readMigrationFiles({ migrationsFolder }).map((meta, i) => ({
    ...meta,
    tag: journal.entries[i]?.tag ?? String(i),
  }));
}

async function record(session: SqlSession, migration: Migration) {
  await session.query(`insert into ${APPLIED} (hash, created_at) values ($1, $2)`, [
    migration.hash,
    migration.folderMillis,
  ]);
}

const CONCURRENTLY = /\bconcurrently\b/i;
const CREATE_CONCURRENTLY =
  /^\s*create\s+(?:unique\s+)?index\s+concurrently\s+if\s+not\s+exists\s+"?([a-z0-9_]+)"?\s/i;
const DROP_CONCURRENTLY = /^\s*drop\s+index\s+concurrently\s+if\s+exists\s/i;

/** A migration that builds or drops indexes on live tables without stopping their writes. */
function isOnline(migration: Migration): boolean {
  return migration.sql.some((statement) => CONCURRENTLY.test(stripComments(statement)));
}

/**
 * An online migration: every statement a `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS` or a
 * `DROP INDEX CONCURRENTLY IF EXISTS`, each on its own (`--> statement-breakpoint` between them), run
 * outside a transaction. Writes to the table go on while the index builds (it takes a SHARE UPDATE
 * EXCLUSIVE lock, not the SHARE lock of a plain CREATE INDEX). An instance stopped halfway has recorded
 * nothing, so the next start runs it again: IF NOT EXISTS skips what was built, and an index a failed
 * build left invalid is dropped and built again. PGlite runs the same statements (one connection:
 * nothing waits on them anyway).
 */
async function runOnline(session: SqlSession, migration: Migration) {
  for (const raw of migration.sql) {
    const statement = stripComments(raw);
    if (!statement.trim()) continue;
    const created = CREATE_CONCURRENTLY.exec(statement);
    if (!created && !DROP_CONCURRENTLY.test(statement)) {
      throw new Error(
        `migration ${migration.tag}: a migration using CONCURRENTLY runs outside a transaction, so each of its statements must be CREATE INDEX CONCURRENTLY IF NOT EXISTS or DROP INDEX CONCURRENTLY IF EXISTS (separated by --> statement-breakpoint); put the rest in a migration of its own. Found: ${statement.trim().slice(0, 120)}`,
      );
    }
    const name = created?.[1];
    if (name) {
      const invalid = await session.query(
        `select 1 from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relname = $1 and c.relnamespace = current_schema()::regnamespace and not i.indisvalid`,
        [name.toLowerCase()],
      );
      if (invalid.length > 0) await session.exec(`drop index concurrently if exists "${name}"`);
    }
    await session.exec(statement);
  }
}

function stripComments(statement: string): string {
  return statement.replace(/--[^\n]*/g, '');
}
