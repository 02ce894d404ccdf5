// vitest's global setup for the server tests: the run's migrated template database.
import { createDatabaseTemplate } from './database-template';

export default async function setup(): Promise<() => Promise<void>> {
  return createDatabaseTemplate();
}
