// Services of a test's own, as separate processes it may stop and start again (never the machine's
// shared ones): a PostgreSQL cluster made with initdb in a temporary folder, a redis-server, and an
// S3-compatible server (s3rver's command line). Each keeps its data across a stop and a start, as a
// service that was only unreachable or restarted would; `remove()` stops it and deletes the folder.
// Used by the fault suite (tests/faults) and the Redis outage test.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import { freePort } from './free-port';
import { scaled } from './machine-factor';
import { s3rverSettings } from './s3-server';
import { PROJECT_ROOT } from './server-process';

export interface OwnService {
  /** How to reach it (a URL), the same port across restarts. */
  url: string;
  port: number;
  /** Starts it again (after `stop`) and resolves once it answers. */
  start(): Promise<void>;
  /** Stops it the hard way (a crash, not a shutdown) and resolves once it is gone. */
  stop(): Promise<void>;
  running(): boolean;
  /** Stops it if running and deletes its data. */
  remove(): Promise<void>;
}

/** Polls `probe` until it resolves; rejects with the last error after `timeoutMs`. */
async function until(what: string, probe: () => Promise<unknown>, timeoutMs = scaled(30_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (error) {
      last = error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${what} did not answer within ${timeoutMs} ms: ${String(last)}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL

/** The folder of PostgreSQL's server programs (initdb, postgres), or null where none is installed. */
export function postgresBinDir(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config: look where Debian puts them.
  }
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    for (const version of fs.readdirSync(debian).sort().reverse())
      candidates.push(path.join(debian, version, 'bin'));
  }
  return (
    candidates.find(
      (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres')),
    ) ?? null
  );
}

/** PostgreSQL refuses to run as root: there, its programs run as the `postgres` system user. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

/**
 * A PostgreSQL cluster of its own on a free port, trust auth for `postgres`, one database `yearbook`.
 * Run by pg_ctl; `stop()` is `pg_ctl stop -m immediate` (a crash: the next start recovers from its log).
 */
export async function startOwnPostgres(): Promise<OwnService> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server programs not found (set PG_BIN_DIR to the folder of initdb).');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-own-pg-'));
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const run = (program: string, args: string[]) => {
    const [command, fullArgs] = asPostgresUser(path.join(bin, program), args);
    return execFileSync(command, fullArgs, { stdio: 'pipe', encoding: 'utf8' });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  let running = false;
  const admin = () => new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c max_connections=100',
    // Fast, not careless: a crash of this server (the fault) keeps what it committed (the OS still
    // holds it); only a crash of the machine would not.
    '-c fsync=off',
  ].join(' ');

  const service: OwnService = {
    url: `postgres://postgres@127.0.0.1:${port}/yearbook`,
    port,
    async start() {
      run('pg_ctl', ['start', '-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options, '-w']);
      running = true;
      await until('own PostgreSQL', async () => {
        const client = admin();
        await client.connect();
        await client.end();
      });
    },
    async stop() {
      if (!running) return;
      running = false;
      // "Immediate": every backend dropped at once, recovery from the write-ahead log at the next start.
      run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    },
    running: () => running,
    async remove() {
      await service.stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await service.start();
  const client = admin();
  await client.connect();
  await client.query('create database yearbook');
  await client.end();
  return service;
}

// ---------------------------------------------------------------------------------------------------
// Redis

/**
 * A redis-server of its own. `stop()` saves its keys first and then kills it: started again, it holds
 * every key it held (a Redis that was only unreachable, not one restarted empty).
 */
export async function startOwnRedis(): Promise<OwnService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-own-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const withClient = async <T>(use: (client: ReturnType<typeof createClient>) => Promise<T>) => {
    const client = createClient({ url, socket: { reconnectStrategy: false } });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.close();
    }
  };
  const service: OwnService = {
    url,
    port,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
        { stdio: 'ignore' },
      );
      await until('own Redis', () => withClient((client) => client.ping()));
    },
    async stop() {
      const running = child;
      if (!running) return;
      await withClient((client) => client.sendCommand(['SAVE']));
      child = null;
      running.kill('SIGKILL');
      await exited(running);
    },
    running: () => child !== null,
    async remove() {
      await service.stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await service.start();
  return service;
}

// ---------------------------------------------------------------------------------------------------
// S3

export interface OwnS3 extends OwnService {
  /** The S3_* settings that point the app at it (s3rver's fixed credentials). */
  settings: Record<string, string>;
}

/** s3rver's command line in a process of its own, keeping its objects in a folder across restarts. */
export async function startOwnS3(bucket = 'yearbook-faults'): Promise<OwnS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-own-s3-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let configured = false;
  const service: OwnS3 = {
    url,
    port,
    settings: s3rverSettings(url, bucket),
    async start() {
      const args = [
        path.join(PROJECT_ROOT, 'node_modules/s3rver/bin/s3rver.js'),
        '--directory',
        dir,
        '--address',
        '127.0.0.1',
        '--port',
        String(port),
        '--silent',
      ];
      // The bucket is made once; its folder stays across restarts.
      if (!configured) args.push('--configure-bucket', bucket);
      configured = true;
      child = spawn(process.execPath, args, { stdio: 'ignore' });
      await until('own S3', async () => {
        const res = await fetch(`${url}/${bucket}`, { signal: AbortSignal.timeout(2_000) });
        if (!res.ok) throw new Error(`bucket answered ${res.status}`);
      });
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      running.kill('SIGKILL');
      await exited(running);
    },
    running: () => child !== null,
    async remove() {
      await service.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await service.start();
  return service;
}
