// Hot statements built once per database as named prepared statements (issue #25): drizzle writes
// their SQL text once instead of on every call (~0.4 ms of CPU per request on the feed), and on
// PostgreSQL each pooled connection parses and plans a named statement once, not per execution.
// Values are bound through `sql.placeholder(name)`; a plan is checked with EXPLAIN EXECUTE after
// PostgreSQL's switch to a generic plan (query-plans.test.ts).
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

const names = new Set<string>();

/**
 * `build(db, name)` once per database, on first use. Names are PostgreSQL's statement names, one per
 * statement text: two statements under one name would make node-postgres refuse the second.
 */
export function preparedStatement<T>(name: string, build: (db: Db, name: string) => T): (db: Db) => T {
  if (names.has(name)) throw new Error(`two prepared statements are named ${name}`);
  names.add(name);
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (statement === undefined) {
      statement = build(db, name);
      byDb.set(db, statement);
    }
    return statement;
  };
}

/** A prepared statement written in SQL: its rows, as `queryRows` answers them. */
export interface PreparedSql<T> {
  execute(values?: Record<string, unknown>): Promise<{ rows: T[] }>;
}

interface PreparingDb {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): PreparedSql<unknown>;
  };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/**
 * A statement written with drizzle's `sql` (values as `sql.placeholder`), run as a named prepared
 * statement: the query builders' `.prepare`, for SQL they cannot write. Inside a transaction, `db` is
 * the transaction: the statement is made for its connection, which PostgreSQL has parsed and planned
 * it on already if it ran there before (node-postgres keeps a connection's statements by name).
 * Issue #49: planning a reply's statements each time cost the database more than running them.
 */
export function preparedSql<T>(name: string, query: SQL): (db: Db) => PreparedSql<T> {
  return preparedStatement(name, (db, statement) => {
    const preparing = db as unknown as PreparingDb;
    return preparing.session.prepareQuery(
      preparing.dialect.sqlToQuery(query),
      undefined,
      statement,
      false,
    ) as PreparedSql<T>;
  });
}
