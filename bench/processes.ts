// The processes a benchmark run starts: the app as `npm start` runs it, the floor, and the load.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BENCH_PASSWORD } from './generate';
import type { Figures, Plan } from './load';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

export interface Running {
  url: string;
  /** CPU seconds the server's process has used so far (user + system), or null where /proc is missing. */
  cpuSeconds(): number | null;
  /**
   * The server's descendant processes now (embedded mode: its PostgreSQL): their CPU seconds so far
   * and resident memory summed, or null where /proc is missing.
   */
  descendants(): { cpuSeconds: number; rssMiB: number } | null;
  stop(): Promise<void>;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a Linux process, from /proc/{pid}/stat (fields 14 and 15, in clock ticks). */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after it are counted from its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * The CPU time of a database's own processes, sampled before and after a run: what a request costs
 * PostgreSQL, beside what it costs the server (Running.cpuSeconds).
 */
export interface DatabaseCpu {
  /** CPU seconds each process has used so far. */
  sample(): Promise<Map<number, number>>;
  end(): Promise<void>;
}

/** CPU seconds used between two samples: processes that started meanwhile count whole. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, cpu] of after) seconds += cpu - (before.get(pid) ?? 0);
  return seconds;
}

/** The PostgreSQL backends serving the database of `databaseUrl` (pg_stat_activity), read from /proc. */
export async function postgresBackends(databaseUrl: string): Promise<DatabaseCpu | null> {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async sample() {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return new Map(rows.map((row) => [row.pid, cpuSecondsOf(row.pid) ?? 0]));
    },
    end: () => client.end(),
  };
}

/** Embedded mode: the database is the app's descendants. */
export function embeddedDatabase(app: Running): DatabaseCpu {
  return {
    sample: async () => new Map([[0, app.descendants()?.cpuSeconds ?? 0]]),
    end: async () => undefined,
  };
}

/** Every living descendant of `pid`, from the parent pids in /proc. */
function descendantsOf(pid: number | undefined): { cpuSeconds: number; rssMiB: number } | null {
  if (pid === undefined || !fs.existsSync('/proc/self/stat')) return null;
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  let cpuSeconds = 0;
  let rssKiB = 0;
  const queue = [...(parents.get(pid) ?? [])];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    cpuSeconds += cpuSecondsOf(next) ?? 0;
    try {
      rssKiB += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${next}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
    queue.push(...(parents.get(next) ?? []));
  }
  return { cpuSeconds, rssMiB: rssKiB / 1024 };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Polls `url` until it answers 200; fails when the process exits first or after `timeoutMs`. */
async function waitUntilUp(url: string, child: ChildProcess, log: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${url} exited with ${child.exitCode} before answering; its log: ${log}`);
    }
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s; its log: ${log}`);
}

/**
 * The app as `npm start` runs it (the web build made when stale, the server under tsx), in production
 * mode on a port of its own, logging to `logFile` at LOG_LEVEL info as it would in production.
 */
export async function startApp(env: Record<string, string>, logFile: string): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // The load comes through "a proxy" so each signed-in user has an address of their own.
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  await waitUntilUp(`${url}/api/health`, child, logFile, 300_000);
  return {
    url,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    descendants: () => descendantsOf(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await exitOf(child);
    },
  };
}

/** The floor server (bench/floor.ts) on `databaseUrl`, its statements named or not. */
export async function startFloor(
  databaseUrl: string,
  logFile: string,
  statements: 'named' | 'unnamed',
): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const out = fs.openSync(logFile, 'a');
  // In this process, not under tsx's CLI (which runs the script in a child), so its CPU time can be read.
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/floor.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      FLOOR_STATEMENTS: statements,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  await waitUntilUp(`${url}/health`, child, logFile, 60_000);
  return {
    url,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    descendants: () => null,
    async stop() {
      child.kill('SIGTERM');
      await exitOf(child);
    },
  };
}

/** Runs the load process on `plan`; calls `onFigures` as each scenario finishes. */
export async function runLoad(plan: Plan, onFigures: (figures: Figures) => void): Promise<void> {
  const child = spawn(process.execPath, [TSX, 'bench/load.ts'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin?.end(JSON.stringify(plan));
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      onFigures(JSON.parse(pending.slice(0, newline)) as Figures);
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
  });
  const code = await exitOf(child);
  if (code !== 0) throw new Error(`the load process exited with ${code}`);
}

/**
 * Signs bench users `from`+1..`users` in through POST /api/session, each from an address of its own
 * (the app runs with TRUST_PROXY=1); their cookies, in order.
 */
export async function signIn(baseUrl: string, users: number, from = 0): Promise<string[]> {
  const cookies: string[] = new Array(users - from);
  let next = from;
  const worker = async () => {
    while (next < users) {
      const i = next++;
      const res = await fetch(`${baseUrl}/api/session`, {
        method: 'POST',
        headers: {
          origin: baseUrl,
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ identifier: `bench${i + 1}@bench.test`, password: BENCH_PASSWORD }),
      });
      if (!res.ok) throw new Error(`signing in bench${i + 1} answered ${res.status}: ${await res.text()}`);
      cookies[i - from] = res.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return cookies;
}
