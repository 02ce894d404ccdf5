// npm run bench [-- options]: the app under load at campus scale, next to a floor, and how it grows;
// first, the local text check of posts (bench/text-check.ts), in this process.
//
// For PostgreSQL (BENCH_DATABASE_URL, default the local server) and then the embedded database (the
// PostgreSQL the app runs itself, decision 033), each
// data set is generated into a new database (bench/generate.ts), the real app is started on it as
// `npm start` runs it (production mode), real bench users sign in, and a second process (bench/load.ts)
// loads every scenario. At the largest PostgreSQL scale a floor (bench/floor.ts) serving the same
// SQL is loaded too. Figures are printed as they come and written to bench/results/ as JSON with the
// machine they came from. Every database and directory made is removed at the end.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type DatabaseTarget, openDatabase, queryRows } from '../src/server/db/client';
import { encodeCursor } from '../src/server/db/keyset-cursor';
import { applyMigrations } from '../src/server/db/migrate';
import { LONG_WORK_TIMEOUTS } from '../src/server/db/timeouts';
import { FEED_SORTS } from '../src/shared/posts';
import { BRANCH_PREVIEW_SIZE } from '../src/shared/values/replies';
import { type GenerateReport, generate, SIGN_IN_USERS, scaleForPosts } from './generate';
import type { Figures, Plan, Scenario } from './load';
import {
  cpuBetween,
  type DatabaseCpu,
  embeddedDatabase,
  postgresBackends,
  ROOT,
  type Running,
  runLoad,
  signIn,
  startApp,
  startFloor,
} from './processes';
import { benchTextCheck, type TextCheckFigures } from './text-check';

const { values: options } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000000' },
    growth: { type: 'string', default: '10000,100000' },
    'embedded-posts': { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    users: { type: 'string', default: '100' },
    'database-url': { type: 'string' },
    'no-postgres': { type: 'boolean', default: false },
    only: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const HELP = `npm run bench -- [options]
  --posts N            posts in the PostgreSQL data set (default 1000000; users, likes,
                       asklines and reports scale with it: 50k users and 5M likes at 1M)
  --growth A,B         smaller PostgreSQL data sets for the growth series (default 10000,100000;
                       "" for none)
  --embedded-posts N   posts in the embedded-database data set (default 100000; 0 skips it)
  --seconds S          measured seconds per scenario (default 5), after --warmup S (default 2)
  --connections C      concurrent connections (default 32)
  --users U            bench users signed in and taking turns (default 100, at most ${SIGN_IN_USERS})
  --database-url URL   PostgreSQL server to make the bench databases on (default BENCH_DATABASE_URL,
                       else postgres://postgres@127.0.0.1:5432/postgres)
  --no-postgres        only the embedded database
  --only A,B           only these scenarios (names as printed, e.g. "like + unlike")`;

if (options.help) {
  console.log(HELP);
  process.exit(0);
}

function count(name: string, value: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}.\n\n${HELP}`);
    process.exit(2);
  }
  return n;
}

const POSTS = count('posts', options.posts, 1_000);
const GROWTH = (options.growth ?? '')
  .split(',')
  .filter(Boolean)
  .map((value) => count('growth', value, 1_000))
  .filter((n) => n < POSTS);
const EMBEDDED_POSTS =
  Number(options['embedded-posts']) === 0 ? 0 : count('embedded-posts', options['embedded-posts'], 1_000);
const SECONDS = count('seconds', options.seconds, 1, 600);
const WARMUP = count('warmup', options.warmup, 0, 60);
const CONNECTIONS = count('connections', options.connections, 1, 1_000);
const USERS = count('users', options.users, 1, SIGN_IN_USERS);
const ONLY = options.only
  ?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const POSTGRES_URL =
  options['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const RESULTS_DIR = path.join(ROOT, 'bench/results');
const STAMP = new Date().toISOString().replace(/[:.]/g, '-');
const WORK_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'yearbook-bench-'));
// Under root, embedded mode's PostgreSQL runs as another user, who must pass through this folder.
fs.chmodSync(WORK_DIR, 0o711);

// ---------------------------------------------------------------------------------------------------
// What the scenarios read, chosen from the generated data.

interface Targets {
  postIds: string[];
  /** Each sign-in user's own posts (index as the signed-in cookies): likes that tell nobody. */
  ownPostIds: string[][];
  deepCursor: string;
  usernames: string[];
  asklineIds: string[];
  /** Pages of threads (issue #49): heavy threads' first and a later page, light threads', both orders. */
  threadPaths: string[];
  /** Pages of long branches after their first replies ("Show n more replies"). */
  branchPaths: string[];
  /** What the reply scenario answers: a post, and a reply in its thread or null (the post itself). */
  replyTargets: { postId: string; replyToId: string | null }[];
}

/** Heavy threads read (the data set has one in 5,000 posts), and light ones. */
const HEAVY_THREADS = 20;
const LIGHT_THREADS = 40;
/** The later page of a heavy thread: the 11th, after 500 top-level replies. */
const LATER_PAGE_AFTER = 500;

/**
 * Threads a bench user can open (not a named post of someone a bench user blocked: a 404), the pages
 * the thread scenarios read, and what the reply scenario answers. A thread's cursor is its
 * top-level reply's time and id, as list-thread.ts writes it.
 */
async function pickThreadTargets(
  database: Database,
  postIds: string[],
): Promise<Pick<Targets, 'threadPaths' | 'branchPaths' | 'replyTargets'>> {
  const db = database.db;
  const opens = sql`not p.deleted and p.parent_id is null
    and (p.is_anonymous or p.user_id not in (select blocked_id from blocks))`;
  const heavy = await queryRows<{
    id: string;
    oldest: string;
    oldest_id: string;
    newest: string;
    newest_id: string;
  }>(
    db,
    sql`select p.id, o.t as oldest, o.id as oldest_id, n.t as newest, n.id as newest_id
        from (select p.id from posts p where ${opens} and p.reply_count >= 1000
              order by md5(p.id::text) limit ${HEAVY_THREADS}) p
        cross join lateral (select r.created_at::text as t, r.id from posts r
          where r.parent_id = p.id and r.branch_id is null
          order by r.created_at, r.id offset ${LATER_PAGE_AFTER - 1} limit 1) o
        cross join lateral (select r.created_at::text as t, r.id from posts r
          where r.parent_id = p.id and r.branch_id is null
          order by r.created_at desc, r.id desc offset ${LATER_PAGE_AFTER - 1} limit 1) n`,
  );
  const light = await queryRows<{ id: string }>(
    db,
    sql`select p.id from posts p where ${opens} and p.reply_count between 1 and 5
        order by md5(p.id::text) limit ${LIGHT_THREADS}`,
  );
  // A long branch's next page starts after the replies its thread page shows (BRANCH_PREVIEW_SIZE).
  const branches = await queryRows<{ post_id: string; branch_id: string; t: string; id: string }>(
    db,
    sql`select t.parent_id as post_id, t.id as branch_id, b.t, b.id
        from posts t
        cross join lateral (select r.created_at::text as t, r.id from posts r where r.branch_id = t.id
          order by r.created_at, r.id offset ${BRANCH_PREVIEW_SIZE - 1} limit 1) b
        where t.parent_id = any(${`{${heavy.map((h) => h.id).join(',')}}`}::uuid[])
          and t.branch_id is null and t.reply_count > 20
        order by md5(t.id::text) limit ${HEAVY_THREADS}`,
  );
  if (heavy.length === 0 || light.length === 0 || branches.length === 0) {
    throw new Error('the data set has no threads to read');
  }
  const thread = (id: string, order: string, after?: [string, string]) =>
    `/api/posts/${id}/replies?order=${order}${after ? `&cursor=${encodeCursor(after)}` : ''}`;
  // A top-level reply (read through the thread's index), in a thread every bench user can open: named
  // by someone nobody who signs in blocked, or anonymous.
  const answerable = await queryRows<{ post_id: string; reply_id: string }>(
    db,
    sql`select p.id as post_id, r.id as reply_id
        from (select p.id from posts p where ${opens} and p.reply_count > 0
              order by md5(p.id::text) limit ${postIds.length}) p
        cross join lateral (select r.id from posts r
          where r.parent_id = p.id and r.branch_id is null and not r.deleted
            and (r.is_anonymous or r.user_id not in (select blocked_id from blocks))
          order by md5(r.id::text) limit 1) r`,
  );
  return {
    threadPaths: [
      ...heavy.flatMap((h) => [
        thread(h.id, 'oldest'),
        thread(h.id, 'newest'),
        thread(h.id, 'oldest', [h.oldest, h.oldest_id]),
        thread(h.id, 'newest', [h.newest, h.newest_id]),
      ]),
      ...light.flatMap((l) => [thread(l.id, 'oldest'), thread(l.id, 'newest')]),
    ],
    branchPaths: branches.map(
      (b) => `/api/posts/${b.post_id}/replies?branch=${b.branch_id}&cursor=${encodeCursor([b.t, b.id])}`,
    ),
    // A third answer a reply, as a third of the data set's replies do; the rest answer the post.
    replyTargets: postIds.map((postId, i) => {
      const reply = answerable[i % Math.max(1, answerable.length)];
      return i % 3 === 0 && reply
        ? { postId: reply.post_id, replyToId: reply.reply_id }
        : { postId, replyToId: null };
    }),
  };
}

async function pickTargets(database: Database): Promise<Targets> {
  const db = database.db;
  // Not a named post of someone a bench user blocked (issue #48): it reads as missing to them, a 404.
  const postIds = await queryRows<{ id: string }>(
    db,
    sql`select id from posts
        where not deleted and parent_id is null
          and (is_anonymous or user_id not in (select blocked_id from blocks))
        order by md5(id::text) limit 1000`,
  );
  const [live] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from posts where not deleted and parent_id is null`,
  );
  // Page 500 of the newest-first feed, or halfway down a smaller data set.
  const depth = Math.min(10_000, Math.floor((live?.n ?? 0) / 2));
  const [deep] = await queryRows<{ t: string; id: string }>(
    db,
    sql`select created_at::text as t, id from posts where not deleted and parent_id is null
        order by created_at desc, id desc offset ${depth} limit 1`,
  );
  const asklines = await queryRows<{ id: string }>(
    db,
    sql`select id from asklines where verified order by created_at desc limit 200`,
  );
  if (!deep || postIds.length === 0 || asklines.length === 0) throw new Error('the data set is empty');
  const own = await queryRows<{ username: string; ids: string[] }>(
    db,
    sql`select pr.username, array(
          select p.id::text from posts p where p.user_id = pr.user_id and not p.deleted and p.parent_id is null
          order by p.created_at desc limit 20) as ids
        from profiles pr where pr.username = any(${`{${Array.from({ length: SIGN_IN_USERS }, (_, i) => `bench_${i + 1}`).join(',')}}`}::text[])`,
  );
  const ownBy = new Map(own.map((row) => [row.username, row.ids]));
  const ownPostIds = Array.from({ length: SIGN_IN_USERS }, (_, i) => ownBy.get(`bench_${i + 1}`) ?? []);
  if (ownPostIds.every((ids) => ids.length === 0)) throw new Error('no bench user has a post');
  return {
    postIds: postIds.map((row) => row.id),
    ownPostIds,
    deepCursor: encodeCursor([deep.t, deep.id]),
    // The first bench users post the most (bench/generate.ts): their profiles are the long ones.
    usernames: Array.from({ length: 200 }, (_, i) => `bench_${i + 1}`),
    asklineIds: asklines.map((row) => row.id),
    ...(await pickThreadTargets(
      database,
      postIds.map((row) => row.id),
    )),
  };
}

