// Starts the real app over real HTTP on a free port, on a fresh database (see test-database.ts).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import {
  type App,
  appSecurityHeaders,
  createApp,
  createStorage,
  DEFAULT_SSR_ENTRY,
  DEFAULT_WEB_ROOT,
} from '../../src/server/app';
import { listeningViewerCache, type ViewerCache } from '../../src/server/auth/viewer-cache';
import { loadConfig } from '../../src/server/config';
import { type BookMaker, startBookMaker } from '../../src/server/features/book';
import { type Broadcasts, startBroadcasts } from '../../src/server/features/notifications/broadcasts';
import {
  listeningNotificationStreams,
  type NotificationStreams,
} from '../../src/server/features/notifications/live';
import { type PushService, startPush } from '../../src/server/features/push/push-service';
import { type HeaderList, securedServerResponse } from '../../src/server/http/security-headers';
import { createDependencyHealth, type DependencyHealth } from '../../src/server/platform/dependency-health';
import { createLogger } from '../../src/server/platform/logger';
import { type MailWorkerTimings, startMailDelivery } from '../../src/server/platform/mail';
import type { RateLimiter } from '../../src/server/platform/rate-limit';
import type { Redis } from '../../src/server/platform/redis';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The test server's AUTH_SECRET: tests make the links it signs (an unsubscribe link) with it. */
export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

/**
 * The test server's VAPID pair (web push, issue #51): push is on in every test server unless a test
 * sets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to '' (off).
 */
export const TEST_VAPID_KEYS = {
  publicKey: 'BNNDmV4d9GoQcF6qk1Hc6Bc_sDPDUZlNt6C5oYDjRrp9QXg0_8u4rTgly32RTVvChLj3NV4oumhqH70gXKELZbQ',
  privateKey: 'yRcHEY94jWElwv4kpuQw-ZNbq4Qss1W76Vgxz2mP5VI',
} as const;

/** For tests that make many accounts or posts from one address on purpose. */
export const NO_RATE_LIMITS: RateLimiter = { hit: async () => ({ allowed: true, retryAfterMs: 1 }) };

export interface TestServer {
  url: string;
  /** A fresh DATA_DIR of its own (uploads), removed on close. */
  dataDir: string;
  database: TestDatabase;
  app: App;
  /** The app's cache of sessions' viewers (src/server/auth/viewer-cache.ts). */
  viewers: ViewerCache;
  /** The book maker (issue #52): `settle()` waits until the books queued are made. */
  books: BookMaker;
  /** The job handing out the admins' notices: `settle()` waits until it has handed out what was queued. */
  broadcasts: Broadcasts;
  /**
   * The bell's live counts: `settle()` waits until what was announced (a like's `pg_notify`, sent
   * after the answer) has gone out, so a test counting a later request's queries counts only its own.
   */
  notificationStreams: NotificationStreams;
  /** Services up or down as the app saw them: what it logged once per outage, and its counts. */
  dependencyHealth: DependencyHealth;
  /** Web push: `settle()` waits until the changes heard are owed and the pushes due were sent. */
  push: PushService;
  /** fetch() against the server: `request('/api/health')`. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** The web app's files; none by default. builtWebApp(): the real build, pages rendered on the server. */
  webRoot?: string;
  /** Settings on top of the test defaults, e.g. `{ NODE_ENV: 'production' }`. */
  settings?: Record<string, string>;
  /** Add routes for a test (e.g. one that throws) before the server starts listening. */
  extend?: (app: App) => void;
  /** Replaces the rate limiter, e.g. for a test signing in fifty accounts from one address. */
  rateLimiter?: RateLimiter;
  /** Production mode's Redis (tests/support/test-redis.ts): shared rate limits and the session cache. */
  redis?: Redis;
  /** Where to listen (default 127.0.0.1); `url` still names 127.0.0.1. */
  hostname?: string;
  /** The mail worker's timings, with SMTP_URL in `settings`. */
  mailWorker?: MailWorkerTimings;
  /** The app's logger (default: LOG_LEVEL's, silent unless TEST_LOG_LEVEL says), to read what it logs. */
  logger?: Logger;
  /**
   * How long without a failure before a failing service counts as back (default: the app's), and
   * how often a down bucket or mail server is probed.
   */
  recoveryQuietMs?: number;
  /**
   * Web push's background jobs (issue #51): off unless asked, so that no test but push's own meets
   * their polling (a page's query count, a busy machine's CPU); the routes work either way.
   */
  push?: boolean;
  /**
   * The book maker's timings; `off`: no book is made (a test comparing the database before and after a
   * refused request must not see a book being made in between).
   */
  books?: { pollMs?: number; leaseMs?: number; off?: boolean };
  /** Web push's retries and looks (default: quick, as the mail worker's). */
  pushTimings?: Parameters<typeof startPush>[0]['timings'];
}

/**
 * The web build (npm run build; npm test builds first): with it, the test server renders pages as
 * `npm start` does. Throws when the build or its page renderer is missing.
 */
