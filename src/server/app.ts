// Builds the Hono app: cross-cutting middleware first, then one router per feature, then the SPA.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import {
  type AuthOptions,
  createAuth,
  sessionEnder,
  sessionRefresher,
  sessionTokenEnder,
  tokenForgetter,
  trustedOriginsFor,
} from './auth/auth';
import { authRoutes } from './auth/auth-routes';
import { clearPasswordFailures } from './auth/password-attempts';
import { createRedisSessionStorage, mendSessionCacheAfterOutages } from './auth/redis-session-storage';
import { loadViewer } from './auth/viewer';
import { listeningViewerCache, type ViewerCache } from './auth/viewer-cache';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { voidEmailChanges } from './features/account';
import { accountRoutes } from './features/account/routes';
import { adminUserRoutes } from './features/admin-users/routes';
import { appealRoutes, removalRoutes } from './features/appeals/routes';
import { asklineRoutes } from './features/asklines/routes';
import {
  type BookMaker,
  bookJobRoutes,
  classBookRoutes,
  classBookSwitchRoutes,
  myBookRoutes,
  startBookMaker,
} from './features/book';
import { devApiRoutes, devMailboxPage, MAILBOX_PATH } from './features/dev/routes';
import { healthRoutes } from './features/health/routes';
import { heldPostRoutes } from './features/held-posts/routes';
import { createAppMetrics } from './features/metrics/app-metrics';
import { requestMetrics } from './features/metrics/request-metrics';
import { metricsRoutes } from './features/metrics/routes';
import { moderationLogRoutes } from './features/moderation-log/routes';
import { adminNoticeRoutes, noticeRoutes } from './features/notices/routes';
import { type Broadcasts, startBroadcasts } from './features/notifications/broadcasts';
import { listeningNotificationStreams, type NotificationStreams } from './features/notifications/live';
import { adminNotificationRoutes, notificationRoutes } from './features/notifications/routes';
import { personalControlRoutes } from './features/personal-controls/routes';
import { replyRoutes } from './features/posts/reply-routes';
import { postRoutes, profilePostRoutes } from './features/posts/routes';
import { profileRoutes, usernameRoutes } from './features/profiles/routes';
import { type PushService, startPush } from './features/push/push-service';
import { pushRoutes } from './features/push/routes';
import { postModerationRoutes, reportRoutes, sealedSuspensionRoutes } from './features/reports/routes';
import { type CurrentTextChecker, listeningTextChecker } from './features/safety';
import { adminWordListRoutes, safetyRoutes } from './features/safety/routes';
import { searchRoutes } from './features/search/routes';
import { sessionRoutes } from './features/session/routes';
import { createSharePageHeads } from './features/share/page-heads';
import { oembedRoutes, shareRoutes } from './features/share/routes';
import { profileSignatureRoutes, signatureRoutes } from './features/signatures';
import {
  classSuperlativeRoutes,
  profileSuperlativeRoutes,
  superlativeCategoryRoutes,
  superlativeRoundRoutes,
} from './features/superlatives';
import { testingRoutes } from './features/testing/routes';
import { transparencyRoutes } from './features/transparency';
import { yearbookRoutes } from './features/yearbook/routes';
import { apiDocsRoutes } from './http/api-docs';
import { resolveClientAddress } from './http/client-address';
import type { AppEnv } from './http/context';
import { describeRoute } from './http/describe-route';
import { createErrorHandler, handleNotFound } from './http/error-handling';
import { loadPageRenderer, type PageRenderer } from './http/page-renderer';
import { requestLogging } from './http/request-logging';
import { requestTextGuard } from './http/request-text-guard';
import { sameSiteWrites } from './http/same-site-writes';
import { type HeaderList, securityHeaderList } from './http/security-headers';
import { serveUploads } from './http/serve-uploads';
import { loadWebApp, serveWebApp } from './http/web-app';
import { createDependencyHealth, type DependencyHealth } from './platform/dependency-health';
import { createMailer, type Mailer } from './platform/mail';
import {
  createMemoryRateLimiter,
  createPostgresRateLimiter,
  createRedisRateLimiterWithFallback,
  type RateLimiter,
} from './platform/rate-limit';
import type { Redis } from './platform/redis';
import { createFileStorage, createS3Storage, type ObjectStorage, UPLOADS_PATH } from './platform/storage';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));
/** The web build's page renderer (scripts/web-build.mjs); used with the default web root. */
export const DEFAULT_SSR_ENTRY = fileURLToPath(new URL('../../dist/ssr/entry-server.js', import.meta.url));