const POST_SEARCHES = [
  'hostel',
  'placement',
  'canteen chai',
  'exam',
  'riviera',
  'maggi night',
  'library',
  'biryani',
  'hackathon',
  'farewell',
  'assignment deadline',
  'monsoon',
];
const USER_SEARCHES = [
  'karthik',
  'iyer',
  'meera nair',
  'bench_42',
  'priya',
  'reddy',
  'sharma',
  'ana',
  'vikram',
];

const q = (text: string) => encodeURIComponent(text);

const LIKE_PLAIN = 'like + unlike';
const LIKE_NOTIFYING = 'like with notifications';
const LIKE_SCENARIOS: string[] = [LIKE_PLAIN, LIKE_NOTIFYING];
/**
 * Requests per run of the likes in turns: ten runs (two unmeasured) of this many over all sign-in users
 * stay within the like limit (120 a minute each), so no answer is a 429.
 */
const LIKE_RUN_REQUESTS = 4_000;

const CREATE_POST = 'create post';
const REPLY = 'reply';
const THREAD_PAGE = 'thread page';
const THREAD_PAGE_ALONE = 'thread page (one at a time)';
/** Requests per write run: 15 each by 100 people, within the limit of 20 posts or replies in 10 minutes. */
const WRITE_RUN_PEOPLE = 100;
const WRITES_EACH = 15;

/** The bodies of replies (issue #49): as create post's, a tenth anonymous; some answer a reply. */
function replyScenario(targets: Targets, amount: number): Scenario {
  return {
    name: REPLY,
    kind: 'POST',
    paths: targets.replyTargets.map((t) => `/api/posts/${t.postId}/replies`),
    bodies: targets.replyTargets.map((t, i) =>
      JSON.stringify({
        content: `Benchmark reply ${i}: chai at the canteen before the viva`,
        isAnonymous: i % 10 === 5,
        replyToId: t.replyToId,
      }),
    ),
    amount,
  };
}

