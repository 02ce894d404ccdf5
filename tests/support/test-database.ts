// A fresh database for one test file: PGlite in memory by default; with TEST_DATABASE_URL, a new
// PostgreSQL database created on that server for this file alone and dropped afterwards. Both start
// as a copy of the run's migrated template (database-template.ts) when the global setup made one.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../src/server/db/client';
import { CLUSTER_DIR_NAME } from '../../src/server/db/embedded-postgres';
import { applyMigrations } from '../../src/server/db/migrate';
import { embeddedTemplate, PGLITE_TEMPLATE_ENV, TEMPLATE_DATABASE_ENV, withAdmin } from './database-template';
import { scaled } from './machine-factor';

export interface TestDatabase extends Database {
  /** A PostgreSQL URL of this database, or null on PGlite. */
  url: string | null;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
  /** Starts collecting the SQL statements run from now on; `stop()` returns them. */
  recordQueries(): { stop(): string[] };
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let url: string | null = null;
  let drop = async () => {};
  let recording: string[] | null = null;
  const onQuery = (sql: string) => recording?.push(sql);

  // A copy of the migrated template, unless the test wants to migrate (or not) itself.
  const copy = options.migrate === undefined;
  const template = copy ? process.env[TEMPLATE_DATABASE_ENV] : undefined;
  const pgliteTemplate = copy ? process.env[PGLITE_TEMPLATE_ENV] : undefined;
  let migrated = false;

  if (adminUrl) {
    const name = `yb_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdmin(adminUrl, (admin) =>
      admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
    );
    migrated = Boolean(template);
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    database = await openDatabase({ engine: 'postgres', url, maxConnections: 20 }, { onQuery });
    drop = async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  } else if (pgliteTemplate) {
    const dump = new Blob([fs.readFileSync(pgliteTemplate)]);
    database = await openDatabase({ engine: 'pglite', dataDir: null, loadDataDir: dump }, { onQuery });
    migrated = true;
  } else {
    database = await openDatabase({ engine: 'pglite', dataDir: null }, { onQuery });
  }

  if (options.migrate !== false && !migrated) await applyMigrations(database);
  // A test may close the database on purpose (to see the server cope); closing twice is harmless.
  let closed: Promise<void> | null = null;
  const close = () => {
    closed ??= database.close();
    return closed;
  };
  return {
    ...database,
    url,
    close,
    async destroy() {
      await close();
      await drop();
    },
    recordQueries() {
      recording = [];
      return {
        stop() {
          const queries = recording ?? [];
          recording = null;
          return queries;
        },
      };
    },
  };
}

/**
 * A new embedded data directory (`DATA_DIR`) holding a migrated database, for tests of the real
 * process or the command line: a copy of the run's migrated embedded-mode cluster (decision 033)
 * where there is one (initdb and the migrations cost seconds), else made and migrated here. The
 * caller removes it.
 */
export async function createMigratedDataDir(prefix: string): Promise<string> {
  const template = await embeddedTemplate(scaled(60_000));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    if (template) {
      fs.cpSync(path.join(template, CLUSTER_DIR_NAME), path.join(dataDir, CLUSTER_DIR_NAME), {
        recursive: true,
      });
      return dataDir;
    }
    const database = await openDatabase({ engine: 'embedded', dataDir });
    try {
      await applyMigrations(database);
    } finally {
      await database.close();
    }
    return dataDir;
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A data directory laid out as embedded mode kept it before decision 033 (PGlite in DATA_DIR/db),
 * migrated: what the first start of this version carries over.
 */
export async function createPgliteDataDir(prefix: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env[PGLITE_TEMPLATE_ENV];
  const database = await openDatabase({
    engine: 'pglite',
    dataDir,
    ...(template && { loadDataDir: new Blob([fs.readFileSync(template)]) }),
  });
  try {
    if (!template) await applyMigrations(database);
  } finally {
    await database.close();
  }
  return dataDir;
}
