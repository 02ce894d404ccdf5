// `npm run backup -- <file>` and `npm run restore -- <file>` for embedded mode (issue #50): a consistent
// copy of a running embedded database and its pictures, taken without stopping it, restored into an
// empty DATA_DIR.
//
// The database is copied as PostgreSQL's own base backups are (the low-level API): a temporary
// replication slot keeps the write-ahead log from the start on, pg_backup_start, the cluster's files
// copied as they are (pages written meanwhile are put right by the log), pg_backup_stop, then its
// backup_label and the log from the start to the end. A restored cluster replays that log on its first
// start and is as the database was when the backup ended. The pictures (DATA_DIR/uploads: written to
// a temporary name and renamed, so each file is whole), the auth secret and web push's keys come along.
//
// The file: gzip of a line naming the format, then records: a 4-byte length, a JSON header ({kind:
// 'dir' | 'file', path, size}), a file's bytes and their SHA-256; last, an 'end' record with the count
// of files. A damaged or cut file fails restore (gzip's check, each file's hash, the end record)
// and restore then removes what it wrote.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';

/** DATA_DIR's secrets, kept with the database they belong to. */
export const KEPT_SECRETS = ['auth-secret', 'vapid-keys.json'] as const;

const MAGIC = 'campus-yearbook backup 1\n';
const CHUNK = 1 << 20;

export class BackupError extends Error {
  override name = 'BackupError';
}

type Entry = { kind: 'dir'; path: string } | { kind: 'file'; path: string; size: number; mode: number };
interface EndRecord {
  kind: 'end';
  files: number;
  bytes: number;
  createdAt: string;
  postgres: string;
}

/** What a cluster's copy leaves out: PostgreSQL's own list for base backups (their folders are kept, empty). */
const EMPTIED_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const LEFT_OUT_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

class ArchiveWriter {
  private readonly gzip = zlib.createGzip({ level: 1 });
  private readonly out: fs.WriteStream;
  private readonly done: Promise<void>;
  files = 0;
  bytes = 0;

  constructor(file: string) {
    this.out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
    this.gzip.pipe(this.out);
    this.gzip.write(MAGIC);
    this.done = new Promise((resolve, reject) => {
      this.out.on('close', resolve);
      this.out.on('error', reject);
      this.gzip.on('error', reject);
    });
  }

  async write(buffer: Buffer) {
    if (!this.gzip.write(buffer)) await once(this.gzip, 'drain');
  }

  async record(header: Entry | EndRecord, content?: Buffer) {
    const json = Buffer.from(JSON.stringify(header));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    await this.write(Buffer.concat([length, json]));
    if (content) {
      for (let at = 0; at < content.length; at += CHUNK) await this.write(content.subarray(at, at + CHUNK));
      await this.write(createHash('sha256').update(content).digest());
      this.files++;
      this.bytes += content.length;
    }
  }

  /** A file as it is now (a file being written may be read part old, part new: the log puts it right). */
  async file(source: string, name: string) {
    let content: Buffer;
    try {
      content = fs.readFileSync(source);
    } catch (error) {
      // Removed since it was listed (a dropped table's file): nothing to keep.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await this.record(
      { kind: 'file', path: name, size: content.length, mode: fs.statSync(source).mode & 0o777 },
      content,
    );
  }

  async tree(
    root: string,
    prefix: string,
    skip: (relative: string, isDir: boolean) => 'skip' | 'empty' | 'keep',
  ) {
    if (!fs.existsSync(root)) return;
    const walk = async (relative: string) => {
      const entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const child = relative ? `${relative}/${entry.name}` : entry.name;
        const decision = skip(child, entry.isDirectory());
        if (decision === 'skip') continue;
        if (entry.isDirectory()) {
          await this.record({ kind: 'dir', path: `${prefix}/${child}` });
          if (decision === 'keep') await walk(child);
        } else if (entry.isFile()) {
          await this.file(path.join(root, child), `${prefix}/${child}`);
        }
      }
    };
    await this.record({ kind: 'dir', path: prefix });
    await walk('');
  }

  async close(end: Omit<EndRecord, 'kind' | 'files' | 'bytes'>) {
    await this.record({ kind: 'end', files: this.files, bytes: this.bytes, ...end });
    this.gzip.end();
    await this.done;
  }
}