function scenarios(targets: Targets, users: number): Scenario[] {
  const posts = targets.postIds;
  // Within the per-user limit of 20 posts (or replies) in 10 minutes, users taking turns.
  const writes = Math.min(users * WRITES_EACH, 3_000);
  return [
    ...FEED_SORTS.map((sort) => ({ name: `feed ${sort}`, paths: [`/api/posts?sort=${sort}`] })),
    { name: 'feed deep page', paths: [`/api/posts?sort=newest&cursor=${targets.deepCursor}`] },
    { name: 'single post', paths: posts.map((id) => `/api/posts/${id}`) },
    { name: 'profile', paths: targets.usernames.map((u) => `/api/profiles/${u}`) },
    { name: 'profile posts', paths: targets.usernames.map((u) => `/api/profiles/${u}/posts`) },
    { name: 'user search', paths: USER_SEARCHES.map((text) => `/api/search/users?q=${q(text)}`) },
    { name: 'post search', paths: POST_SEARCHES.map((text) => `/api/search/posts?q=${q(text)}`) },
    { name: 'askline', paths: targets.asklineIds.map((id) => `/api/asklines/${id}`) },
    { name: 'askline posts', paths: targets.asklineIds.map((id) => `/api/asklines/${id}/posts`) },
    // Issue #28: a like of another's post tells its author in the like's own statement; a like of
    // one's own post tells nobody. Both are the same request and statement otherwise.
    {
      name: LIKE_PLAIN,
      kind: 'LIKE',
      paths: [],
      pathsByUser: targets.ownPostIds.map((ids) => ids.map((id) => `/api/posts/${id}/like`)),
    },
    { name: LIKE_NOTIFYING, kind: 'LIKE', paths: posts.map((id) => `/api/posts/${id}/like`) },
    {
      name: CREATE_POST,
      kind: 'POST',
      paths: ['/api/posts'],
      bodies: Array.from({ length: 100 }, (_, i) =>
        JSON.stringify({
          content: `Benchmark post ${i}: chai at the canteen before the viva`,
          isAnonymous: i % 10 === 0,
        }),
      ),
      amount: writes,
    },
    // Issue #49: threads read at 32 connections and one request at a time (their own latency).
    { name: THREAD_PAGE, paths: targets.threadPaths },
    { name: THREAD_PAGE_ALONE, paths: targets.threadPaths, connections: 1 },
    { name: 'thread branch', paths: targets.branchPaths },
    replyScenario(targets, writes),
  ];
}

/** What the floor serves (bench/floor.ts), loaded beside the app's. */
const FLOOR_SCENARIOS = ['feed default', 'feed newest', 'single post'];

/** What the growth series measures at every scale. */
const GROWTH_SCENARIOS = ['feed newest', 'feed default', 'feed deep page', 'post search', 'user search'];

// ---------------------------------------------------------------------------------------------------
// Printing.

const pad = (value: string | number, width: number) => String(value).padStart(width);

function printHeader(title: string) {
  console.log(`\n${title}`);
  console.log(
    `  ${'scenario'.padEnd(24)}${pad('req/s', 8)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}`,
  );
}

function printFigures(f: Figures) {
  const odd = Object.keys(f.statuses).filter((code) => !code.startsWith('2'));
  let statuses = odd.length ? `  (${odd.map((code) => `${code}×${f.statuses[code]}`).join(', ')})` : '';
  if (f.requests === 0) statuses += `  (no answer in time: ${f.unanswered} requests still waiting)`;
  console.log(
    `  ${f.name.padEnd(24)}${pad(f.rps, 8)}${pad(f.p50, 9)}${pad(f.p95, 9)}${pad(f.p99, 9)}${pad(f.errors, 8)}${statuses}`,
  );
}

// ---------------------------------------------------------------------------------------------------
// One data set: generate, serve, load.

interface DataSetResult {
  engine: 'postgres' | 'embedded';
  posts: number;
  generated: GenerateReport;
  generateSeconds: number;
  signInSeconds: number;
  app: Figures[];
  floor: Figures[];
  /** App and floor measured in turns on the scenarios both serve (at the largest PostgreSQL scale). */
  sideBySide: Pair[];
  /** Searches one request at a time (at the largest PostgreSQL scale): their own latency, no queue. */
  single: Figures[];
  /** Likes that tell nobody and likes that notify, in turns (issue #28), when both were loaded. */
  likeTurns: LikeTurns | null;
  /** Creating a post and replying in turns (issue #49), when both were loaded. */
  writeTurns: WriteTurns | null;
  /** /api/health asked one at a time while the default feed is loaded (issue #50). */
  healthUnderLoad: HealthUnderLoad | null;
  /** Embedded mode: the database's own processes (the app's descendants) over the app's load. */
  databaseProcesses: { cpuSeconds: number; appCpuSeconds: number; rssMiB: number } | null;
}

interface HealthUnderLoad {
  asked: number;
  p50: number;
  p99: number;
  /** The feed's own figures during that run. */
  feed: Figures;
}

/** `plain` and `notifying` like + unlike in turns (A B B A, twice): each one's mean req/s and CPU. */
interface LikeTurns {
  plain: Side;
  notifying: Side;
  /** notifying req/s over plain req/s. */
  ratio: number;
}

/** `create post` and `reply` in turns (A B B A), each run by people of its own. */
interface WriteTurns {
  post: Side;
  reply: Side;
  /** reply req/s over create post req/s. */
  ratio: number;
}

/** How one server did on one scenario over its runs in a side-by-side comparison. */
interface Side {
  runs: Figures[];
  rps: number;
  p99: number;
  /** The server's own CPU time per answered request (user + system, from /proc), or null. */
  cpuMs: number | null;
  /** Its database's processes' CPU time per answered request, or null where not measured. */
  databaseCpuMs: number | null;
}

/**
 * One scenario on the app and two floors in turns (app, floor, named floor, named floor, floor, app).
 * `floor` sends the statements unnamed, as when issue #25 set its targets; `namedFloor` names them as
 * the app now does, so PostgreSQL parses and plans them once per connection for both.
 */
interface Pair {
  name: string;
  app: Side;
  floor: Side;
  namedFloor: Side;
}

interface Filled {
  generated: GenerateReport;
  generateSeconds: number;
  targets: Targets;
}

/** Opens the new database, fills it, picks what the scenarios read, and closes it for the app. */
async function fill(target: DatabaseTarget, posts: number, label: string): Promise<Filled> {
  console.log(`\n${label}: generating ${posts.toLocaleString('en')} posts...`);
  const database = await openDatabase(target);
  try {
    const started = performance.now();
    await applyMigrations(database);
    const generated = await generate(database.db, scaleForPosts(posts));
    const generateSeconds = Math.round((performance.now() - started) / 100) / 10;
    const summary = Object.entries(generated.counts)
      .map(([table, n]) => `${n.toLocaleString('en')} ${table}`)
      .join(', ');
    console.log(`  ${summary} in ${generateSeconds} s`);
    return { generated, generateSeconds, targets: await pickTargets(database) };
  } finally {
    await database.close();
  }
}

