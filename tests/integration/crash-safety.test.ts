// Crash safety (issue «Reliability and security» 5): the server process is killed with SIGKILL in the
// middle of a burst of writes — no shutdown, no flush, requests in flight. After a restart every write
// it had acknowledged (201) must be there, and the database must check clean: every B-tree index
// agrees with its table, every heap tuple indexed (amcheck's bt_index_check with heapallindexed).
// Embedded mode (the PostgreSQL the app runs in DATA_DIR, decision 033: the app and every process of
// the database killed at once) always; PostgreSQL when TEST_DATABASE_URL is set.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { insertAccount, type TestAccount } from '../support/accounts';
import { cookiesFrom } from '../support/cookies';
import { ENGINE } from '../support/engines';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { createMigratedDataDir, createTestDatabase } from '../support/test-database';

/** Writers, each its own account (posting is limited to 20 per person in 10 minutes). */
const WRITERS = 8;
/** The kill comes once this many writes have been acknowledged, with the others in flight. */
const KILL_AFTER = 60;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function signIn(url: string, account: TestAccount): Promise<string> {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: account.email, password: account.password }),
  });
  expect(res.status).toBe(200);
  return cookiesFrom(res);
}

/**
 * Every writer posts as fast as it can; at KILL_AFTER acknowledgements the process gets SIGKILL.
 * Resolves with the acknowledged posts (id and content) once every writer has stopped.
 */
async function burstThenKill(server: ServerProcess, cookies: string[], alsoKill: () => void = () => {}) {
  const acknowledged: { id: string; content: string }[] = [];
  let killed = false;
  let failedAfterKill = 0;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  await Promise.all(
    cookies.map(async (cookie, writer) => {
      for (let n = 0; !killed; n++) {
        const content = `crash test: writer ${writer}, post ${n}`;
        try {
          const res = await fetch(`${server.url}/api/posts`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ content }),
          });
          if (res.status !== 201) throw new Error(`post answered ${res.status}: ${await res.text()}`);
          acknowledged.push({ id: ((await res.json()) as { id: string }).id, content });
          if (acknowledged.length >= KILL_AFTER && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
            alsoKill();
          }
        } catch (error) {
          if (!killed) throw error;
          failedAfterKill++;
          return;
        }
      }
    }),
  );
  await exited;
  return { acknowledged, failedAfterKill };
}

async function expectEveryAcknowledgedPost(url: string, acknowledged: { id: string; content: string }[]) {
  const missing: string[] = [];
  for (const { id, content } of acknowledged) {
    const res = await fetch(`${url}/api/posts/${id}`);
    if (res.status !== 200 || ((await res.json()) as { content: string }).content !== content)
      missing.push(id);
  }
  expect(missing, 'acknowledged posts lost in the crash').toEqual([]);
}

/** amcheck over every B-tree index of the app's schema; resolves with how many were checked. */
async function checkIndexes(run: (query: string) => Promise<{ name: string }[]>): Promise<number> {
  const checked = await run(
    `select c.relname as name, bt_index_check(c.oid, true)
     from pg_index i
     join pg_class c on c.oid = i.indexrelid
     join pg_am am on am.oid = c.relam
     where am.amname = 'btree' and c.relnamespace = current_schema()::regnamespace`,
  );
  return checked.length;
}

async function seedWriters(db: Db): Promise<TestAccount[]> {
  return Promise.all(Array.from({ length: WRITERS }, () => insertAccount(db)));
}

describe('SIGKILL during a burst of writes', () => {
  it('embedded: every acknowledged post survives and the database checks clean', async () => {
    const dataDir = await createMigratedDataDir('yb-crash-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const seed = await openDatabase({ engine: 'embedded', dataDir });
    const writers = await seedWriters(seed.db);
    await seed.close();

    const first = await startServerProcess({ DATA_DIR: dataDir });
    const cookies = await Promise.all(writers.map((w) => signIn(first.url, w)));
    // The database's processes are one process group (its guard's): all of them die with the app,
    // with no shutdown, as in a power cut that spares the disk's cache.
    const postmaster = Number.parseInt(
      fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8'),
      10,
    );
    const group = Number(fs.readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1]?.split(' ')[2]);
    expect(group).toBeGreaterThan(1);
    const { acknowledged, failedAfterKill } = await burstThenKill(first, cookies, () =>
      process.kill(-group, 'SIGKILL'),
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(failedAfterKill, 'writes were in flight when the process died').toBeGreaterThan(0);
    const log = () => fs.readFileSync(path.join(dataDir, 'postgres-run/postgres.log'), 'utf8');
    const afterKill = log().length;
    // Since the killed run's database was ready, no shutdown of any kind.
    const killedRun = log().split('database system is ready to accept connections').at(-1) ?? '';
    expect(killedRun).not.toMatch(/shutdown request|shut down/);

    // The lock the killed process held is stale: the restart takes it over, and the database
    // recovers from its write-ahead log.
    const second = await startServerProcess({ DATA_DIR: dataDir });
    await expectEveryAcknowledgedPost(second.url, acknowledged);
    expect(await second.stop('SIGTERM')).toBe(0);

    expect(log().slice(afterKill)).toContain('database system was interrupted');
    const db = await openDatabase({ engine: 'embedded', dataDir });
    try {
      await db.db.execute(sql`create extension if not exists amcheck`);
      const checked = await checkIndexes((query) => queryRows(db.db, sql.raw(query)));
      expect(checked).toBeGreaterThan(20);
      console.log(
        `crash safety (embedded): ${acknowledged.length} acknowledged posts all there, ${failedAfterKill} cut off in flight; ${checked} indexes check clean`,
      );
    } finally {
      await db.close();
    }
  }, 120_000);

  // Embedded above (npm test); PostgreSQL in the engine run.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: every acknowledged post survives and the database checks clean',
    { ...ENGINE, timeout: 120_000 },
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.destroy());
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-crash-pg-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const writers = await seedWriters(database.db);
      const env = {
        DATABASE_URL: database.url ?? '',
        AUTH_SECRET: 'crash-secret-crash-secret-crash-secret-0',
        DATA_DIR: dataDir,
      };

      const first = await startServerProcess(env);
      const cookies = await Promise.all(writers.map((w) => signIn(first.url, w)));
      const { acknowledged, failedAfterKill } = await burstThenKill(first, cookies);
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(failedAfterKill, 'writes were in flight when the process died').toBeGreaterThan(0);

      const second = await startServerProcess(env);
      await expectEveryAcknowledgedPost(second.url, acknowledged);
      expect(await second.stop('SIGTERM')).toBe(0);

      await database.db.execute(sql`create extension if not exists amcheck`);
      const checked = await checkIndexes((query) => queryRows(database.db, sql.raw(query)));
      expect(checked).toBeGreaterThan(20);
      console.log(
        `crash safety (PostgreSQL): ${acknowledged.length} acknowledged posts all there, ${failedAfterKill} cut off in flight; ${checked} indexes check clean`,
      );
    },
  );
});
