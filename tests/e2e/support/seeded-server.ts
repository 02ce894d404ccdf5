// A server of a spec's own, on a data directory seeded first (accounts with profiles and roles that
// the UI cannot make yet), started as `npm start` runs it. The shared e2e server is left alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type Db, openDatabase } from '../../../src/server/db/client';
import { applyMigrations } from '../../../src/server/db/migrate';
import type { TestAccount } from '../../support/accounts';
import { freePort } from '../../support/free-port';
import { scaled } from '../../support/machine-factor';
import { type ServerProcess, startServerProcess } from '../../support/server-process';
import { expect } from '../fixtures';
import { TEMPLATE_DATA_DIR_ENV } from '../global-setup';

/**
 * Time for a spec's beforeAll to migrate and seed a new database and start a server on it: about 10 s
 * on an idle 2-core machine, several times that on a busy one, well past the 30 s a test gets.
 */
export const SEEDED_SERVER_START_MS = scaled(120_000);

export interface SeededServer {
  url: string;
  /** Stops the server and starts it again on the same address and data, with `settings` changed. */
  restart(settings?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

export async function startSeededServer(
  seed: (db: Db) => Promise<void>,
  settings: Record<string, string> = {},
): Promise<SeededServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yearbook-e2e-seeded-'));
  // A copy of the run's migrated data directory (global-setup.ts): no initdb, nothing to migrate.
  const template = process.env[TEMPLATE_DATA_DIR_ENV];
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const database = await openDatabase({ engine: 'embedded', dataDir });
  await applyMigrations(database);
  await seed(database.db);
  await database.close();

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const start = (changed: Record<string, string>) =>
    startServerProcess({
      ...settings,
      ...changed,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: url,
      NODE_ENV: 'test',
    });
  let server: ServerProcess;
  try {
    server = await start({});
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    async restart(changed = {}) {
      await server.stop('SIGTERM');
      server = await start(changed);
    },
    async stop() {
      await server.stop('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in as `account` the way a browser that signed in earlier is: with a session cookie, made by
 * the test-only route (the server runs with NODE_ENV=test), then opens the dashboard. The sign-in
 * form itself is tested where sign-in is the subject (accounts.spec.ts, roles.spec.ts).
 */
export async function signInToSeeded(page: Page, server: SeededServer, account: TestAccount) {
  await signInByCookie(page, server.url, account.userId);
  await page.goto(`${server.url}/dashboard`);
  await expect(page).toHaveURL(`${server.url}/dashboard`);
}

/**
 * Gives the page's browser a session of the account on the server at `url`. The request's connection
 * is not kept: the server closes idle connections after 5 s, and a test's next `page.request` sent on
 * one just as it closes fails with ECONNRESET (seen on a busy machine).
 */
export async function signInByCookie(page: Page, url: string, userId: string) {
  const res = await page.request.post(`${url}/api/test/sessions`, {
    data: { userId },
    headers: { connection: 'close' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { cookie } = (await res.json()) as { cookie: { name: string; value: string } };
  await page.context().addCookies([{ name: cookie.name, value: cookie.value, url }]);
}