async function load(
  app: Running,
  chosen: Scenario[],
  cookies: string[],
  title: string,
  connections = CONNECTIONS,
): Promise<Figures[]> {
  const plan: Plan = {
    baseUrl: app.url,
    origin: app.url,
    cookies,
    connections,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    scenarios: chosen,
  };
  const figures: Figures[] = [];
  printHeader(title);
  await runLoad(plan, (f) => {
    printFigures(f);
    figures.push(f);
  });
  return figures;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * A server's runs of one scenario, summed up: mean req/s and p99, CPU time per answered request (the
 * server's, and its database's when measured).
 */
function sideOf(runs: MeasuredRun[], cpuPlaces: number): Side {
  const requests = runs.reduce((sum, run) => sum + run.figures.requests, 0);
  const perRequest = (seconds: (number | null)[]) =>
    seconds.every((value) => value !== null) && requests > 0
      ? round(((seconds as number[]).reduce((sum, v) => sum + v, 0) * 1000) / requests, cpuPlaces)
      : null;
  return {
    runs: runs.map((run) => run.figures),
    rps: Math.round(mean(runs.map((run) => run.figures.rps))),
    p99: round(mean(runs.map((run) => run.figures.p99)), 1),
    cpuMs: perRequest(runs.map((run) => run.cpuSeconds)),
    databaseCpuMs: perRequest(runs.map((run) => run.databaseCpuSeconds)),
  };
}

interface MeasuredRun {
  figures: Figures;
  /** The server's CPU seconds over the run, or null where /proc is missing. */
  cpuSeconds: number | null;
  /** Its database's processes' CPU seconds over the run, or null where not measured. */
  databaseCpuSeconds: number | null;
}

/**
 * One measured run of `scenario` on `server` (no warm-up: it is warm), with its CPU time, and its
 * database's when `database` is given.
 */
async function measuredRun(
  server: Running,
  scenario: Scenario,
  cookies: string[],
  database: DatabaseCpu | null = null,
): Promise<MeasuredRun> {
  const databaseBefore = await database?.sample();
  const before = server.cpuSeconds();
  let figures: Figures | undefined;
  await runLoad(
    {
      baseUrl: server.url,
      origin: server.url,
      cookies,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: 0,
      scenarios: [scenario],
    },
    (f) => {
      figures = f;
    },
  );
  const after = server.cpuSeconds();
  const databaseAfter = await database?.sample();
  if (!figures) throw new Error(`no figures for ${scenario.name}`);
  return {
    figures,
    cpuSeconds: before === null || after === null ? null : after - before,
    databaseCpuSeconds: databaseBefore && databaseAfter ? cpuBetween(databaseBefore, databaseAfter) : null,
  };
}

/**
 * The app and the floors on the same scenarios in turns, all up and warm: a machine that gets busier
 * or quieter during the run weighs on each alike, and CPU time per request (which a busy machine
 * hardly changes) says where the time goes.
 */
async function sideBySide(
  servers: { app: Running; floor: Running; namedFloor: Running },
  pairs: { app: Scenario; floor: Scenario }[],
  cookies: string[],
  database: DatabaseCpu | null,
): Promise<Pair[]> {
  console.log(
    `\nSide by side — app, floor, named floor in turns (A B C C B A), ${SECONDS} s each, ${CONNECTIONS} connections`,
  );
  console.log(
    `  ${'scenario'.padEnd(18)}${pad('req/s: app', 12)}${pad('floor', 7)}${pad('named', 7)}` +
      `${pad('p99 ms: app', 13)}${pad('floor', 7)}${pad('named', 7)}` +
      `${pad('CPU ms/req: app', 17)}${pad('floor', 7)}${pad('named', 7)}` +
      `${pad('DB CPU: app', 13)}${pad('floor', 7)}${pad('named', 7)}`,
  );
  const order = ['app', 'floor', 'namedFloor', 'namedFloor', 'floor', 'app'] as const;
  const results: Pair[] = [];
  for (const pair of pairs) {
    const runs = { app: [] as MeasuredRun[], floor: [] as MeasuredRun[], namedFloor: [] as MeasuredRun[] };
    for (const side of order) {
      const isApp = side === 'app';
      runs[side].push(
        await measuredRun(servers[side], isApp ? pair.app : pair.floor, isApp ? cookies : [], database),
      );
    }
    const summary = (side: keyof typeof runs) => sideOf(runs[side], 2);
    const result: Pair = {
      name: pair.app.name,
      app: summary('app'),
      floor: summary('floor'),
      namedFloor: summary('namedFloor'),
    };
    results.push(result);
    const { app, floor, namedFloor } = result;
    console.log(
      `  ${result.name.padEnd(18)}${pad(app.rps, 12)}${pad(floor.rps, 7)}${pad(namedFloor.rps, 7)}` +
        `${pad(app.p99, 13)}${pad(floor.p99, 7)}${pad(namedFloor.p99, 7)}` +
        `${pad(app.cpuMs ?? '-', 17)}${pad(floor.cpuMs ?? '-', 7)}${pad(namedFloor.cpuMs ?? '-', 7)}` +
        `${pad(app.databaseCpuMs ?? '-', 13)}${pad(floor.databaseCpuMs ?? '-', 7)}${pad(namedFloor.databaseCpuMs ?? '-', 7)}`,
    );
  }
  return results;
}

/**
 * Likes that tell nobody (one's own posts) and likes that notify (others'), in turns on the same warm
 * app: A B B A, twice, so a machine getting busier or quieter weighs on both alike.
 */
async function likesInTurns(
  app: Running,
  plain: Scenario,
  notifying: Scenario,
  cookies: string[],
  database: DatabaseCpu | null,
): Promise<LikeTurns> {
  console.log(
    `\nLikes in turns — plain, notifying (A B B A, twice), ${LIKE_RUN_REQUESTS} requests each by ${cookies.length} people, ${CONNECTIONS} connections`,
  );
  const sized = (scenario: Scenario, amount: number) => ({ ...scenario, amount });
  // Warm, unmeasured: the statements of both are planned and cached before the first turn.
  await measuredRun(app, sized(plain, LIKE_RUN_REQUESTS / 4), cookies);
  await measuredRun(app, sized(notifying, LIKE_RUN_REQUESTS / 4), cookies);
  const runs = { plain: [] as MeasuredRun[], notifying: [] as MeasuredRun[] };
  for (const side of [
    'plain',
    'notifying',
    'notifying',
    'plain',
    'plain',
    'notifying',
    'notifying',
    'plain',
  ] as const) {
    runs[side].push(
      await measuredRun(
        app,
        sized(side === 'plain' ? plain : notifying, LIKE_RUN_REQUESTS),
        cookies,
        database,
      ),
    );
  }
  const summary = (side: keyof typeof runs) => sideOf(runs[side], 3);
  const turns = { plain: summary('plain'), notifying: summary('notifying') };
  const ratio = round(turns.notifying.rps / Math.max(1, turns.plain.rps), 3);
  for (const side of ['plain', 'notifying'] as const) {
    const { rps, p99, cpuMs, databaseCpuMs } = turns[side];
    const errors = turns[side].runs.reduce((sum, f) => sum + f.errors, 0);
    console.log(
      `  ${side.padEnd(10)} ${pad(rps, 7)} req/s  p99 ${pad(p99, 6)} ms  CPU ${pad(cpuMs ?? '-', 6)} ms/req` +
        `  database CPU ${pad(databaseCpuMs ?? '-', 6)} ms/req  errors ${errors}`,
    );
  }
  console.log(`  notifying / plain: ${ratio}`);
  return { ...turns, ratio };
}

