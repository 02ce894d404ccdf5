// Starts the real app over real HTTP on a free port, on a fresh database (see test-database.ts).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type App, createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createLogger } from '../../src/server/platform/logger';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestServer {
  url: string;
  database: TestDatabase;
  app: App;
  /** fetch() against the server: `request('/api/health')`. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  webRoot?: string;
  /** Add routes for a test (e.g. one that throws) before the server starts listening. */
  extend?: (app: App) => void;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const logger = createLogger(config);
  const app = createApp({ config, logger, database, webRoot: options.webRoot ?? '/nonexistent-web-root' });
  options.extend?.(app);

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    database,
    app,
    request: (path, init) => fetch(`${url}${path}`, init),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.destroy();
    },
  };
}
