// A fresh database for one test file: PGlite in memory by default; with TEST_DATABASE_URL, a new
// PostgreSQL database created on that server for this file alone and dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';
import { applyMigrations } from '../../src/server/db/migrate';

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

  if (adminUrl) {
    const name = `yb_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    database = await openDatabase({ engine: 'postgres', url, maxConnections: 20 }, { onQuery });
    drop = () => withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  } else {
    database = await openDatabase({ engine: 'pglite', dataDir: null }, { onQuery });
  }

  if (options.migrate !== false) await applyMigrations(database);
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

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
