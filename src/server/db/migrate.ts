import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number, the same in every instance: pg_advisory_lock's key for "migrating". */
export const MIGRATION_LOCK_KEY = 7_304_118_225;

/**
 * Applies every committed migration not yet applied (tracked in drizzle.__drizzle_migrations). On
 * PostgreSQL several instances may start at once: each waits for a session-level advisory lock, so one
 * migrates while the others wait, then find nothing left to do. The lock ends with its connection, so
 * an instance killed mid-migration cannot leave it held.
 */
export async function applyMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.engine === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, () =>
    migratePostgres(database.db as unknown as NodePgDatabase, config),
  );
}
