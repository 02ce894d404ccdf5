// npm run backup / npm run restore in embedded mode (issue #50): a backup taken while the server runs
// and posts are being written, restored into an empty DATA_DIR, holds every post acknowledged before
// it began, the pictures and the secret; a damaged, cut or foreign file is refused and leaves nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackup, runRestore } from '../../src/server/backup-cli';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { insertAccount, type TestAccount } from '../support/accounts';
import { cookiesFrom } from '../support/cookies';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { createMigratedDataDir } from '../support/test-database';

const WRITERS = 10;
const PICTURE = Buffer.from('a picture, byte for byte');

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
let dataDir: string;
let server: ServerProcess | undefined;
let backupFile: string;
let acknowledgedBefore: { id: string; content: string }[] = [];
let backupOutput: string[] = [];
let backupCode: number;
/** Posts acknowledged while the backup ran (or just after, before the writers saw it end). */
let writtenDuring = 0;
let secret: string;
/** Web push's keys (issue #51): devices in the database were subscribed to them. */
let vapidKeys: string;

async function signIn(url: string, account: TestAccount): Promise<string> {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: account.email, password: account.password }),
  });
  expect(res.status).toBe(200);
  return cookiesFrom(res);
}

function run(command: typeof runBackup, args: string[], env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const write = (line: string) => lines.push(line);
  return command(args, env, write, write).then((code) => ({ code, output: lines.join('\n') }));
}

