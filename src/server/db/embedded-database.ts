// Embedded mode's database on start: the PostgreSQL in DATA_DIR/postgres (embedded-postgres.ts), and
// once, the data of an embedded database from before decision 033 (PGlite in DATA_DIR/db) carried
// over into it. The old folder is kept, renamed, until the operator removes it.
//
// A carry-over cut short (a crash, a full disk) is begun again on the next start: the file
// DATA_DIR/postgres.carrying-over stands while it runs, and a cluster found beside it is made anew.
import fs from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase, type SqlSession } from './client';
import {
  CLUSTER_DIR_NAME,
  type EmbeddedPostgres,
  holdsCluster,
  startEmbeddedPostgres,
} from './embedded-postgres';
import { applyMigrations } from './migrate';
import { LONG_WORK_TIMEOUTS } from './timeouts';

/** The PGlite database's folder in DATA_DIR before decision 033. */
export const PGLITE_DIR_NAME = 'db';
const MARKER_NAME = 'postgres.carrying-over';
/** Rows read and written at a time while carrying over. */
const BATCH_ROWS = 2_000;

export interface CarriedOver {
  tables: number;
  rows: number;
  /** Where the PGlite folder was moved to. */
  keptAt: string;
}

/** Starts embedded mode's PostgreSQL on `dataDir`, carrying an older PGlite database over first. */
export async function startEmbeddedDatabase(
  dataDir: string,
  onCarriedOver: (carried: CarriedOver) => void = (carried) =>
    console.log(
      `Carried the embedded database over to PostgreSQL: ${carried.rows} rows in ${carried.tables} tables. ` +
        `The old one is kept at ${carried.keptAt}; remove it once you are content.`,
    ),
): Promise<EmbeddedPostgres> {
  const legacyDir = path.join(dataDir, PGLITE_DIR_NAME);
  const clusterDir = path.join(dataDir, CLUSTER_DIR_NAME);
  const marker = path.join(dataDir, MARKER_NAME);
  const legacy = fs.existsSync(path.join(legacyDir, 'PG_VERSION'));
  if (fs.existsSync(marker)) {
    // Cut short: begun again while the old folder is there; finished if it was already moved away.
    if (legacy) fs.rmSync(clusterDir, { recursive: true, force: true });
    else fs.rmSync(marker, { force: true });
  }
  if (!legacy || holdsCluster(clusterDir)) return startEmbeddedPostgres(dataDir);

  fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
  const server = await startEmbeddedPostgres(dataDir);
  try {
    const copied = await carryOver(dataDir, server.url);
    const keptAt = path.join(
      dataDir,
      `db-pglite-before-postgres-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
    fs.renameSync(legacyDir, keptAt);
    fs.rmSync(marker, { force: true });
    onCarriedOver({ ...copied, keptAt });
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function carryOver(dataDir: string, url: string): Promise<{ tables: number; rows: number }> {
  const from = await openDatabase({ engine: 'pglite', dataDir });
  let to: Database | null = null;
  try {
    // Both at the same migration first, so their tables are the same.
    await applyMigrations(from);
    to = await openDatabase({ engine: 'postgres', url, maxConnections: 1, timeouts: LONG_WORK_TIMEOUTS });
    await applyMigrations(to);
    const target = to;
    return await from.withAdvisoryLock(0, (source) =>
      target.withAdvisoryLock(0, (sink) => copyTables(source, sink)),
    );
  } finally {
    await to?.close();
    await from.close();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function copyTables(source: SqlSession, sink: SqlSession): Promise<{ tables: number; rows: number }> {
  const tables = await source.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  let rows = 0;
  await sink.transaction(async (tx) => {
    // Rows as they were: no triggers (counts they keep are copied as they are), no checks of
    // foreign keys while the tables fill in any order.
    await tx.exec('set local session_replication_role = replica');
    if (tables.length > 0) {
      // What the migrations put in (seeded lists) gives way to the database's own rows.
      await tx.exec(`truncate ${tables.map((t) => `public.${quote(t.name)}`).join(', ')}`);
    }
    for (const { name } of tables) {
      const columns = (
        await source.query<{ column_name: string }>(
          `select column_name from information_schema.columns
           where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
           order by ordinal_position`,
          [name],
        )
      ).map((c) => quote(c.column_name));
      const table = `public.${quote(name)}`;
      const list = columns.join(', ');
      let copied = 0;
      await source.transaction(async (read) => {
        await read.exec(
          `declare carry no scroll cursor for select to_json(t)::text as row from (select ${list} from ${table}) t`,
        );
        for (;;) {
          const batch = await read.query<{ row: string }>(`fetch ${BATCH_ROWS} from carry`);
          if (batch.length === 0) break;
          await tx.query(
            `insert into ${table} (${list}) overriding system value
             select ${list} from json_populate_recordset(null::${table}, $1::json)`,
            [`[${batch.map((r) => r.row).join(',')}]`],
          );
          copied += batch.length;
        }
        await read.exec('close carry');
      });
      const [counted] = await tx.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      if (counted?.n !== copied) {
        throw new Error(`carrying ${name} over: ${copied} rows read, ${counted?.n ?? 0} written`);
      }
      rows += copied;
    }
    const sequences = await source.query<{ name: string; last: string | null }>(
      `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
    );
    for (const { name, last } of sequences) {
      if (last !== null)
        await tx.query('select setval($1::regclass, $2::bigint, true)', [`public.${quote(name)}`, last]);
    }
  });
  return { tables: tables.length, rows };
}
