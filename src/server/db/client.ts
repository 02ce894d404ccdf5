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
  /**
   * Hears NOTIFY on `channel` (from any process using the database) until close(). On PostgreSQL a
   * connection of its own listens; while it is lost, notices may be missed, so `onLost` is called
   * and, once it listens again, `onListening` (also called the first time). PGlite hears its own.
   */
  listen(channel: string, handlers: ChannelHandlers): Listening;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  onNotice(payload: string): void;
  onListening(): void;
  onLost(): void;
}

export interface Listening {
  /**
   * Resolves once every notice committed before the call has been handed to `onNotice` (or the
   * connection was found lost). PostgreSQL delivers a listener's pending notices before it answers
   * the listener's next query, so this is one round trip on the listening connection.
   */
  settle(): Promise<void>;
}

/** How long a lost listening connection waits before trying again, doubling up to the last. */
const RELISTEN_DELAYS_MS = [100, 500, 2_000, 5_000];

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
    const listeners = new Set<pg.Client>();
    let closing = false;
    return withPing({
      db,
      engine: 'postgres',
      async close() {
        closing = true;
        await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
        await pool.end();
      },
      listen(channel, handlers) {
        let failures = 0;
        let listening: pg.Client | null = null;
        const connect = async () => {
          if (closing) return;
          // keepAlive: a connection cut without a word (a dropped NAT entry) is noticed, not waited on.
          const client = new pg.Client({
            connectionString: target.url,
            connectionTimeoutMillis: 5_000,
            keepAlive: true,
            // Named in pg_stat_activity, for whoever looks at the database's connections.
            application_name: `yearbook: listen ${channel}`,
          });
          listeners.add(client);
          let lost = false;
          const onLost = () => {
            if (lost) return;
            lost = true;
            if (listening === client) listening = null;
            listeners.delete(client);
            void client.end().catch(() => undefined);
            handlers.onLost();
            if (closing) return;
            const delay = RELISTEN_DELAYS_MS[Math.min(failures++, RELISTEN_DELAYS_MS.length - 1)];
            setTimeout(() => void connect(), delay).unref();
          };
          client.on('error', onLost);
          client.on('end', onLost);
          client.on('notification', (message) => {
            if (message.channel === channel) handlers.onNotice(message.payload ?? '');
          });
          try {
            await client.connect();
            await client.query(`listen "${channel.replace(/"/g, '""')}"`);
            failures = 0;
            listening = client;
            handlers.onListening();
          } catch {
            onLost();
          }
        };
        void connect();
        return {
          async settle() {
            // Not listening: nothing is kept (onLost), so there is nothing to wait for.
            await listening?.query('select 1').catch(() => undefined);
          },
        };
      },
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
    listen(channel, handlers) {
      // One process, one database: its notices are delivered with the statement that sent them.
      client.listen(channel, handlers.onNotice).then(handlers.onListening, handlers.onLost);
      return { settle: async () => {} };
    },
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
