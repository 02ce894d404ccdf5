import path from 'node:path';
// Entry point: config -> Redis -> lock -> database -> migrations -> app -> listen; graceful shutdown.
// Only what the start-up checks need is loaded before them: a refused start (a bad setting, no Redis,
// a held data directory) answers in a fraction of a second instead of after loading the whole server.
import { loadOrCreateAuthSecret } from './auth/auth-secret';
import { ConfigError, loadConfig } from './config';
import { loadOrCreateVapidKeys } from './features/push/vapid-keys';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './platform/data-dir-lock';
import { createLogger } from './platform/logger';
import { connectRedis } from './platform/redis';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const loaded = loadConfig(process.env);
  const config = {
    ...loaded,
    authSecret: loaded.authSecret ?? loadOrCreateAuthSecret(loaded.dataDir),
    // Embedded mode makes its own VAPID pair on first start; with DATABASE_URL the settings give it
    // (every instance the same), or push is off.
    vapidKeys: loaded.vapidKeys ?? (loaded.databaseUrl ? null : loadOrCreateVapidKeys(loaded.dataDir)),
  };
  const logger = createLogger(config);
  // First, so a Redis that does not answer stops start-up before anything is locked or migrated.
  const redis = config.redis ? await connectRedis(config.redis, logger) : null;
  // The lock guards the embedded database; with DATABASE_URL any number of instances may run.
  const lock: DataDirLock | null = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);

  // The rest of the server, now that it will start.
  const [
    { serve },
    { appSecurityHeaders, createApp, createStorage },
    { openDatabase },
    { applyMigrations },
    { MAILBOX_PATH },
    { startBroadcasts },
    { startPush },
    { startDigests },
    { listeningNotificationStreams },
    { rekeyLegacyPictures },
    { fillMatchText },
    { fillAuthorClass },
    { closeSharedPreviewRenderer },
    { securedServerResponse },
    { createDependencyHealth },
    { startMailDelivery },
    { startObjectRemovals },
    { startBookMaker },
  ] = await Promise.all([
    import('@hono/node-server'),
    import('./app'),
    import('./db/client'),
    import('./db/migrate'),
    import('./features/dev/routes'),
    import('./features/notifications/broadcasts'),
    import('./features/push/push-service'),
    import('./features/notifications/digest'),
    import('./features/notifications/live'),
    import('./features/profiles/rekey-legacy-pictures'),
    import('./features/posts/fill-match-text'),
    import('./features/posts/fill-author-class'),
    import('./features/share/render-pool'),
    import('./http/security-headers'),
    import('./platform/dependency-health'),
    import('./platform/mail'),
    import('./platform/object-removals'),
    import('./features/book'),
  ]);

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { engine: 'postgres', url: config.databaseUrl, timeouts: config.databaseTimeouts }
        : { engine: 'embedded', dataDir: config.dataDir, timeouts: config.databaseTimeouts },
    );
  } catch (error) {
    // Nothing runs yet: the data directory is free for the next start at once.
    lock?.release();
    await redis?.close();
    throw error;
  }
  await applyMigrations(database);
  // One record of the services' outages (logged once each, counted for health and the metrics), fed
  // by the requests, the bucket's calls and the mail worker alike.
  const dependencyHealth = createDependencyHealth({ logger });
  const storage = createStorage(config, dependencyHealth);
  // Pictures under legacy keys (which named their owner) move to random keys: in the background, and
  // a failure only waits for the next start.
  void rekeyLegacyPictures({ db: database.db, storage, logger }).catch((err: unknown) =>
    logger.error({ err }, 'could not move legacy profile pictures; the next start tries again'),
  );

  // Posts from before muted words (migration 0021) get the form muted words match: in the background.
  void fillMatchText({ db: database.db, logger }).catch((err: unknown) =>
    logger.error({ err }, 'could not fill the muted-word form of older posts; the next start tries again'),
  );
  // Named posts from before the feed's tabs (migration 0027) get their author's campus and class.
  void fillAuthorClass({ db: database.db, logger }).catch((err: unknown) =>
    logger.error({ err }, 'could not fill the campus and class of older posts; the next start tries again'),
  );

  // Pictures let go of (an account deleted) and not yet removed: now, then every few minutes.
  const removals = startObjectRemovals({ db: database.db, storage, logger });
  const mail = startMailDelivery({
    db: database.db,
    smtpUrl: config.smtpUrl,
    smtpTimeoutMs: config.smtpTimeoutMs,
    from: config.mailFrom,
    logger,
    dependencies: dependencyHealth,
  });

  // Digests of notifications for those who asked for them: now, then every ten minutes.
  const digests = startDigests({
    db: database.db,
    mailer: mail.mailer,
    publicUrl: config.publicUrl,
    logger,
  });
  const notificationStreams = listeningNotificationStreams(database, logger);
  // The admins' notices to every member, handed out in the background.
  const broadcasts = startBroadcasts({ db: database.db, logger });
  // Web push: the pushes owed as notifications change, sent in the background (off without keys).
  const push = startPush({ config, database, logger });

  // The yearbook's PDFs asked for (issue #52): made one at a time, in the background; expired ones removed.
  const books = startBookMaker({
    db: database.db,
    storage,
    logger,
    announceNotification: (userId) => notificationStreams.announce(userId),
  });

  const app = createApp({
    config,
    logger,
    database,
    redis,
    storage,
    books,
    mailer: mail.mailer,
    notificationStreams,
    broadcasts,
    push,
    dependencyHealth,
    ...(config.webBuildDir && {
      webRoot: path.join(config.webBuildDir, 'web'),
      ssrEntry: path.join(config.webBuildDir, 'ssr/entry-server.js'),
    }),
  });
  const headers = appSecurityHeaders(config);
  const serverOptions = { ServerResponse: securedServerResponse(() => headers) };
  const server = serve(
    { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions },
    (info) => {
      // PORT=0 picks a free port: say the one picked.
      const address = config.port === 0 ? withPort(config.publicUrl, info.port) : config.publicUrl;
      logger.info(
        {
          port: info.port,
          host: config.host ?? 'all interfaces',
          engine: database.engine,
          dataDir: lock ? config.dataDir : undefined,
          redis: redis !== null,
          storage: config.s3 ? 's3' : 'files',
          mail: config.smtpUrl ? 'smtp' : 'outbox',
          push: push.publicKey ? 'on' : 'off',
        },
        `Campus Yearbook is running on ${address}`,
      );
      if (!push.publicKey) {
        logger.warn(
          'Push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (one pair for every instance: `npx web-push generate-vapid-keys`) to turn them on.',
        );
      }
      if (!config.smtpUrl && !config.isProduction) {
        logger.info(
          `No SMTP_URL: mail is kept, not sent. Read it at ${address}${MAILBOX_PATH} (from this machine only).`,
        );
      }
    },
  );
  server.on('error', (err) => {
    logger.fatal({ err }, 'the server could not listen');
    void stop(1);
  });

  let stopping = false;
  async function stop(exitCode: number) {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down');
    const forced = setTimeout(() => {
      logger.warn('open connections did not finish in time; closing anyway');
      process.exit(exitCode || 1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    // Open streams would hold the server open: they end, and browsers come back to another instance.
    notificationStreams.endAll();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeSharedPreviewRenderer();
    await digests.stop();
    await broadcasts.stop();
    await books.stop();
    await push.stop();
    await mail.stop();
    await removals.stop();
    dependencyHealth.close();
    await database.close();
    await redis?.close();
    lock?.release();
    logger.info('stopped');
    process.exit(exitCode);
  }
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}

function withPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.origin;
}

main().catch((error: unknown) => {
  // Embedded mode's PostgreSQL could not start (db/embedded-postgres.ts): its message says what to do.
  // So could the kept VAPID keys (features/push/vapid-keys.ts).
  const told =
    error instanceof Error && (error.name === 'EmbeddedPostgresError' || error.name === 'VapidKeysError');
  if (error instanceof ConfigError || error instanceof DataDirLockedError || told) {
    console.error(`Campus Yearbook cannot start.\n${(error as Error).message}`);
  } else {
    console.error('Campus Yearbook failed to start:', error);
  }
  process.exit(1);
});
