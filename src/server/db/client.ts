// One database API over two engines: PGlite in DATA_DIR/db (embedded mode) or a node-postgres pool
// (DATABASE_URL). Both are PostgreSQL, so schema, migrations and queries are the same.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = 'pglite' | 'postgres';

/** Rows of a raw SQL statement: both drivers answer `db.execute` with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  engine: Engine;
  /** Runs `select 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Runs `run` while holding PostgreSQL's session-level advisory lock `key`, on a connection of its own
   * (outside the pool, which `run` may then use freely). The lock ends with that connection, so a
   * process killed while holding it cannot leave it held. PGlite has one process (DATA_DIR's lock):
   * `run` just runs.
   */
  withAdvisoryLock<T>(key: number, run: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  // dataDir null: in memory (tests), optionally started from a dump of another (a migrated template)
  | { engine: 'pglite'; dataDir: string | null; loadDataDir?: Blob }
  | { engine: 'postgres'; url: string; maxConnections?: number };

export interface OpenOptions {
  /** Called with every SQL statement run through the Db (tests count queries per request). */
  onQuery?: (sql: string) => void;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its connection (server restart, failover) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePostgres(pool, { schema, logger }) as unknown as Db;
    return withPing({
      db,
      engine: 'postgres',
      close: () => pool.end(),
      async withAdvisoryLock(key, run) {
        const client = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 5_000 });
        client.on('error', () => {});
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          return await run();
        } finally {
          // Closing the connection releases the lock, even if unlocking first failed.
          await client.end().catch(() => undefined);
        }
      },
    });
  }

  const client = await PGlite.create({
    dataDir: target.dataDir ? path.join(target.dataDir, 'db') : undefined,
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return withPing({
    db,
    engine: 'pglite',
    close: () => client.close(),
    withAdvisoryLock: (_key, run) => run(),
  });
}

function withPing(parts: Omit<Database, 'ping'>): Database {
  return {
    ...parts,
    async ping() {
      await parts.db.execute(sql`select 1`);
    },
  };
}
