// The server as a whole process: embedded start, the DATA_DIR lock, Ctrl-C, data kept across
// restarts, start-up refusals; and production mode against PostgreSQL when TEST_DATABASE_URL is set.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../src/server/platform/data-dir-lock';
import { ENGINE } from '../support/engines';
import { scaled } from '../support/machine-factor';
import { runServerExpectingExit, type ServerProcess, startServerProcess } from '../support/server-process';
import { createTestDatabase } from '../support/test-database';

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
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', engine: 'pglite' });
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
    // Sessions must survive restarts: the generated signing secret is kept, readable by its owner only.
    const secret = fs.statSync(path.join(dataDir, 'auth-secret'));
    expect(secret.mode & 0o777).toBe(0o600);
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

  it('stops cleanly on Ctrl-C and releases the lock', async () => {
    const code = await first?.stop('SIGINT');
    expect(code).toBe(0);
    expect(first?.output()).toContain('stopped');
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('keeps the data for the next start', async () => {
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
    await pglite.query(`insert into notices (id, show, title) values (1, true, 'kept across restarts')`);
    await pglite.close();

    const again = await startServerProcess({ DATA_DIR: dataDir });
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    expect(await again.stop('SIGTERM')).toBe(0);

    const reopened = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
    const { rows } = await reopened.query<{ title: string }>('select title from notices');
    await reopened.close();
    expect(rows).toEqual([{ title: 'kept across restarts' }]);
  });

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
      expect(await server.stop()).toBe(0);
    } finally {
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
