// The SQL our query code runs, without running it, and what PostgreSQL plans for it. Used by the
// query-plan tests and by the benchmark's floor, which runs exactly the app's statements.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pg-proxy';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

export interface Statement {
  text: string;
  params: unknown[];
}

/** The statements `run` sends, recorded by a database that answers every one with no rows. */
export async function captureStatements(run: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const recorded: Statement[] = [];
  const db = drizzle(
    async (text, params) => {
      recorded.push({ text, params });
      return { rows: [] };
    },
    { schema },
  ) as unknown as Db;
  await run(db);
  return recorded;
}

/** The one statement `run` sends; throws when it sends none or several. */
export async function captureStatement(run: (db: Db) => Promise<unknown>): Promise<Statement> {
  const recorded = await captureStatements(run);
  const [statement] = recorded;
  if (!statement || recorded.length !== 1) {
    throw new Error(`expected one statement, ${recorded.length} were run`);
  }
  return statement;
}

/** The statement with its parameters written in, for EXPLAIN (PGlite has no prepared EXPLAIN). */
export function inline({ text, params }: Statement): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (value === null || value === undefined) return 'null';
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

/**
 * EXPLAIN's plan of `statement` as text. With `noSortsOrScans`, sorting and sequential scans are
 * priced out, so the plan sorts only where no index can give the order: on any table size, even an
 * empty one, a plan without a Sort node shows an index serves the statement's ORDER BY. With
 * `generic`, the plan PostgreSQL keeps for a prepared statement once it stops planning each execution
 * for its values (after five): the statement is PREPAREd and EXPLAIN EXECUTE'd under
 * plan_cache_mode = force_generic_plan.
 */
export async function explain(
  db: Db,
  statement: Statement,
  options: { noSortsOrScans?: boolean; generic?: boolean } = {},
): Promise<string> {
  return db.transaction(async (tx) => {
    if (options.noSortsOrScans) {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
    }
    let explained = `explain ${inline(statement)}`;
    if (options.generic) {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare plan_check as ${statement.text}`));
      const values = inline({
        text: statement.params.map((_, i) => `$${i + 1}`).join(', '),
        params: statement.params,
      });
      explained = `explain execute plan_check${statement.params.length ? `(${values})` : ''}`;
    }
    const result = (await tx.execute(sql.raw(explained))) as unknown as { rows: Record<string, string>[] };
    if (options.generic) await tx.execute(sql`deallocate plan_check`);
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}