/**
 * Creating a post and replying to one (issue #49: a reply ≥ 0.9 × a post), in turns on the same warm
 * app: A B B A. A person may post or reply 20 times in 10 minutes (postCreate, shared by both), so
 * each run is by people of its own, WRITES_EACH requests each; the first hundred warm both up.
 */
async function writesInTurns(
  app: Running,
  post: Scenario,
  reply: Scenario,
  people: string[],
  database: DatabaseCpu | null,
): Promise<WriteTurns> {
  const amount = WRITE_RUN_PEOPLE * WRITES_EACH;
  console.log(
    `\nWrites in turns — create post, reply (A B B A), ${amount} requests each by ${WRITE_RUN_PEOPLE} people of its own, ${CONNECTIONS} connections`,
  );
  const group = (k: number) => people.slice(k * WRITE_RUN_PEOPLE, (k + 1) * WRITE_RUN_PEOPLE);
  if (group(4).length < WRITE_RUN_PEOPLE) throw new Error('the write turns need 500 people signed in');
  // Warm, unmeasured: the statements of both are planned and cached before the first turn.
  await measuredRun(app, { ...post, amount: amount / 3 }, group(0));
  await measuredRun(app, { ...reply, amount: amount / 3 }, group(0));
  const runs = { post: [] as MeasuredRun[], reply: [] as MeasuredRun[] };
  for (const [k, side] of (['post', 'reply', 'reply', 'post'] as const).entries()) {
    runs[side].push(
      await measuredRun(app, { ...(side === 'post' ? post : reply), amount }, group(k + 1), database),
    );
  }
  const turns = { post: sideOf(runs.post, 3), reply: sideOf(runs.reply, 3) };
  const ratio = round(turns.reply.rps / Math.max(1, turns.post.rps), 3);
  for (const side of ['post', 'reply'] as const) {
    const { rps, p99, cpuMs, databaseCpuMs } = turns[side];
    const errors = turns[side].runs.reduce((sum, f) => sum + f.errors, 0);
    console.log(
      `  ${(side === 'post' ? CREATE_POST : REPLY).padEnd(12)} ${pad(rps, 7)} req/s  p99 ${pad(p99, 6)} ms  CPU ${pad(cpuMs ?? '-', 6)} ms/req` +
        `  database CPU ${pad(databaseCpuMs ?? '-', 6)} ms/req  errors ${errors}  (runs: ${turns[side].runs.map((f) => f.rps).join(', ')} req/s)`,
    );
  }
  console.log(`  reply / create post: ${ratio}`);
  return { ...turns, ratio };
}

/**
 * /api/health asked one request at a time (every 20 ms, from this process) while the load process
 * loads `scenario` on the app: what a load balancer's check meets at the busiest.
 */
async function healthUnderLoad(
  app: Running,
  scenario: Scenario,
  cookies: string[],
): Promise<HealthUnderLoad> {
  const latencies: number[] = [];
  let loading = true;
  const probe = (async () => {
    while (loading) {
      const started = performance.now();
      await fetch(`${app.url}/api/health`).then((res) => res.arrayBuffer());
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const { figures } = await measuredRun(app, scenario, cookies).finally(() => {
    loading = false;
  });
  await probe;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    round(
      latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))] ??
        0,
      1,
    );
  const result = { asked: latencies.length, p50: at(50), p99: at(99), feed: figures };
  console.log(
    `\n  /api/health while ${scenario.name} is loaded (${CONNECTIONS} connections): p50 ${result.p50} ms, p99 ${result.p99} ms over ${result.asked} asks; the feed ${figures.rps} req/s, p99 ${figures.p99} ms`,
  );
  return result;
}

async function serveAndLoad(options: {
  engine: 'postgres' | 'embedded';
  posts: number;
  env: Record<string, string>;
  targets: Targets;
  only?: string[];
  floorDatabaseUrl?: string;
  /** PostgreSQL mode: the database, whose backends' CPU time is read beside the app's. */
  databaseUrl?: string;
}): Promise<
  Pick<
    DataSetResult,
    | 'app'
    | 'floor'
    | 'sideBySide'
    | 'single'
    | 'signInSeconds'
    | 'likeTurns'
    | 'writeTurns'
    | 'healthUnderLoad'
    | 'databaseProcesses'
  >
