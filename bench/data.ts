// npm run bench:data -- [--posts N] [--database-url URL | --data-dir DIR]
// Fills a new database with the benchmark data set (bench/generate.ts) and prints what it made and how
// long each table took. With --database-url the database must exist and be empty; with --data-dir (the
// embedded database) the directory must be new. Also useful to try the app at campus scale:
// `npm start` on that DATA_DIR or DATABASE_URL, then sign in as bench1@bench.test / bench-password-1.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client';
import { applyMigrations } from '../src/server/db/migrate';
import { LONG_WORK_TIMEOUTS } from '../src/server/db/timeouts';
import { BENCH_PASSWORD, DEFAULT_SCALE, generate, scaleForPosts } from './generate';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: String(DEFAULT_SCALE.posts) },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const posts = Number(values.posts);
if (!Number.isInteger(posts) || posts < 1_000) fail('--posts must be a whole number of at least 1000');
if (Boolean(values['database-url']) === Boolean(values['data-dir'])) {
  fail('Give one of --database-url postgres://... or --data-dir DIR');
}
const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : null;
if (dataDir && fs.existsSync(path.join(dataDir, 'postgres'))) fail(`${dataDir} already holds a database`);
if (dataDir) fs.mkdirSync(dataDir, { recursive: true });

const database = await openDatabase(
  dataDir
    ? { engine: 'embedded', dataDir, timeouts: LONG_WORK_TIMEOUTS }
    : // Filling a million posts runs statements far longer than a request's limit.
      { engine: 'postgres', url: values['database-url'] ?? '', timeouts: LONG_WORK_TIMEOUTS },
);
try {
  await applyMigrations(database);
  const [existing] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
  if ((existing?.n ?? 0) > 0) fail('That database already has users: give an empty one.');
  const scale = scaleForPosts(posts);
  console.log(`Generating ${JSON.stringify(scale)} on ${database.engine}`);
  const started = performance.now();
  const report = await generate(database.db, scale, (line) => console.log(line));
  console.log(`Done in ${Math.round((performance.now() - started) / 100) / 10} s:`, report.counts);
  console.log(`Sign in as bench1@bench.test (or bench_1) with ${BENCH_PASSWORD}.`);
} finally {
  await database.close();
}