beforeAll(async () => {
  dataDir = await createMigratedDataDir('yb-backup-');
  dirs.push(dataDir);
  const seed = await openDatabase({ engine: 'embedded', dataDir });
  const writers = await Promise.all(Array.from({ length: WRITERS }, () => insertAccount(seed.db)));
  await seed.close();
  fs.mkdirSync(path.join(dataDir, 'uploads/avatars'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads/avatars/kept.webp'), PICTURE);

  server = await startServerProcess({ DATA_DIR: dataDir });
  const url = server.url;
  secret = fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8');
  vapidKeys = fs.readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8');
  const cookies = await Promise.all(writers.map((w) => signIn(url, w)));
  const acknowledged: { id: string; content: string }[] = [];
  let writing = true;
  let firstWrites: () => void = () => {};
  const enough = new Promise<void>((resolve) => {
    firstWrites = resolve;
  });
  const writing$ = Promise.all(
    cookies.map(async (cookie, writer) => {
      for (let n = 0; writing; n++) {
        const content = `backup test: writer ${writer}, post ${n}`;
        const res = await fetch(`${url}/api/posts`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ content }),
        });
        // Each person may post 20 times in 10 minutes: a writer that has is done.
        if (res.status === 429) return;
        expect(res.status).toBe(201);
        acknowledged.push({ id: ((await res.json()) as { id: string }).id, content });
        if (acknowledged.length >= 20) firstWrites();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }),
  );
  await enough;
  acknowledgedBefore = [...acknowledged];
  backupFile = path.join(tempDir('yb-backup-file-'), 'yearbook.backup');
  const backup = await run(runBackup, [backupFile], { DATA_DIR: dataDir });
  const duringOrAfter = acknowledged.length - acknowledgedBefore.length;
  writing = false;
  await writing$;
  backupCode = backup.code;
  writtenDuring = duringOrAfter;
  backupOutput = backup.output.split('\n');
  console.log(
    `backup under writes: ${acknowledgedBefore.length} posts acknowledged before it began, ${duringOrAfter} while it ran`,
  );
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) await server.stop('SIGTERM');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup while the server runs and writes', () => {
  it('backs up with progress, through the running database', () => {
    expect(backupCode, backupOutput.join('\n')).toBe(0);
    expect(writtenDuring, 'posts written while the backup ran').toBeGreaterThan(0);
    expect(backupOutput).toContain('The server is running: backing up while it runs.');
    expect(backupOutput).toContain('Copying the database...');
    expect(backupOutput.at(-2)).toMatch(/^Backed up \d+ files \(\d+ MB\) to /);
    expect(fs.statSync(backupFile).size).toBeGreaterThan(1_000_000);
  });

  it('refuses to write over a file, and to restore into the running DATA_DIR', async () => {
    const again = await run(runBackup, [backupFile], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('exists already');
    const into = await run(runRestore, [backupFile], { DATA_DIR: dataDir });
    expect(into.code).toBe(1);
    expect(into.output).toContain('Another Campus Yearbook process');
  });

  it('restores into an empty DATA_DIR: every post acknowledged before the backup, the pictures, the secret', async () => {
    const target = tempDir('yb-restored-');
    const restore = await run(runRestore, [backupFile], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('Restored ');
    expect(fs.readFileSync(path.join(target, 'uploads/avatars/kept.webp'))).toEqual(PICTURE);
    expect(fs.readFileSync(path.join(target, 'auth-secret'), 'utf8')).toBe(secret);
    expect(fs.readFileSync(path.join(target, 'vapid-keys.json'), 'utf8')).toBe(vapidKeys);

    const restored = await startServerProcess({ DATA_DIR: target });
    try {
      const missing: string[] = [];
      for (const { id, content } of acknowledgedBefore) {
        const res = await fetch(`${restored.url}/api/posts/${id}`);
        if (res.status !== 200 || ((await res.json()) as { content: string }).content !== content)
          missing.push(id);
      }
      expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(20);
      expect(missing, 'acknowledged posts missing from the restored backup').toEqual([]);
    } finally {
      expect(await restored.stop('SIGTERM')).toBe(0);
    }

    // A second restore into it is refused: it is no longer empty.
    const twice = await run(runRestore, [backupFile], { DATA_DIR: target });
    expect(twice.code).toBe(1);
    expect(twice.output).toContain('is not empty');

    // With no server on it, backup starts the database itself; that backup restores as well.
    const offline = path.join(tempDir('yb-backup-offline-'), 'offline.backup');
    const stopped = await run(runBackup, [offline], { DATA_DIR: target });
    expect(stopped.code, stopped.output).toBe(0);
    expect(stopped.output).not.toContain('while it runs');
    const again = tempDir('yb-restored-again-');
    expect((await run(runRestore, [offline], { DATA_DIR: again })).code).toBe(0);
    const database = await openDatabase({ engine: 'embedded', dataDir: again });
    try {
      const ids = acknowledgedBefore.map((post) => post.id);
      const found = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from posts where id = any(${`{${ids.join(',')}}`}::uuid[])`,
      );
      expect(found[0]?.n).toBe(ids.length);
    } finally {
      await database.close();
    }
  });

  it('refuses a damaged, a cut and a foreign file, leaving DATA_DIR empty', async () => {
    const bytes = fs.readFileSync(backupFile);
    const files = tempDir('yb-bad-backups-');
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] ?? 0) ^ 0xff;
    const cases = [
      { name: 'damaged', content: flipped, says: 'damaged or incomplete' },
      {
        name: 'cut',
        content: bytes.subarray(0, Math.floor(bytes.length * 0.6)),
        says: 'damaged or incomplete',
      },
      {
        name: 'foreign',
        content: Buffer.from('name,posts\npriya,3\n'),
        says: 'is not a Campus Yearbook backup',
      },
    ];
    for (const { name, content, says } of cases) {
      const file = path.join(files, name);
      fs.writeFileSync(file, content);
      const target = tempDir(`yb-restore-${name}-`);
      const result = await run(runRestore, [file], { DATA_DIR: target });
      expect(result.code, `${name}: ${result.output}`).toBe(1);
      expect(result.output, name).toContain(says);
      expect(
        fs.readdirSync(target).filter((entry) => entry !== 'campus-yearbook.lock'),
        name,
      ).toEqual([]);
    }
  });

  it('says what to use in production mode', async () => {
    const result = await run(runBackup, [path.join(tempDir('yb-prod-'), 'x')], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
      AUTH_SECRET: 'backup-secret-backup-secret-backup-secret',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('pg_dump');
  });
});
