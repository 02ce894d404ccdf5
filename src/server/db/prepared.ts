// Hot statements built once per database as named prepared statements (issue #25): drizzle writes
// their SQL text once instead of on every call (~0.4 ms of CPU per request on the feed), and on
// PostgreSQL each pooled connection parses and plans a named statement once, not per execution.
// Values are bound through `sql.placeholder(name)`; a plan is checked with EXPLAIN EXECUTE after
// PostgreSQL's switch to a generic plan (query-plans.test.ts).
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