export interface AppDependencies {
  config: Config;
  logger: Logger;
  database: Database;
  /** REDIS_URL's connection (main.ts opens it): shared rate limits and the session cache. */
  redis?: Redis | null;
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
  /** The build's page renderer; defaults to dist/ssr's with the default web root, else none. */
  ssrEntry?: string | null;
  /** Where pictures are kept; defaults to the S3 bucket of S3_*, else files under DATA_DIR/uploads. */
  storage?: ObjectStorage;
  /** Counters for rate limits; defaults to Redis, else PostgreSQL with DATABASE_URL, else memory. */
  rateLimiter?: RateLimiter;
  /** The outbox, told when a mail is queued (platform/mail.ts startMailDelivery, with its worker). */
  mailer?: Mailer;
  /** Sessions' viewers kept between reads; defaults to one listening to `database` for changes. */
  viewers?: ViewerCache;
  /** The open streams of the bell's count; defaults to streams told by `database`'s notices. */
  notificationStreams?: NotificationStreams;
  /** The job that hands out the admins' notices to every member; defaults to one of this app's. */
  broadcasts?: Broadcasts;
  /**
   * Web push (features/push): its key and the jobs that send pushes; defaults to one of this app's,
   * on with `config.vapidKeys`.
   */
  push?: PushService;
  /**
   * The text check's word lists with the admins' words; defaults to one that reads them from
   * `database` and builds again when told they changed (features/safety/current-checker.ts).
   */
  textChecker?: CurrentTextChecker;
  /**
   * The book maker (features/book): makes the PDFs asked for, one at a time; defaults to one of this
   * app's, woken when a book is queued.
   */
  books?: BookMaker;
  /**
   * Services up or down as this instance sees them (logged once per outage); defaults to a new one.
   * The one given to `storage` and the mail worker, so their outages are counted with the database's.
   */
  dependencyHealth?: DependencyHealth;
}

