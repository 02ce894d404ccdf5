// `npm run backup -- <file>` and `npm run restore -- <file>` (embedded mode; issue #50). Backup works
// while the server runs (through its database's socket) or not (it starts the database itself, under
// DATA_DIR's lock); restore needs a DATA_DIR with no database and no server. How the copy is made:
// db/embedded-backup.ts. Production mode has its own tools: docs/operations.md, "Backups and restore".
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { BackupError, KEPT_SECRETS, readBackup, writeBackup } from './db/embedded-backup';
import { startEmbeddedDatabase } from './db/embedded-database';
import {
  CLUSTER_DIR_NAME,
  EmbeddedPostgresError,
  holdsCluster,
  runningServerUrl,
  startEmbeddedPostgres,
} from './db/embedded-postgres';
import { acquireDataDirLock, DataDirLockedError } from './platform/data-dir-lock';

type Write = (line: string) => void;

const PRODUCTION =
  "With DATABASE_URL (production mode) back up with PostgreSQL's tools (pg_dump / pg_restore) and the " +
  'bucket\'s own (docs/operations.md, "Backups and restore"); these commands are for embedded mode.';

function settings(env: NodeJS.ProcessEnv, errors: Write) {
  try {
    const config = loadConfig(env);
    if (config.databaseUrl) {
      errors(PRODUCTION);
      return null;
    }
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      errors(error.message);
      return null;
    }
    throw error;
  }
}

function known(error: unknown, errors: Write): boolean {
  if (
    error instanceof BackupError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof DataDirLockedError
  ) {
    errors(error.message);
    return true;
  }
  return false;
}

export async function runBackup(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: Write,
  errors: Write,
): Promise<number> {
  const [target] = args;
  if (!target || args.length !== 1) {
    errors('Usage: npm run backup -- <file>   (a new file: the database, the pictures and the auth secret)');
    return 2;
  }
  const config = settings(env, errors);
  if (!config) return 1;
  const file = path.resolve(target);
  if (fs.existsSync(file)) {
    errors(`${file} exists already: give a new file.`);
    return 1;
  }
  const dataDir = config.dataDir;
  let lock: ReturnType<typeof acquireDataDirLock> | null = null;
  let stopOwn: (() => Promise<void>) | null = null;
  try {
    let url: string;
    try {
      lock = acquireDataDirLock(dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
    }
    if (lock) {
      // No server runs: this command starts the database (carrying an older one over, as a start would).
      if (!holdsCluster(path.join(dataDir, CLUSTER_DIR_NAME)) && !fs.existsSync(path.join(dataDir, 'db'))) {
        errors(`There is no embedded database in ${dataDir} to back up.`);
        return 1;
      }
      const server = await startEmbeddedDatabase(dataDir, (carried) =>
        out(`Carried an older database over first: ${carried.rows} rows.`),
      );
      stopOwn = () => server.stop();
      url = server.url;
    } else {
      out('The server is running: backing up while it runs.');
      url = runningServerUrl(dataDir);
    }
    const end = await writeBackup({
      dataDir,
      url,
      clusterDir: path.join(dataDir, CLUSTER_DIR_NAME),
      file,
      progress: out,
    });
    out(`Backed up ${end.files} files (${Math.round(end.bytes / 2 ** 20)} MB) to ${file}.`);
    out('It holds the password hashes and the auth secret: keep it as safe as the server.');
    return 0;
  } catch (error) {
    if (known(error, errors)) return 1;
    throw error;
  } finally {
    await stopOwn?.();
    lock?.release();
  }
}

export async function runRestore(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: Write,
  errors: Write,
): Promise<number> {
  const [source] = args;
  if (!source || args.length !== 1) {
    errors('Usage: npm run restore -- <file>   (into an empty DATA_DIR, with no server running on it)');
    return 2;
  }
  const config = settings(env, errors);
  if (!config) return 1;
  const file = path.resolve(source);
  if (!fs.existsSync(file)) {
    errors(`${file} does not exist.`);
    return 1;
  }
  const dataDir = config.dataDir;
  const restored = [CLUSTER_DIR_NAME, 'uploads', ...KEPT_SECRETS].map((name) => path.join(dataDir, name));
  let lock: ReturnType<typeof acquireDataDirLock> | null = null;
  let wrote = false;
  try {
    lock = acquireDataDirLock(dataDir);
    const taken = [...restored, path.join(dataDir, 'db')].filter((p) => fs.existsSync(p));
    if (taken.length > 0) {
      errors(
        `${dataDir} is not empty (${taken.map((p) => path.basename(p)).join(', ')}): restore into an empty DATA_DIR.`,
      );
      return 1;
    }
    out(`Restoring ${file} into ${dataDir}...`);
    wrote = true;
    const end = await readBackup(file, dataDir, out);
    out('Starting the database once, to replay its log...');
    const server = await startEmbeddedPostgres(dataDir);
    await server.stop();
    wrote = false;
    out(
      `Restored ${end.files} files (${Math.round(end.bytes / 2 ** 20)} MB), backed up ${end.createdAt}. Start the server on this DATA_DIR.`,
    );
    return 0;
  } catch (error) {
    if (wrote) for (const p of restored) fs.rmSync(p, { recursive: true, force: true });
    if (known(error, errors)) return 1;
    throw error;
  } finally {
    lock?.release();
  }
}