> {
  const label = `${options.engine === 'postgres' ? 'PostgreSQL' : 'embedded'}, ${options.posts.toLocaleString('en')} posts`;
  const app = await startApp(options.env, path.join(WORK_DIR, `app-${options.engine}-${options.posts}.log`));
  let floor: Running | null = null;
  let namedFloor: Running | null = null;
  const database = options.databaseUrl ? await postgresBackends(options.databaseUrl) : embeddedDatabase(app);
  try {
    const started = performance.now();
    const cookies = await signIn(app.url, USERS);
    const signInSeconds = Math.round((performance.now() - started) / 100) / 10;
    console.log(`  ${USERS} users signed in in ${signInSeconds} s`);
    const all = scenarios(options.targets, USERS);
    const chosen = options.only ? all.filter((s) => options.only?.includes(s.name)) : all;
    const post = chosen.find((s) => s.name === CREATE_POST);
    const reply = chosen.find((s) => s.name === REPLY);
    const inTurns = [...LIKE_SCENARIOS, ...(post && reply ? [CREATE_POST, REPLY] : [])];
    // Every sign-in user, for the likes and the writes in turns: signed in once, when first needed.
    let everyone: string[] | null = null;
    const signInEveryone = async () => {
      if (everyone) return everyone;
      const more = performance.now();
      everyone = [...cookies, ...(await signIn(app.url, SIGN_IN_USERS, USERS))];
      const seconds = Math.round((performance.now() - more) / 100) / 10;
      console.log(`  ${SIGN_IN_USERS - USERS} more users signed in in ${seconds} s`);
      return everyone;
    };
    const databaseBefore = app.descendants();
    const appBefore = app.cpuSeconds();
    // Likes, and creating a post beside replying, are measured in turns below, where they have the
    // people they need.
    const appFigures = await load(
      app,
      chosen.filter((s) => !inTurns.includes(s.name)),
      cookies,
      `App — ${label}, ${CONNECTIONS} connections, ${SECONDS} s each`,
    );

    const databaseAfter = app.descendants();
    const appAfter = app.cpuSeconds();
    const databaseProcesses =
      options.engine === 'embedded' && databaseBefore && databaseAfter
        ? {
            cpuSeconds: round(databaseAfter.cpuSeconds - databaseBefore.cpuSeconds, 1),
            appCpuSeconds: round((appAfter ?? 0) - (appBefore ?? 0), 1),
            rssMiB: Math.round(databaseAfter.rssMiB),
          }
        : null;
    if (databaseProcesses) {
      console.log(
        `  the database's processes: ${databaseProcesses.cpuSeconds} CPU s (the app ${databaseProcesses.appCpuSeconds}) over those scenarios; RSS ${databaseProcesses.rssMiB} MiB (shared buffers counted once per process)`,
      );
    }
    const feedDefault = all.find((s) => s.name === 'feed default');
    const health =
      feedDefault && (!options.only || options.only.includes('feed default'))
        ? await healthUnderLoad(app, feedDefault, cookies)
        : null;

    let floorFigures: Figures[] = [];
    let pairs: Pair[] = [];
    let single: Figures[] = [];
    const searches = chosen.filter((s) => s.name === 'post search' || s.name === 'user search');
    if (options.floorDatabaseUrl && searches.length > 0) {
      single = await load(
        app,
        searches,
        cookies,
        `App — ${label}, searches one at a time (1 connection), ${SECONDS} s each`,
        1,
      );
    }
    // The floor serves the feeds and the post: loaded beside those of them that were chosen.
    const floorNames = FLOOR_SCENARIOS.filter((name) => chosen.some((s) => s.name === name));
    if (options.floorDatabaseUrl && floorNames.length > 0) {
      floor = await startFloor(options.floorDatabaseUrl, path.join(WORK_DIR, 'floor.log'), 'unnamed');
      namedFloor = await startFloor(
        options.floorDatabaseUrl,
        path.join(WORK_DIR, 'floor-named.log'),
        'named',
      );
      await checkFloorMatchesApp(app, floor, cookies[0] ?? '');
      await checkFloorMatchesApp(app, namedFloor, cookies[0] ?? '');
      const viewers = Array.from({ length: USERS }, (_, i) => `bench_${i + 1}`);
      const floorScenarios: Scenario[] = [
        ...(['default', 'newest'] as const).map((sort) => ({
          name: `feed ${sort}`,
          visitor: true,
          paths: viewers.map((viewer) => `/feed?sort=${sort}&viewer=${viewer}`),
        })),
        {
          name: 'single post',
          visitor: true,
          paths: options.targets.postIds.map((id, i) => `/post/${id}?viewer=${viewers[i % viewers.length]}`),
        },
      ].filter((scenario) => floorNames.includes(scenario.name));
      floorFigures = await load(floor, floorScenarios, [], `Floor (node:http + pg, the same SQL) — ${label}`);
      pairs = await sideBySide(
        { app, floor, namedFloor },
        floorScenarios.map((floorScenario) => {
          const appScenario = all.find((s) => s.name === floorScenario.name);
          if (!appScenario) throw new Error(`no app scenario ${floorScenario.name}`);
          return { app: appScenario, floor: floorScenario };
        }),
        cookies,
        database,
      );
    }
    const plain = chosen.find((s) => s.name === LIKE_PLAIN);
    const notifying = chosen.find((s) => s.name === LIKE_NOTIFYING);
    let likeTurns: LikeTurns | null = null;
    if (plain && notifying) {
      // A member may like 120 times a minute (http/rate-limits.ts): the turns need every sign-in user.
      likeTurns = await likesInTurns(app, plain, notifying, await signInEveryone(), database);
    }
    const writeTurns =
      post && reply ? await writesInTurns(app, post, reply, await signInEveryone(), database) : null;
    return {
      app: appFigures,
      floor: floorFigures,
      sideBySide: pairs,
      single,
      signInSeconds,
      likeTurns,
      writeTurns,
      healthUnderLoad: health,
      databaseProcesses,
    };
  } finally {
    await database?.end();
    await floor?.stop();
    await namedFloor?.stop();
    await app.stop();
  }
}

/**
 * The floor is only a floor if it answers what the app answers: the same posts, in the same order, with
 * the same reply counts (issue #49: the feed reads them).
 */
async function checkFloorMatchesApp(app: Running, floor: Running, cookie: string) {
  for (const sort of ['default', 'newest']) {
    const fromApp = (await (
      await fetch(`${app.url}/api/posts?sort=${sort}`, { headers: { cookie } })
    ).json()) as {
      posts: { id: string; replyCount: number }[];
    };
    const fromFloor = (await (
      await fetch(`${floor.url}/feed?sort=${sort}&viewer=bench_1&columns`)
    ).json()) as {
      posts: [string, ...unknown[]][];
      columns: string[];
    };
    const replyCount = fromFloor.columns.indexOf('reply_count');
    if (replyCount < 0) throw new Error(`the floor's ${sort} feed does not read reply counts`);
    const a = fromApp.posts.map((p) => `${p.id} ${p.replyCount}`).join();
    const b = fromFloor.posts.map((row) => `${row[0]} ${row[replyCount]}`).join();
    if (!a || a !== b) throw new Error(`the floor's ${sort} feed differs from the app's`);
  }
}

async function postgresDataSet(
  admin: pg.Client,
  posts: number,
  only: string[] | undefined,
  withFloor: boolean,
): Promise<DataSetResult> {
  const name = `yearbook_bench_${process.pid}_${posts}`;
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    const { generated, generateSeconds, targets } = await fill(
      // Filling runs statements far longer than a request's limit.
      { engine: 'postgres', url: databaseUrl, timeouts: LONG_WORK_TIMEOUTS },
      posts,
      'PostgreSQL',
    );
    const served = await serveAndLoad({
      engine: 'postgres',
      posts,
      targets,
      only,
      floorDatabaseUrl: withFloor ? databaseUrl : undefined,
      databaseUrl,
      env: {
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: fs.mkdtempSync(path.join(WORK_DIR, 'data-')),
      },
    });
    return { engine: 'postgres', posts, generated, generateSeconds, ...served };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
  }
}

async function embeddedDataSet(posts: number): Promise<DataSetResult> {
  const dataDir = fs.mkdtempSync(path.join(WORK_DIR, 'embedded-'));
  const { generated, generateSeconds, targets } = await fill(
    { engine: 'embedded', dataDir, timeouts: LONG_WORK_TIMEOUTS },
    posts,
    'Embedded database (the PostgreSQL the app runs)',
  );
  const served = await serveAndLoad({
    engine: 'embedded',
    posts,
    targets,
    only: ONLY,
    env: { DATA_DIR: dataDir },
  });
  return { engine: 'embedded', posts, generated, generateSeconds, ...served };
}