function clusterFilter(relative: string, isDir: boolean): 'skip' | 'empty' | 'keep' {
  const [top] = relative.split('/');
  if (isDir && EMPTIED_DIRS.has(relative)) return 'empty';
  if (top && EMPTIED_DIRS.has(top)) return 'skip';
  if (!isDir && LEFT_OUT_FILES.has(relative)) return 'skip';
  const name = path.basename(relative);
  if (name.startsWith('pgsql_tmp') || name === 'pg_internal.init') return 'skip';
  return 'keep';
}

export interface BackupOptions {
  dataDir: string;
  /** The running server's URL (through its socket). */
  url: string;
  clusterDir: string;
  file: string;
  progress: (line: string) => void;
}

/** Writes the backup of the running cluster at `url` (and DATA_DIR's pictures and secret) to `file`. */
export async function writeBackup(options: BackupOptions): Promise<EndRecord> {
  const { dataDir, clusterDir, file, progress } = options;
  const client = new pg.Client({ connectionString: options.url, application_name: 'yearbook: backup' });
  client.on('error', () => {});
  await client.connect();
  const writer = new ArchiveWriter(file);
  try {
    const [{ version }] = (await client.query<{ version: string }>('show server_version')).rows as [
      { version: string },
    ];
    // The log from here on is kept for this connection's life, whatever checkpoints come meanwhile.
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [
      `yearbook_backup_${process.pid}`,
    ]);
    const started = await client.query<{ wal: string }>(
      "select pg_walfile_name(pg_backup_start('npm run backup', true)) as wal",
    );
    const startWal = started.rows[0]?.wal ?? '';
    progress('Copying the database...');
    let reported = 0;
    const report = () => {
      if (writer.bytes - reported >= 64 * CHUNK) {
        reported = writer.bytes;
        progress(`  ${Math.round(writer.bytes / CHUNK)} MB`);
      }
    };
    await writer.tree(clusterDir, 'postgres', (relative, isDir) => {
      report();
      return clusterFilter(relative, isDir);
    });
    const stopped = await client.query<{ labelfile: string; spcmapfile: string | null; wal: string }>(
      'select labelfile, spcmapfile, pg_walfile_name(lsn) as wal from pg_backup_stop(false)',
    );
    const stop = stopped.rows[0];
    if (!stop) throw new BackupError('PostgreSQL did not end the backup.');
    await writer.record(
      { kind: 'file', path: 'postgres/backup_label', size: Buffer.byteLength(stop.labelfile), mode: 0o600 },
      Buffer.from(stop.labelfile),
    );
    if (stop.spcmapfile) {
      await writer.record(
        {
          kind: 'file',
          path: 'postgres/tablespace_map',
          size: Buffer.byteLength(stop.spcmapfile),
          mode: 0o600,
        },
        Buffer.from(stop.spcmapfile),
      );
    }
    progress('Copying the write-ahead log of the backup...');
    const walDir = path.join(clusterDir, 'pg_wal');
    for (const dir of ['archive_status', 'summaries']) {
      if (fs.existsSync(path.join(walDir, dir)))
        await writer.record({ kind: 'dir', path: `postgres/pg_wal/${dir}` });
    }
    const segments = fs
      .readdirSync(walDir)
      .filter((name) => /^[0-9A-F]{24}$/.test(name) && name >= startWal && name <= stop.wal)
      .sort();
    if (segments[0] !== startWal || segments.at(-1) !== stop.wal) {
      throw new BackupError(`the write-ahead log from ${startWal} to ${stop.wal} is not all there`);
    }
    for (const segment of segments)
      await writer.file(path.join(walDir, segment), `postgres/pg_wal/${segment}`);
    progress('Copying the pictures and the secrets...');
    await writer.tree(path.join(dataDir, 'uploads'), 'uploads', () => 'keep');
    // The sessions' secret, and web push's keys: the devices subscribed in the database were
    // subscribed to that public key (issue #51), and a new pair would end every one of them.
    for (const secret of KEPT_SECRETS) {
      if (fs.existsSync(path.join(dataDir, secret))) await writer.file(path.join(dataDir, secret), secret);
    }
    const end = { createdAt: new Date().toISOString(), postgres: version };
    await writer.close(end);
    return { kind: 'end', files: writer.files, bytes: writer.bytes, ...end };
  } catch (error) {
    await writer.close({ createdAt: 'failed', postgres: '' }).catch(() => undefined);
    fs.rmSync(file, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class Reader {
  private buffered: Buffer[] = [];
  private length = 0;
  private ended = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(stream: NodeJS.ReadableStream) {
    this.iterator = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  async read(size: number): Promise<Buffer | null> {
    while (this.length < size && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    if (this.length < size) return null;
    const all = Buffer.concat(this.buffered);
    this.buffered = [all.subarray(size)];
    this.length = all.length - size;
    return all.subarray(0, size);
  }
}

const damaged = (why: string) =>
  new BackupError(`The backup file is damaged or incomplete (${why}); nothing was restored.`);

/** Writes the backup in `file` into `dataDir` (which must hold no database); returns its end record. */
export async function readBackup(
  file: string,
  dataDir: string,
  progress: (line: string) => void,
): Promise<EndRecord> {
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  let streamError: Error | null = null;
  gunzip.on('error', (error) => {
    streamError = error;
  });
  input.on('error', (error) => {
    streamError = error;
  });
  const reader = new Reader(input.pipe(gunzip));
  const read = async (size: number) => {
    try {
      const bytes = await reader.read(size);
      if (!bytes) throw damaged(streamError ? streamError.message : 'it ends early');
      return bytes;
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw damaged((error as Error).message);
    }
  };
  const magic = await reader.read(MAGIC.length).catch(() => null);
  if (!magic || magic.toString() !== MAGIC) {
    throw new BackupError(`${file} is not a Campus Yearbook backup (made by \`npm run backup\`).`);
  }
  let bytes = 0;
  let reported = 0;
  for (;;) {
    const length = (await read(4)).readUInt32BE(0);
    if (length > 1 << 20) throw damaged('a record header is too long');
    let header: Entry | EndRecord;
    try {
      header = JSON.parse((await read(length)).toString()) as Entry | EndRecord;
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw damaged('a record header cannot be read');
    }
    if (header.kind === 'end') return header;
    const target = path.resolve(dataDir, header.path);
    if (!target.startsWith(`${path.resolve(dataDir)}${path.sep}`))
      throw damaged(`a path leaves DATA_DIR: ${header.path}`);
    if (header.kind === 'dir') {
      fs.mkdirSync(target, { recursive: true, mode: 0o700 });
      continue;
    }
    if (header.kind !== 'file' || !Number.isInteger(header.size) || header.size < 0)
      throw damaged('an unknown record');
    const hash = createHash('sha256');
    const out = fs.openSync(target, 'w', header.mode & 0o777 || 0o600);
    try {
      for (let left = header.size; left > 0; ) {
        const chunk = await read(Math.min(CHUNK, left));
        hash.update(chunk);
        fs.writeSync(out, chunk);
        left -= chunk.length;
      }
    } finally {
      fs.closeSync(out);
    }
    if (!hash.digest().equals(await read(32))) throw damaged(`${header.path} does not match its checksum`);
    bytes += header.size;
    if (bytes - reported >= 64 * CHUNK) {
      reported = bytes;
      progress(`  ${Math.round(bytes / CHUNK)} MB`);
    }
  }
}
