// A database migrated up to (not including) one committed migration, for a test of what that
// migration does to the rows it finds.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, MIGRATIONS_FOLDER } from '../../src/server/db/migrate';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The committed migrations before the one whose tag starts with `name` (its number and name). */
function migrationsBefore(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yb-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === name);
  if (index <= 0) throw new Error(`no migration ${name} after the first in the journal`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * A new test database with every migration before `tag` applied; `destroy` also removes the
 * folder of migrations it was made with. `applyMigrations(database)` then applies the rest.
 */
export async function databaseBefore(tag: string): Promise<TestDatabase> {
  const database = await createTestDatabase({ migrate: false });
  const folder = migrationsBefore(tag);
  try {
    // As the app applies them (an online migration outside a transaction), from the shorter journal.
    await applyMigrations(database, { migrationsFolder: folder });
  } catch (error) {
    await database.destroy();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const destroy = database.destroy.bind(database);
  return Object.assign(database, {
    destroy: async () => {
      await destroy();
      rmSync(folder, { recursive: true, force: true });
    },
  });
}
