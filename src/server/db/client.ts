// One database API over two engines: PostgreSQL through a node-postgres pool (DATABASE_URL, or in
// embedded mode the PostgreSQL the app runs itself in DATA_DIR: embedded-postgres.ts), or PGlite in
// this process (the tests' in-memory databases; embedded mode's data folders before decision 033).
// Both are PostgreSQL, so schema, migrations and queries are the same.
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';
import {
  type DatabaseTimeouts,
  DEFAULT_DATABASE_TIMEOUTS,
  HEALTH_PING_TIMEOUTS,
  timeoutStatements,
} from './timeouts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = 'pglite' | 'postgres';

/** Rows of a raw SQL statement: both drivers answer `db.execute` with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  /**
   * For signing in and finding whose a session is (better-auth, the session routes, the viewer of
   * each request, the rate limits): on PostgreSQL a pool of its own (AUTH_POOL_SIZE connections), so
   * a pool full of queries waiting for a lock on another table does not stop anyone signing in
   * (issue #46). PGlite: the same one connection as `db`.
   */
  authDb: Db;
  engine: Engine;
  /**
   * Runs `select 1`; throws when the database cannot answer. On PostgreSQL it runs on connections of
   * its own (two, short timeouts), so a pool full of queries waiting for a lock does not make the
   * health check say the database is gone.
   */
  ping(): Promise<void>;
  /** The pool's connections now (PostgreSQL: health and the operator's metrics), or null (PGlite: one connection, no pool). */
  poolStatus(): PoolStatus | null;
  /**
   * Runs `run` while holding PostgreSQL's session-level advisory lock `key`, on a connection of its own
   * (outside the pool, which `run` may then use freely, and without the pool's timeouts), handed to
   * `run` as `session`. The lock ends with that connection, so a process killed while holding it cannot
   * leave it held. PGlite has one process (DATA_DIR's lock): `run` just runs, on its one connection.
   */
  withAdvisoryLock<T>(key: number, run: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * Hears NOTIFY on `channel` (from any process using the database) until close(). On PostgreSQL a
   * connection of its own listens; while it is lost, notices may be missed, so `onLost` is called
   * and, once it listens again, `onListening` (also called the first time). PGlite hears its own.
   */
  listen(channel: string, handlers: ChannelHandlers): Listening;
  close(): Promise<void>;
}

export interface PoolStatus {
  max: number;
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Requests waiting for a connection: above 0, every connection is busy. */
  waiting: number;
}

