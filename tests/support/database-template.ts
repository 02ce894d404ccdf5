// One migrated database per test run, copied for each test file (issue «Tests» 3): migrating and, for
// the embedded engine, PGlite's initdb cost seconds a file. The vitest global setup makes the
// template; test-database.ts copies it. PostgreSQL: a template database, copied by CREATE DATABASE
// ... TEMPLATE. PGlite: a dump of a migrated in-memory database, loaded by each file's PGlite.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { applyMigrations } from '../../src/server/db/migrate';

/** Where the copies come from, passed to the test workers through the environment. */
export const TEMPLATE_DATABASE_ENV = 'TEST_TEMPLATE_DATABASE';
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';

export async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Makes this run's template and returns how to remove it. */
export async function createDatabaseTemplate(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `yb_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    const database = await openDatabase({ engine: 'postgres', url: target.toString(), maxConnections: 1 });
    await applyMigrations(database);
    // A template must have no connections while it is copied.
    await database.close();
    process.env[TEMPLATE_DATABASE_ENV] = name;
    return async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  }
  const database = await openDatabase({ engine: 'pglite', dataDir: null });
  await applyMigrations(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-template-'));
  const file = path.join(dir, 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
