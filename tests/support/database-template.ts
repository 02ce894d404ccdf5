// One migrated database per test run, copied for each test file (issue «Tests» 3): migrating and, for
// the embedded engine, PGlite's initdb cost seconds a file. The vitest global setup makes the
// template; test-database.ts copies it. PostgreSQL: a template database, copied by CREATE DATABASE
// ... TEMPLATE. PGlite: a dump of a migrated in-memory database, loaded by each file's PGlite. And
// for tests of the real process, a migrated embedded-mode cluster (decision 033), copied by
// createMigratedDataDir instead of an initdb each.
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
export const EMBEDDED_TEMPLATE_ENV = 'TEST_EMBEDDED_TEMPLATE';

export async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Makes this run's templates and returns how to remove them. */
export async function createDatabaseTemplate(): Promise<() => Promise<void>> {
  // The embedded cluster is made by the first test that asks for one (few files do: an initdb and the
  // migrations would cost every run, even of one small file, 3-4 s): here only its folder.
  const embedded = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-embedded-template-'));
  // Under root the cluster's PostgreSQL runs as another user, who must pass through this folder.
  fs.chmodSync(embedded, 0o711);
  process.env[EMBEDDED_TEMPLATE_ENV] = embedded;
  const removeOther = await createEngineTemplate();
  return async () => {
    await removeOther();
    fs.rmSync(embedded, { recursive: true, force: true });
  };
}

/**
 * The run's migrated embedded-mode cluster (DATA_DIR/postgres of a DATA_DIR in `root`), made by the
 * first caller of any test worker (mkdir is atomic: the one that makes `building` builds, the others
 * wait for `ready`). Null when the run has no template folder.
 */
export async function embeddedTemplate(timeoutMs: number): Promise<string | null> {
  const root = process.env[EMBEDDED_TEMPLATE_ENV];
  if (!root) return null;
  const dataDir = path.join(root, 'data');
  const ready = path.join(root, 'ready');
  if (fs.existsSync(ready)) return dataDir;
  let builder = false;
  try {
    fs.mkdirSync(path.join(root, 'building'));
    builder = true;
  } catch {
    // Another worker builds it.
  }
  const failed = path.join(root, 'failed');
  if (builder) {
    try {
      const database = await openDatabase({ engine: 'embedded', dataDir });
      try {
        await applyMigrations(database);
      } finally {
        await database.close();
      }
    } catch (error) {
      fs.writeFileSync(failed, String(error));
      throw error;
    }
    fs.writeFileSync(ready, '');
    return dataDir;
  }
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(ready)) {
    if (fs.existsSync(failed))
      throw new Error(`the embedded template failed: ${fs.readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the embedded template in ${root} was not made in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return dataDir;
}

async function createEngineTemplate(): Promise<() => Promise<void>> {
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