// ---------------------------------------------------------------------------------------------------
// Targets (issue #11), judged on the figures.

interface Verdict {
  target: string;
  value: string;
  met: boolean;
}

function judge(results: DataSetResult[], textCheck: TextCheckFigures): Verdict[] {
  const verdicts: Verdict[] = [];
  // Issue #47: the composer checks as the person types, and every post is checked on the server.
  verdicts.push({
    target: 'text check p95 ≤ 2 ms per 256-character text',
    value: `${textCheck.p95} ms (p50 ${textCheck.p50}, p99 ${textCheck.p99}; ${textCheck.checks} checks)`,
    met: textCheck.p95 <= 2,
  });
  const extended = textCheck.withAdminWords;
  verdicts.push({
    target: "text check p95 ≤ 2 ms with the admins' words added",
    value: `${extended.p95} ms (p50 ${extended.p50}, p99 ${extended.p99}; rebuilt in ${textCheck.rebuildMs} ms)`,
    met: extended.p95 <= 2,
  });
  const main = results.find((r) => r.engine === 'postgres' && r.posts === POSTS);
  const byName = (r: DataSetResult | undefined, name: string) => r?.app.find((f) => f.name === name);
  // Issue #28: a like that notifies stays within 10% of one that does not, in turns on each data set.
  for (const result of results) {
    if (!result.likeTurns) continue;
    const { plain, notifying, ratio } = result.likeTurns;
    verdicts.push({
      target: `like + unlike, notifying ≥ 0.9 × plain (${result.engine}, ${result.posts.toLocaleString('en')} posts, in turns)`,
      value: `${ratio} (${notifying.rps} / ${plain.rps} req/s; CPU ${notifying.cpuMs ?? '-'} / ${plain.cpuMs ?? '-'} ms/req)`,
      met: ratio >= 0.9,
    });
  }
  // Issue #49: creating a post and replying, in turns on each data set where both were loaded.
  for (const result of results) {
    if (!result.writeTurns) continue;
    const { post, reply, ratio } = result.writeTurns;
    verdicts.push({
      target: `reply ≥ 0.9 × create post (${result.engine}, ${result.posts.toLocaleString('en')} posts, in turns)`,
      value: `${ratio} (${reply.rps} / ${post.rps} req/s; CPU ${reply.cpuMs ?? '-'} / ${post.cpuMs ?? '-'} ms/req)`,
      met: ratio >= 0.9,
    });
  }
  const threadAlone = byName(main, THREAD_PAGE_ALONE);
  if (main && threadAlone) {
    const replies = main.generated.counts.replies ?? 0;
    verdicts.push({
      target: `thread page p95 ≤ 30 ms one request at a time at ${POSTS.toLocaleString('en')} posts and ${replies.toLocaleString('en')} replies`,
      value:
        threadAlone.requests > 0
          ? `${threadAlone.p95} ms (p50 ${threadAlone.p50}, p99 ${threadAlone.p99})`
          : 'no answer',
      met: threadAlone.requests > 0 && threadAlone.p95 <= 30,
    });
  }
  const feeds = main?.app.filter((f) => f.name.startsWith('feed ') && f.name !== 'feed deep page') ?? [];
  if (main && feeds.length > 0) {
    const worst = feeds.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    verdicts.push({
      target: `feed p99 ≤ 25 ms at ${CONNECTIONS} connections`,
      value: `worst ${worst.p99} ms (${worst.name})`,
      met: worst.p99 <= 25,
    });
    // Issue #25: from the side-by-side runs, where app and floors met the same machine; judged against
    // the floor as it was when the targets were set (unnamed statements), the named floor shown too.
    for (const [name, least] of [
      ['feed default', 0.7],
      ['feed newest', 0.7],
      ['single post', 0.9],
    ] as const) {
      const pair = main.sideBySide.find((p) => p.name === name);
      if (!pair) continue;
      const ratio = round(pair.app.rps / pair.floor.rps, 2);
      const namedRatio = round(pair.app.rps / pair.namedFloor.rps, 2);
      verdicts.push({
        target: `app / floor ≥ ${least} on ${name}, side by side`,
        value: `${ratio} (${pair.app.rps} / ${pair.floor.rps} req/s; named floor ${pair.namedFloor.rps}: ${namedRatio})`,
        met: ratio >= least,
      });
      // Issue #48's bar, kept by issue #49 now that the feed reads reply counts: against the floor
      // that names its statements, as the app does.
      if (name !== 'single post') {
        verdicts.push({
          target: `app / named floor ≥ 0.8 on ${name}, side by side`,
          value: `${namedRatio} (${pair.app.rps} / ${pair.namedFloor.rps} req/s; CPU ${pair.app.cpuMs ?? '-'} / ${pair.namedFloor.cpuMs ?? '-'} ms/req)`,
          met: namedRatio >= 0.8,
        });
      }
      const p99Ratio = round(pair.app.p99 / pair.floor.p99, 2);
      verdicts.push({
        target: `app p99 ≤ 1.5 × floor p99 on ${name}, side by side`,
        value: `${p99Ratio}× (${pair.app.p99} / ${pair.floor.p99} ms; named floor ${pair.namedFloor.p99} ms)`,
        met: p99Ratio <= 1.5,
      });
    }
    // Issue #25, search: one request at a time over the query set, and throughput under load.
    const scale = `${POSTS.toLocaleString('en')} posts`;
    const alone = main.single.find((f) => f.name === 'post search');
    if (alone) {
      verdicts.push({
        target: `post search p95 ≤ 30 ms one request at a time at ${scale}`,
        value: alone.requests > 0 ? `${alone.p95} ms (p50 ${alone.p50}, p99 ${alone.p99})` : 'no answer',
        met: alone.requests > 0 && alone.p95 <= 30,
      });
    }
    for (const [name, least] of [
      ['post search', 300],
      ['user search', 400],
    ] as const) {
      const figures = byName(main, name);
      if (!figures) continue;
      verdicts.push({
        target: `${name} ≥ ${least} req/s at ${CONNECTIONS} connections, ${scale}`,
        value: `${figures.rps} req/s (p95 ${figures.p95} ms)`,
        met: figures.rps >= least,
      });
    }
  }
  // Issue #50: embedded mode against PostgreSQL mode at the same scale, in the same run.
  const embedded = results.find((r) => r.engine === 'embedded');
  const peer = embedded && results.find((r) => r.engine === 'postgres' && r.posts === embedded.posts);
  if (embedded) {
    const scale = `${embedded.posts.toLocaleString('en')} posts`;
    for (const name of ['feed default', 'feed newest', 'single post']) {
      const mine = byName(embedded, name);
      const theirs = byName(peer, name);
      if (mine && theirs) {
        const ratio = round(mine.rps / Math.max(1, theirs.rps), 2);
        verdicts.push({
          target: `embedded / PostgreSQL mode ≥ 0.5 on ${name} at ${scale}`,
          value: `${ratio} (${mine.rps} / ${theirs.rps} req/s)`,
          met: ratio >= 0.5,
        });
      }
      if (mine) {
        verdicts.push({
          target: `embedded ${name} p99 ≤ 300 ms at ${CONNECTIONS} connections, ${scale}`,
          value: `${mine.p99} ms (${mine.rps} req/s)`,
          met: mine.p99 <= 300,
        });
      }
    }
    for (const result of [embedded, peer]) {
      const health = result?.healthUnderLoad;
      if (!result || !health) continue;
      verdicts.push({
        target: `/api/health p99 ≤ 50 ms while the default feed is loaded (${result.engine}, ${scale})`,
        value: `${health.p99} ms (p50 ${health.p50}; ${health.asked} asks; the feed ${health.feed.rps} req/s)`,
        met: health.p99 <= 50,
      });
    }
  }
  const series = results.filter((r) => r.engine === 'postgres').sort((a, b) => a.posts - b.posts);
  const smallest = series[0];
  if (main && smallest && smallest !== main) {
    for (const name of ['feed newest', 'feed default']) {
      const small = byName(smallest, name);
      const large = byName(main, name);
      if (small && large) {
        const ratio = Math.round((large.p50 / small.p50) * 100) / 100;
        verdicts.push({
          target: `${name} p50 at ${POSTS.toLocaleString('en')} posts within 1.5× of ${smallest.posts.toLocaleString('en')}`,
          value: `${ratio}× (${large.p50} / ${small.p50} ms)`,
          met: ratio <= 1.5,
        });
      }
    }
  }
  const all = results.flatMap((r) => [
    ...r.app,
    ...r.floor,
    ...r.sideBySide.flatMap((p) => [...p.app.runs, ...p.floor.runs, ...p.namedFloor.runs]),
    ...r.single,
    ...(r.likeTurns ? [...r.likeTurns.plain.runs, ...r.likeTurns.notifying.runs] : []),
    ...(r.writeTurns ? [...r.writeTurns.post.runs, ...r.writeTurns.reply.runs] : []),
  ]);
  const errors = all.reduce((sum, f) => sum + f.errors, 0);
  const silent = all.filter((f) => f.requests === 0).map((f) => f.name);
  verdicts.push({
    target: 'zero errors, every scenario answered',
    value: `${errors} errors${silent.length ? `; no answer in time: ${silent.join(', ')}` : ''}`,
    met: errors === 0 && silent.length === 0,
  });
  return verdicts;
}

