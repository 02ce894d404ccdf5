// vitest's global setup for the server tests: the run's migrated template database, made once for
// every project that names this setup (the first to run makes it; the others find it made).
import { createDatabaseTemplate, PGLITE_TEMPLATE_ENV, TEMPLATE_DATABASE_ENV } from './database-template';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[TEMPLATE_DATABASE_ENV] || process.env[PGLITE_TEMPLATE_ENV]) return undefined;
  return createDatabaseTemplate();
}