export function createApp({
  config,
  logger,
  database,
  redis = null,
  webRoot = DEFAULT_WEB_ROOT,
  ssrEntry = webRoot === DEFAULT_WEB_ROOT ? DEFAULT_SSR_ENTRY : null,
  dependencyHealth = createDependencyHealth({ logger }),
  storage = createStorage(config, dependencyHealth),
  rateLimiter = createRateLimiter(config, database.authDb, redis),
  mailer,
  viewers = listeningViewerCache(database, logger),
  notificationStreams = listeningNotificationStreams(database, logger),
  broadcasts = startBroadcasts({ db: database.db, logger }),
  push = startPush({ config, database, logger }),
  textChecker = listeningTextChecker(database, logger),
  books = startBookMaker({
    db: database.db,
    storage,
    logger,
    announceNotification: (userId) => notificationStreams.announce(userId),
  }),
}: AppDependencies) {
  const db = database.db;
  // Sign-in and sessions on connections of their own (db/client.ts): a lock on posts does not stop them.
  const authDb = database.authDb;
  // Sessions ended while Redis was away must not come back from its stale copies (decision 025).
  const sessionCache = redis ? mendSessionCacheAfterOutages(redis, db, logger) : null;
  const appMailer = mailer ?? createMailer({ db, smtp: Boolean(config.smtpUrl) });
  const auth = createAppAuth(
    config,
    authDb,
    redis,
    appMailer,
    {
      // A new password set from a mailed link: pending email changes are void (they were asked with
      // the old one), and the failed guesses at the old one are forgotten (issue #43).
      onPasswordReset: async (userId, email) => {
        await voidEmailChanges(db, userId);
        await clearPasswordFailures(rateLimiter, email);
      },
    },
    sessionCache?.readable,
  );

  const app = new Hono<AppEnv>();
  // Off without METRICS_TOKEN: then nothing is counted, and a request pays nothing for it.
  // The services besides the database and Redis that this instance is set up to use.
  const services = [
    ...(config.s3 ? (['storage'] as const) : []),
    ...(config.smtpUrl ? (['mail'] as const) : []),
  ];
  const metrics = config.metricsToken
    ? createAppMetrics({ database, redis, dependencies: dependencyHealth, used: services })
    : null;
  if (metrics) app.use(requestMetrics(metrics));
  app.use(resolveClientAddress(config.trustProxy));
  app.use(requestLogging(logger));
  // Security headers are not middleware: the node server writes them (appSecurityHeaders, below).
  app.onError(createErrorHandler(dependencyHealth));
  app.use(sameSiteWrites(trustedOriginsFor(config.publicUrl, config.isProduction)));
  app.use(requestTextGuard());
  if (config.env === 'test') {
    app.use('/api/*', async (c, next) => {
      c.set('checkAnswers', true);
      await next();
    });
  }

  app.use('/api/*', async (c, next) => {
    await next();
    // API answers are per user and per moment: never stored by shared caches unless a route says so.
    // On the answer's own headers: c.header() after next() would rebuild the answer (request-logging.ts).
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use('/api/*', async (c, next) => {
    await next();
    // A write may have changed who a session belongs to (a profile made, a suspension, a sign-out):
    // it is answered once this instance has heard of it, so the next read here is never answered
    // from what the write replaced. Other instances hear it within the same few milliseconds.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await viewers.settle();
  });
  app.use('/api/*', async (c, next) => {
    await next();
    // An answer that is not a 5xx: a database that was failing may be back (once nothing has failed
    // for a while: dependency-health.ts). Health judges the database itself.
    if (c.res.status < 500 && c.req.path !== '/api/health') dependencyHealth.succeeded('database');
  });
  app.route('/api/health', healthRoutes(database, redis, dependencyHealth, services));
  app.route('/metrics', metricsRoutes(config.metricsToken, metrics));
  app.route('/api/auth', authRoutes({ auth, rateLimiter, allowedEmailDomains: config.allowedEmailDomains }));
  app.route('/api/session', sessionRoutes({ auth, db: authDb, storage, rateLimiter }));
  const profileDeps = {
    auth,
    db,
    authDb,
    viewers,
    storage,
    rateLimiter,
    allowedEmailDomains: config.allowedEmailDomains,
    textChecker,
    // A like of another's post may have made the author's notification unread again (live.ts).
    announceNotification: (userId: string) => notificationStreams.announce(userId),
  };
  app.route('/api/profiles', profileRoutes(profileDeps));
  app.route('/api/profiles', profilePostRoutes(profileDeps));
  app.route('/api/posts', postRoutes(profileDeps));
  app.route('/api/posts', replyRoutes(profileDeps));
  app.route('/api/posts', postModerationRoutes(profileDeps));
  app.route('/api/reports', reportRoutes(profileDeps));
  app.route('/api/search', searchRoutes(profileDeps));
  app.route('/api/classes', yearbookRoutes(profileDeps));
  app.route('/api/profiles', profileSignatureRoutes(profileDeps));
  app.route('/api/signatures', signatureRoutes(profileDeps));
  app.route('/api/classes', classSuperlativeRoutes(profileDeps));
  app.route('/api/profiles', profileSuperlativeRoutes(profileDeps));
  app.route('/api/superlatives', superlativeRoundRoutes(profileDeps));
  app.route('/api/superlative-categories', superlativeCategoryRoutes(profileDeps));
  const bookDeps = { ...profileDeps, books };
  app.route('/api/me', myBookRoutes(bookDeps));
  app.route('/api/books', bookJobRoutes(bookDeps));
  app.route('/api/classes', classBookRoutes(bookDeps));
  app.route('/api/posts', classBookSwitchRoutes(bookDeps));
  app.route('/api/asklines', asklineRoutes(profileDeps));
  app.route('/api/safety', safetyRoutes(profileDeps));
  app.route('/api/held-posts', heldPostRoutes(profileDeps));
  app.route('/api/posts', removalRoutes(profileDeps));
  app.route('/api/appeals', appealRoutes(profileDeps));
  app.route('/api/usernames', usernameRoutes(profileDeps));
  app.route('/api/controls', personalControlRoutes(profileDeps));
  app.route(
    '/api/notifications',
    notificationRoutes({
      ...profileDeps,
      streams: notificationStreams,
      secret: appSecret(config),
      logger,
    }),
  );
  app.route('/api/push', pushRoutes({ ...profileDeps, push }));
  const origin = new URL(config.publicUrl).origin;
  app.route(
    '/api/account',
    accountRoutes({
      ...profileDeps,
      endSessions: sessionEnder(auth),
      endSessionsByToken: sessionTokenEnder(auth),
      forgetTokens: tokenForgetter(auth),
      refreshSessions: sessionRefresher(auth),
      mailer: appMailer,
      publicUrl: config.publicUrl,
      origin,
      allowedEmailDomains: config.allowedEmailDomains,
      dependencies: dependencyHealth,
    }),
  );
  app.use('/api/admin/*', loadViewer({ auth, db, authDb, viewers }));
  app.route('/api/admin/users', adminUserRoutes({ db, auth }));
  app.route('/api/admin/moderation-log', moderationLogRoutes(db));
  app.route('/api/admin/sealed-suspensions', sealedSuspensionRoutes(db));
  app.route('/api/admin/notice', adminNoticeRoutes(db));
  app.route('/api/admin/notifications', adminNotificationRoutes(db, broadcasts));
  app.route('/api/admin/word-lists', adminWordListRoutes({ db, textChecker }));
  app.route('/api/notice', noticeRoutes(db));
  app.route('/api/transparency', transparencyRoutes(db));
  const shareDeps = { db, storage, rateLimiter, origin };
  app.route('/api/oembed', oembedRoutes(shareDeps));
  if (!config.isProduction) {
    app.route('/api/dev', devApiRoutes(db));
    app.route(MAILBOX_PATH, devMailboxPage(db));
  }
  // Accounts and sessions for test fixtures: under NODE_ENV=test and nowhere else.
  if (config.env === 'test') app.route('/api/test', testingRoutes({ db, auth }));

  app.route(
    '/api/docs',
    apiDocsRoutes(() => app),
  );
  const uploads = describeRoute({
    summary: 'Uploaded pictures, when they are kept in DATA_DIR (with S3 they are served by the bucket)',
    tag: 'pictures',
    access: 'anyone',
    answer: 'image/*',
  });
  app.get(`${UPLOADS_PATH}/*`, uploads.doc, serveUploads(storage));
  app.route('/', shareRoutes(shareDeps));
  // Pages rendered on the server ask for their data through the app itself (http/page-renderer.ts).
  const pageRenderer: Promise<PageRenderer | null> = ssrEntry
    ? loadPageRenderer({
        ssrEntry,
        webRoot,
        googleSignIn: config.google !== null,
        grievanceOfficer: config.grievanceOfficer,
        dispatch: async (request, c) => app.fetch(request, c.env),
      })
    : Promise.resolve(null);
  // Known at start-up: a build whose renderer cannot load is logged once, and pages are served unrendered.
  pageRenderer.catch((error: unknown) => logger.error({ err: error }, 'the page renderer could not load'));
  app.use(
    serveWebApp(
      loadWebApp(webRoot, {
        googleSignIn: config.google !== null,
        grievanceOfficer: config.grievanceOfficer,
      }),
      createSharePageHeads(shareDeps),
      pageRenderer.catch(() => null),
    ),
  );
  app.notFound(handleNotFound);
  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * The headers every answer of these settings carries, written by the node server that serves the app
 * (`securedServerResponse` in http/security-headers.ts): main.ts and the test server.
 */
export function appSecurityHeaders(config: Config): HeaderList {
  return securityHeaderList({
    https: config.publicUrl.startsWith('https://'),
    pictureOrigin: config.s3?.publicUrl ? new URL(config.s3.publicUrl).origin : undefined,
  });
}

/**
 * The better-auth instance of these settings (the admin command line makes the same one). Without a
 * mailer of the caller's, mail is queued for whichever instance's worker looks next.
 * `sessionCacheReadable`: whether sessions may be read from Redis now (redis-session-storage.ts).
 */
export function createAppAuth(
  config: Config,
  db: Database['db'],
  redis: Redis | null,
  mailer: Mailer = createMailer({ db, smtp: Boolean(config.smtpUrl) }),
  hooks: Pick<AuthOptions, 'onPasswordReset'> = {},
  sessionCacheReadable?: () => boolean,
) {
  return createAuth({
    ...hooks,
    db,
    mailer,
    publicUrl: config.publicUrl,
    secret: appSecret(config),
    isProduction: config.isProduction,
    adminEmails: config.adminEmails,
    allowedEmailDomains: config.allowedEmailDomains,
    google: config.google,
    secondaryStorage: redis ? createRedisSessionStorage(redis, sessionCacheReadable) : undefined,
    testing: config.env === 'test',
  });
}

/** The server's secret: sessions, and the signed links it mails. */
function appSecret(config: Config): string {
  if (!config.authSecret) throw new Error('the app needs config.authSecret (main.ts resolves one)');
  return config.authSecret;
}

/** The storage of these settings; a bucket's outages are told to `dependencies` as 'storage'. */
export function createStorage(config: Config, dependencies?: DependencyHealth): ObjectStorage {
  return config.s3
    ? createS3Storage(config.s3, dependencies)
    : createFileStorage(path.join(config.dataDir, 'uploads'));
}

/**
 * Rate-limit counters every instance shares once several may run: Redis when there is one (while it
 * is away: memory for windows, the database for password guesses); with DATABASE_URL but no Redis,
 * PostgreSQL; process memory only in embedded mode (one process).
 */
function createRateLimiter(config: Config, db: Db, redis: Redis | null): RateLimiter {
  if (redis) {
    const postgres = createPostgresRateLimiter(db);
    return createRedisRateLimiterWithFallback(redis, {
      windows: createMemoryRateLimiter(),
      passwordFailures: postgres.passwordFailures as NonNullable<RateLimiter['passwordFailures']>,
    });
  }
  if (config.databaseUrl) return createPostgresRateLimiter(db);
  return createMemoryRateLimiter();
}
