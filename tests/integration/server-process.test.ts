// The server as a whole process: embedded start (the PostgreSQL it runs itself, decision 033), the
// DATA_DIR lock, Ctrl-C, data kept across restarts, the database stopping with the app however the app
// ends, an older PGlite DATA_DIR carried over, start-up refusals; and production mode against
// PostgreSQL when TEST_DATABASE_URL is set.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { LOCK_FILE_NAME } from '../../src/server/platform/data-dir-lock';
import { insertAccount } from '../support/accounts';
import { cookiesFrom } from '../support/cookies';
import { ENGINE } from '../support/engines';
import { scaled } from '../support/machine-factor';
import { runServerExpectingExit, type ServerProcess, startServerProcess } from '../support/server-process';
import { createPgliteDataDir, createTestDatabase } from '../support/test-database';

/** The pid in DATA_DIR/postgres/postmaster.pid, or null when there is none. */
function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8'), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function expectStopped(pid: number) {
  await expect.poll(() => running(pid), { timeout: scaled(15_000) }).toBe(false);
}

describe('embedded mode', () => {
  let dataDir: string;
  let first: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-proc-'));
  });
  afterAll(async () => {
    if (first?.child.exitCode === null) await first.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on an empty DATA_DIR, migrates and reports healthy', async () => {
    first = await startServerProcess({ DATA_DIR: dataDir });
    const res = await fetch(`${first.url}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', engine: 'postgres' });
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'postgres/PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    // Sessions must survive restarts: the generated signing secret is kept, readable by its owner only.
    const secret = fs.statSync(path.join(dataDir, 'auth-secret'));
    expect(secret.mode & 0o777).toBe(0o600);
    // So must web push's keys (issue #51): devices are subscribed to the public one.
    const vapidKeys = fs.statSync(path.join(dataDir, 'vapid-keys.json'));
    expect(vapidKeys.mode & 0o777).toBe(0o600);
    expect((await (await fetch(`${first.url}/api/push/key`)).json()).publicKey).toBe(
      JSON.parse(fs.readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8')).publicKey,
    );
  });

  it('listens on this machine only by default and says where the mailbox is', async () => {
    const port = new URL(first?.url ?? '').port;
    // Logged just after the line that says where it runs (which the start waited for): pino may write
    // the two apart on a busy machine.
    await expect
      .poll(() => first?.output(), { timeout: scaled(5_000) })
      .toContain(`Read it at http://localhost:${port}/dev/mailbox`);
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
    if (external) {
      // Nothing listens there: the connection itself is refused.
      await expect(fetch(`http://${external}:${port}/api/health`)).rejects.toThrow();
    }
  });

  it('refuses a second process on the same DATA_DIR, naming the lock', async () => {
    const second = await runServerExpectingExit({ DATA_DIR: dataDir });
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(path.join(dataDir, LOCK_FILE_NAME));
    expect(second.output).toContain(`pid ${first?.child.pid}`);
    // The first one is unharmed.
    expect((await fetch(`${first?.url}/api/health`)).status).toBe(200);
  });

  it('stops cleanly on Ctrl-C, its database with it, and releases the lock', async () => {
    const postmaster = postmasterPid(dataDir);
    expect(postmaster !== null && running(postmaster)).toBe(true);
    const code = await first?.stop('SIGINT');
    expect(code).toBe(0);
    expect(first?.output()).toContain('stopped');
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    await expectStopped(postmaster as number);
  });

  it('keeps the data for the next start', async () => {
    const database = await openDatabase({ engine: 'embedded', dataDir });
    await database.db.execute(
      sql`insert into notices (id, show, title) values (1, true, 'kept across restarts')`,
    );
    await database.close();

    const again = await startServerProcess({ DATA_DIR: dataDir });
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    expect(await again.stop('SIGTERM')).toBe(0);

    const reopened = await openDatabase({ engine: 'embedded', dataDir });
    const rows = await queryRows<{ title: string }>(reopened.db, sql`select title from notices`);
    await reopened.close();
    expect(rows).toEqual([{ title: 'kept across restarts' }]);
  });

  it('leaves no database running when the app is killed, and starts again on it', async () => {
    const doomed = await startServerProcess({ DATA_DIR: dataDir });
    const postmaster = postmasterPid(dataDir);
    expect(postmaster !== null && running(postmaster)).toBe(true);
    await doomed.stop('SIGKILL');
    await expectStopped(postmaster as number);

    const again = await startServerProcess({ DATA_DIR: dataDir });
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    expect(await again.stop('SIGTERM')).toBe(0);
  });

  // PostgreSQL refuses root: under root it runs as another user, who cannot pass a closed folder.
  it.runIf(process.getuid?.() === 0)(
    'under root, refuses a DATA_DIR inside a closed folder, saying what to do',
    async () => {
      const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-closed-'));
      try {
        fs.chmodSync(closed, 0o700);
        const result = await runServerExpectingExit({ DATA_DIR: path.join(closed, 'data') });
        expect(result.code).not.toBe(0);
        expect(result.output).toContain('Campus Yearbook cannot start.');
        expect(result.output).toContain(`${closed} is closed to others. Set DATA_DIR to a folder outside it`);
        expect(result.output).not.toMatch(/\n\s+at /);
        expect(fs.existsSync(path.join(closed, 'data', LOCK_FILE_NAME))).toBe(false);
      } finally {
        fs.rmSync(closed, { recursive: true, force: true });
      }
    },
  );

  it('refuses a malformed setting at start-up, naming it', async () => {
    const result = await runServerExpectingExit({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('PORT');
    expect(result.output).toContain('eighty');
  });

  it('refuses production mode without AUTH_SECRET, naming it', async () => {
    const result = await runServerExpectingExit({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('AUTH_SECRET');
  });

  it('refuses to start when Redis does not answer, naming REDIS_URL', async () => {
    const result = await runServerExpectingExit({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('Redis at 127.0.0.1:1 (REDIS_URL) did not answer');
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a misspelt setting at start-up, naming it', async () => {
    const result = await runServerExpectingExit({ DATA_DIR: dataDir, DATABSE_URL: 'postgres://x/y' });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('DATABSE_URL');
  });
});

describe('an embedded DATA_DIR from before decision 033 (PGlite in DATA_DIR/db)', () => {
  let dataDir: string;
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is carried over on the first start: accounts, posts and sequences, the old folder kept', async () => {
    dataDir = await createPgliteDataDir('yb-carry-');
    const old = await openDatabase({ engine: 'pglite', dataDir });
    const account = await insertAccount(old.db);
    const [post] = await queryRows<{ id: string }>(
      old.db,
      sql`insert into posts (user_id, content) values (${account.userId}, 'written before the move') returning id`,
    );
    // A sequence well along: after the move it goes on from there, not from 1.
    await old.db.execute(sql`select setval('former_staff_number', 41)`);
    await old.close();

    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect(server.output()).toContain('Carried the embedded database over to PostgreSQL');
      const read = await fetch(`${server.url}/api/posts/${post?.id}`);
      expect(read.status).toBe(200);
      expect(((await read.json()) as { content: string }).content).toBe('written before the move');
      // The account signs in with its password, and writes.
      const signIn = await fetch(`${server.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: account.email, password: account.password }),
      });
      expect(signIn.status).toBe(200);
      const cookie = cookiesFrom(signIn);
      const written = await fetch(`${server.url}/api/posts`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'written after the move' }),
      });
      expect(written.status).toBe(201);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }

    const kept = fs.readdirSync(dataDir).filter((name) => name.startsWith('db-pglite-before-postgres-'));
    expect(kept).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    const moved = await openDatabase({ engine: 'embedded', dataDir });
    try {
      const [next] = await queryRows<{ n: string }>(
        moved.db,
        sql`select nextval('former_staff_number')::text as n`,
      );
      expect(next?.n).toBe('42');
      const posts = await queryRows<{ content: string }>(
        moved.db,
        sql`select content from posts order by created_at`,
      );
      expect(posts.map((p) => p.content)).toEqual(['written before the move', 'written after the move']);
    } finally {
      await moved.close();
    }
  });
});

// The embedded mode above runs once (npm test); this, on PostgreSQL, in the engine run.
describe.runIf(process.env.TEST_DATABASE_URL)('production mode on PostgreSQL', ENGINE, () => {
  it('migrates a new database, reports healthy and takes no data-directory lock', async () => {
    const database = await createTestDatabase({ migrate: false });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-pg-'));
    try {
      const server = await startServerProcess({
        DATABASE_URL: database.url ?? '',
        AUTH_SECRET: 'ci-secret-ci-secret-ci-secret-ci-secret',
        DATA_DIR: dataDir,
      });
      const res = await fetch(`${server.url}/api/health`);
      expect(await res.json()).toEqual({ status: 'ok', database: 'ok', engine: 'postgres' });
      expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
      // No VAPID keys of its own here (every instance must share one pair): push is off, and it says so.
      expect(fs.existsSync(path.join(dataDir, 'vapid-keys.json'))).toBe(false);
      expect((await fetch(`${server.url}/api/push/key`)).status).toBe(404);
      await vi.waitFor(() => expect(server.output()).toContain('Push notifications are off'));
      expect(await server.stop()).toBe(0);
    } finally {
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