function printGrowth(results: DataSetResult[]) {
  const series = results.filter((r) => r.engine === 'postgres').sort((a, b) => a.posts - b.posts);
  if (series.length < 2) return;
  console.log('\nGrowth — PostgreSQL, p50 / p99 ms');
  console.log(
    `  ${'scenario'.padEnd(24)}${series.map((r) => pad(`${r.posts.toLocaleString('en')} posts`, 20)).join('')}`,
  );
  for (const name of GROWTH_SCENARIOS) {
    const cells = series.map((r) => {
      const f = r.app.find((x) => x.name === name);
      return pad(f ? `${f.p50} / ${f.p99}` : '-', 20);
    });
    console.log(`  ${name.padEnd(24)}${cells.join('')}`);
  }
}

// ---------------------------------------------------------------------------------------------------

async function machine(admin: pg.Client | null) {
  const cpus = os.cpus();
  const version = admin
    ? ((await admin.query('show server_version')).rows[0]?.server_version as string)
    : null;
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    commit = null;
  }
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: version,
    commit,
  };
}

async function connectAdmin(): Promise<pg.Client | null> {
  if (options['no-postgres']) return null;
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
    return admin;
  } catch (error) {
    console.log(
      `PostgreSQL at ${POSTGRES_URL} did not answer (${(error as Error).message}): its figures are skipped. ` +
        'Set BENCH_DATABASE_URL or --database-url to a server where this user may create databases.',
    );
    return null;
  }
}

async function main() {
  const started = performance.now();
  const admin = await connectAdmin();
  const about = await machine(admin);
  console.log(
    `Campus Yearbook benchmark — ${about.cores} cores (${about.cpu}), ${about.memoryGiB} GiB, Node ${about.node}` +
      (about.postgres ? `, PostgreSQL ${about.postgres}` : ''),
  );
  // In this process, before any load: the check is CPU only and needs no database.
  const textCheck = benchTextCheck();
  console.log('\nText check (issue #47), in-process, per 256-character text');
  console.log(
    `  p50 ${textCheck.p50} ms, p95 ${textCheck.p95} ms, p99 ${textCheck.p99} ms over ${textCheck.checks} checks; ` +
      `building the checker ${textCheck.buildMs} ms`,
  );
  const extended = textCheck.withAdminWords;
  console.log(
    `  with 300 admins' words and 100 allowlist words: p50 ${extended.p50} ms, p95 ${extended.p95} ms, ` +
      `p99 ${extended.p99} ms; building it again on a change ${textCheck.rebuildMs} ms`,
  );
  const results: DataSetResult[] = [];
  try {
    if (admin) {
      for (const posts of GROWTH) {
        results.push(await postgresDataSet(admin, posts, ONLY ?? GROWTH_SCENARIOS, false));
      }
      // The floor is loaded beside the feeds and the post, when they are.
      results.push(
        await postgresDataSet(
          admin,
          POSTS,
          ONLY,
          !ONLY || ONLY.some((name) => FLOOR_SCENARIOS.includes(name)),
        ),
      );
    }
    if (EMBEDDED_POSTS > 0) results.push(await embeddedDataSet(EMBEDDED_POSTS));
  } finally {
    await admin?.end();
  }

  printGrowth(results);
  const verdicts = judge(results, textCheck);
  console.log('\nTargets');
  for (const v of verdicts) console.log(`  ${v.met ? '✓ met    ' : '✗ not met'}  ${v.target}: ${v.value}`);

  const seconds = Math.round((performance.now() - started) / 1000);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `bench-${STAMP}.json`);
  const settings = {
    posts: POSTS,
    growth: GROWTH,
    embeddedPosts: EMBEDDED_POSTS,
    seconds: SECONDS,
    warmup: WARMUP,
    connections: CONNECTIONS,
    users: USERS,
  };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), seconds, machine: about, settings, textCheck, results, verdicts }, null, 2)}\n`,
  );
  console.log(`\nFinished in ${seconds} s; figures written to ${path.relative(ROOT, file)}`);
}

try {
  await main();
} finally {
  fs.rmSync(WORK_DIR, { recursive: true, force: true });
}