export function builtWebApp(): string {
  if (!existsSync(path.join(DEFAULT_WEB_ROOT, '.vite/manifest.json')) || !existsSync(DEFAULT_SSR_ENTRY)) {
    throw new Error('No web build with its page renderer: run `npm run build` first (npm test does).');
  }
  return DEFAULT_WEB_ROOT;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yb-test-data-'));
  // Listen first, so the app can be built with its real address as PUBLIC_URL (links in mail).
  // The node bindings (second argument) carry the connection, which the client address is read from.
  let handle: (request: Request, bindings: unknown) => Response | Promise<Response> = () =>
    new Response(null, { status: 503 });
  let headers: HeaderList = [];
  const server = serve({
    fetch: (request, bindings) => handle(request, bindings),
    serverOptions: { ServerResponse: securedServerResponse(() => headers) },
    port: 0,
    hostname: options.hostname ?? '127.0.0.1',
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  // Node closes a connection idle for 5 s; fetch reuses one it believes has a second or two left. On a
  // busy machine the timers of both (one event loop: this process) fire late and cross, and a request
  // meets a socket being closed ("other side closed": seen once in 100 posts at once). Here nothing
  // but the test closes connections, and close() below closes them all.
  (server as Server).keepAliveTimeout = 10 * 60_000;
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_SECRET: TEST_SECRET,
    DATA_DIR: dataDir,
    VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
    ...options.settings,
  });
  const logger = options.logger ?? createLogger(config);
  const dependencyHealth = createDependencyHealth({
    logger,
    // A down bucket or mail server is probed as often as the quiet while lasts: a test waits little.
    ...(options.recoveryQuietMs !== undefined && {
      quietMs: options.recoveryQuietMs,
      probeEveryMs: options.recoveryQuietMs,
    }),
  });
  // Mail as the server sends it: queued, and with SMTP_URL sent by a worker (retries made quick).
  const mail = startMailDelivery({
    db: database.db,
    smtpUrl: config.smtpUrl,
    smtpTimeoutMs: config.smtpTimeoutMs,
    from: config.mailFrom,
    logger,
    worker: { pollMs: 200, retryBaseMs: 200, ...options.mailWorker },
    dependencies: dependencyHealth,
  });
  const viewers = listeningViewerCache(database, logger);
  const broadcasts = startBroadcasts({ db: database.db, logger });
  const notificationStreams = listeningNotificationStreams(database, logger);
  const push = startPush({
    config,
    database,
    logger,
    timings: { pollMs: 200, retryBaseMs: 200, ...options.pushTimings },
    jobs: options.push === true,
  });
  const storage = createStorage(config, dependencyHealth);
  const books: BookMaker = options.books?.off
    ? { wake: () => undefined, settle: async () => undefined, stop: async () => undefined }
    : startBookMaker({
        db: database.db,
        storage,
        logger,
        announceNotification: (userId) => notificationStreams.announce(userId),
        ...options.books,
      });
  const app = createApp({
    books,
    storage,
    viewers,
    broadcasts,
    notificationStreams,
    push,
    config,
    logger,
    database,
    redis: options.redis ?? null,
    webRoot: options.webRoot ?? '/nonexistent-web-root',
    mailer: mail.mailer,
    dependencyHealth,
    ...(options.rateLimiter && { rateLimiter: options.rateLimiter }),
  });
  options.extend?.(app);
  headers = appSecurityHeaders(config);
  handle = app.fetch;

  return {
    url,
    dataDir,
    database,
    app,
    viewers,
    broadcasts,
    books,
    notificationStreams,
    dependencyHealth,
    push,
    request: (path, init) => fetch(`${url}${path}`, init),
    async close() {
      // Every test is done with it: connections still open (idle, or an answer nobody read) go too.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      (server as Server).closeAllConnections();
      await closed;
      await broadcasts.stop();
      await books.stop();
      await push.stop();
      await mail.stop();
      dependencyHealth.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface JsonAnswer {
  status: number;
  /** The parsed JSON body, or null for an empty one. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field and assert each one
  body: any;
  /** The raw body, for messages and for scanning what an answer reveals. */
  text: string;
  headers: Headers;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One JSON request as a signed-in user (cookie) or a visitor, answered with status and parsed body. */
export async function callJson(
  server: Pick<TestServer, 'request'>,
  method: HttpMethod,
  path: string,
  cookie?: string,
  body?: unknown,
): Promise<JsonAnswer> {
  const res = await server.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text, headers: res.headers };
}

/** Setting a test's scene: a JSON request that must succeed (a status under 300); its parsed body. */
// biome-ignore lint/suspicious/noExplicitAny: as JsonAnswer's body, read field by field
export async function okJson(...args: Parameters<typeof callJson>): Promise<any> {
  const answer = await callJson(...args);
  if (answer.status >= 300) throw new Error(`${args[1]} ${args[2]}: ${answer.status} ${answer.text}`);
  return answer.body;
}
