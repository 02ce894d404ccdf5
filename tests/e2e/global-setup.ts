// Playwright's global setup: one migrated data directory, copied by every seeded server
// (support/seeded-server.ts) instead of each running initdb (embedded PostgreSQL, decision 033) and the migrations again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { applyMigrations } from '../../src/server/db/migrate';

export const TEMPLATE_DATA_DIR_ENV = 'E2E_TEMPLATE_DATA_DIR';

export default async function globalSetup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yearbook-e2e-template-'));
  const database = await openDatabase({ engine: 'embedded', dataDir: dir });
  await applyMigrations(database);
  await database.close();
  process.env[TEMPLATE_DATA_DIR_ENV] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