/** One connection, for statements run one after another in order (migrations). */
export interface SqlSession {
  /** Runs one or more statements without parameters. */
  exec(statements: string): Promise<void>;
  query<T>(statement: string, params?: unknown[]): Promise<T[]>;
  /** Runs `run` in a transaction on this connection: committed when it resolves, rolled back if not. */
  transaction(run: (session: SqlSession) => Promise<void>): Promise<void>;
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

/** The connections kept for signing in and sessions (Database.authDb), beside the pool of `maxConnections`. */
export const AUTH_POOL_SIZE = 4;

/** How long a lost listening connection waits before trying again, doubling up to the last. */
const RELISTEN_DELAYS_MS = [100, 500, 2_000, 5_000];

export type DatabaseTarget =
  // Embedded mode: PostgreSQL run by the app in DATA_DIR (an older PGlite DATA_DIR/db carried over).
  | { engine: 'embedded'; dataDir: string; maxConnections?: number; timeouts?: DatabaseTimeouts }
  // PGlite in this process. dataDir null: in memory (tests), optionally started from a dump of another
  // (a migrated template); else the folder of an embedded database from before decision 033.
  | { engine: 'pglite'; dataDir: string | null; loadDataDir?: Blob }
  | { engine: 'postgres'; url: string; maxConnections?: number; timeouts?: DatabaseTimeouts };

export interface OpenOptions {
  /** Called with every SQL statement run through the Db (tests count queries per request). */
  onQuery?: (sql: string) => void;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if (target.engine === 'embedded') {
    const { startEmbeddedDatabase } = await import('./embedded-database');
    const server = await startEmbeddedDatabase(target.dataDir);
    try {
      const database = await openDatabase(
        {
          engine: 'postgres',
          url: server.url,
          maxConnections: target.maxConnections,
          timeouts: target.timeouts,
        },
        options,
      );
      return {
        ...database,
        async close() {
          try {
            await database.close();
          } finally {
            await server.stop();
          }
        },
      };
    } catch (error) {
      await server.stop();
      throw error;
    }
  }
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (target.engine === 'postgres') {
    const timeouts = target.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const pool = timedPool(target.url, timeouts, {
      max: target.maxConnections ?? 10,
      application_name: 'yearbook',
    });
    // Health's ping, apart: it answers while the pool above is full of queries waiting for a lock.
    const healthPool = timedPool(target.url, HEALTH_PING_TIMEOUTS, {
      max: 2,
      application_name: 'yearbook: health',
    });
    // Sign-in and sessions, apart for the same reason (their tables are not the ones locked).
    const authPool = timedPool(target.url, timeouts, {
      max: AUTH_POOL_SIZE,
      application_name: 'yearbook: sign-in',
    });
    const db = drizzlePostgres(pool, { schema, logger }) as unknown as Db;
    const authDb = drizzlePostgres(authPool, { schema, logger }) as unknown as Db;
    const listeners = new Set<pg.Client>();
    let closing = false;
    return {
      db,
      authDb,
      engine: 'postgres',
      async ping() {
        await healthPool.query('select 1');
      },
      poolStatus: () => ({
        max: pool.options.max,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      async close() {
        closing = true;
        await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
        await Promise.all([pool.end(), authPool.end(), healthPool.end()]);
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
        // One round trip at a time on the listening connection (pg queues a second query on a busy
        // client, and pg 9 will refuse to): callers arriving during one share the next, which starts
        // after their call, as `settle` promises.
        let running: Promise<void> | null = null;
        let next: Promise<void> | null = null;
        const roundTrip = (): Promise<void> => {
          // Not listening: nothing is kept (onLost), so there is nothing to wait for.
          const trip: Promise<void> = (listening?.query('select 1') ?? Promise.resolve())
            .then(
              () => undefined,
              () => undefined,
            )
            .finally(() => {
              if (running === trip) running = null;
            });
          running = trip;
          return trip;
        };
        return {
          settle() {
            if (!running) return roundTrip();
            next ??= running.then(() => {
              next = null;
              return roundTrip();
            });
            return next;
          },
        };
      },
      async withAdvisoryLock(key, run) {
        const client = new pg.Client({
          connectionString: target.url,
          connectionTimeoutMillis: timeouts.connectionTimeoutMs,
          application_name: 'yearbook: migrations',
        });
        client.on('error', () => {});
        await client.connect();
        try {
          // Waiting for the lock (another instance migrating) and what runs under it (a migration
          // building an index on a million posts) take as long as they take: no timeouts here, even
          // where the role or the database sets some.
          await client.query(timeoutStatements({ lockTimeoutMs: 0, statementTimeoutMs: 0 }));
          // Asked again and again rather than waited for in one statement: a waiting statement holds a
          // snapshot, and an online migration's CREATE INDEX CONCURRENTLY under the lock waits for every
          // older snapshot to end, so one blocked pg_advisory_lock was a deadlock (two instances
          // starting on a database with a migration like 0017 to apply).
          while (!(await tryAdvisoryLock(client, key))) {
            await new Promise((resolve) => setTimeout(resolve, ADVISORY_LOCK_RETRY_MS));
          }
          return await run(clientSession(client));
        } finally {
          // Closing the connection releases the lock, even if unlocking first failed.
          await client.end().catch(() => undefined);
        }
      },
    };
  }

  const client = await PGlite.create({
    dataDir: target.dataDir ? path.join(target.dataDir, 'db') : undefined,
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    authDb: db,
    engine: 'pglite',
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStatus: () => null,
    close: () => client.close(),
    listen(channel, handlers) {
      // One process, one database: its notices are delivered with the statement that sent them.
      client.listen(channel, handlers.onNotice).then(handlers.onListening, handlers.onLost);
      return { settle: async () => {} };
    },
    withAdvisoryLock: (_key, run) => run(pgliteSession(client)),
  };
}

/**
 * A pool whose every connection carries `timeouts`: a statement waiting for a lock gives up after
 * lock_timeout, one running too long after statement_timeout, and a request finding every connection
 * busy waits connectionTimeout for one. Each then fails with an error the API answers with a 503
 * (http/error-handling.ts), and the connection is free for the next request. Set with SET when a
 * connection opens, not the startup `options`, which PgBouncer refuses.
 */
function timedPool(
  url: string,
  timeouts: DatabaseTimeouts,
  options: { max: number; application_name: string },
) {
  const pool = new pg.Pool({
    connectionString: url,
    ...options,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.connectionTimeoutMs,
    onConnect: async (client) => {
      await client.query(timeoutStatements(timeouts));
    },
  });
  // An idle client losing its connection (server restart, failover) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/** How often an instance waiting for another's migrations asks for their lock again. */
const ADVISORY_LOCK_RETRY_MS = 200;

async function tryAdvisoryLock(client: pg.Client, key: number): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
    key,
  ]);
  return rows[0]?.locked === true;
}

function clientSession(client: pg.Client): SqlSession {
  const session: SqlSession = {
    async exec(statements) {
      await client.query(statements);
    },
    async query<T>(statement: string, params: unknown[] = []) {
      return (await client.query(statement, params)).rows as T[];
    },
    async transaction(run) {
      await client.query('begin');
      try {
        await run(session);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    },
  };
  return session;
}

function pgliteSession(client: PGlite | Transaction): SqlSession {
  return {
    async exec(statements) {
      await client.exec(statements);
    },
    async query<T>(statement: string, params: unknown[] = []) {
      return (await client.query<T>(statement, params)).rows;
    },
    async transaction(run) {
      if (!('transaction' in client)) throw new Error('PGlite: a transaction within a transaction');
      await client.transaction((tx) => run(pgliteSession(tx)));
    },
  };
}
