// npm run admin -- <command>: account administration from the shell, with the same use cases as the
// admin page. Works against PostgreSQL (DATABASE_URL), or the embedded database when no server holds
// its DATA_DIR (PGlite allows one process at a time; the lock says so).
//
//   npm run admin -- role <username|email> <admin|moderator|ordinary>
//   npm run admin -- suspend <username|email>
//   npm run admin -- restore <username|email>
//   npm run admin -- delete-account <username|email> --yes   (on the person's request: for good)
//   npm run admin -- notice show|hide
//   npm run admin -- notice set --title <text> [--badge <text>] [--paragraph <text>]... [--hide]
import { parseArgs } from 'node:util';
import { createAppAuth, createStorage } from '../src/server/app';
import { sessionEnder, tokenForgetter } from '../src/server/auth/auth';
import { loadOrCreateAuthSecret } from '../src/server/auth/auth-secret';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { applyMigrations } from '../src/server/db/migrate';
import { deleteAccount } from '../src/server/features/account/delete-account';
import { findAccount } from '../src/server/features/admin-users/find-account';
import { setSuspension } from '../src/server/features/admin-users/set-suspension';
import { setUserRole } from '../src/server/features/admin-users/set-user-role';
import { getNotice, saveNotice } from '../src/server/features/notices/notice';
import { AppError } from '../src/server/http/app-error';
import { acquireDataDirLock, DataDirLockedError } from '../src/server/platform/data-dir-lock';
import { connectRedis } from '../src/server/platform/redis';
import { updateNoticeRequestSchema } from '../src/shared/notices';
import { USER_TYPES, type UserType } from '../src/shared/roles';

const USAGE = `Usage:
  npm run admin -- role <username|email> <${USER_TYPES.join('|')}>
  npm run admin -- suspend <username|email>
  npm run admin -- restore <username|email>
  npm run admin -- delete-account <username|email> --yes
  npm run admin -- notice show|hide
  npm run admin -- notice set --title <text> [--badge <text>] [--paragraph <text>]... [--hide]`;

/** The notice an admin asked for, checked by the same rules as the admin page's form. */
function noticeFromArguments(current: Awaited<ReturnType<typeof getNotice>>, args: string[]) {
  const [action, ...rest] = args;
  if (action === 'show' || action === 'hide') {
    if (rest.length > 0) fail(USAGE);
    return updateNoticeRequestSchema.safeParse({ ...current, show: action === 'show' });
  }
  if (action !== 'set') fail(USAGE);
  let values: { title?: string; badge?: string; paragraph?: string[]; hide?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        title: { type: 'string' },
        badge: { type: 'string' },
        paragraph: { type: 'string', multiple: true },
        hide: { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  return updateNoticeRequestSchema.safeParse({
    show: !values.hide,
    title: values.title ?? '',
    badge: values.badge ?? '',
    content: values.paragraph ?? [],
  });
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * The database, opened as the server would (and locked, in embedded mode), with migrations applied,
 * and the session store of these settings: suspending must end sessions cached in Redis too.
 */
async function openForAdmin() {
  const loaded = loadConfig(process.env);
  const lock = loaded.databaseUrl ? null : acquireDataDirLock(loaded.dataDir);
  const config = { ...loaded, authSecret: loaded.authSecret ?? loadOrCreateAuthSecret(loaded.dataDir) };
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl }
      : { engine: 'pglite', dataDir: config.dataDir },
  );
  await applyMigrations(database);
  const redis = config.redis ? await connectRedis(config.redis) : null;
  const auth = createAppAuth(config, database.db, redis);
  return {
    db: database.db,
    storage: createStorage(config),
    endSessions: sessionEnder(auth),
    forgetTokens: tokenForgetter(auth),
    async close() {
      await database.close();
      await redis?.close();
      lock?.release();
    },
  };
}

async function main() {
  const [command, account, value] = process.argv.slice(2);
  if (!command || !account) fail(USAGE);
  if (command === 'notice') return runNoticeCommand(process.argv.slice(3));
  if (command === 'role' && !USER_TYPES.includes(value as UserType)) fail(USAGE);
  if (!['role', 'suspend', 'restore', 'delete-account'].includes(command)) fail(USAGE);
  if (command === 'delete-account' && value !== '--yes') {
    fail(`This deletes the account and everything in it, for good. Add --yes to go on.\n${USAGE}`);
  }

  const { db, storage, endSessions, forgetTokens, close } = await openForAdmin();
  try {
    if (command === 'delete-account') {
      // What the person does at /profile/account, for one who cannot (a suspended account) and asks.
      const target = await findAccount(db, account);
      await deleteAccount({ db, storage, endSessions, forgetTokens, userId: target.userId });
      console.log(`@${target.username} and everything in the account have been deleted.`);
    } else if (command === 'role') {
      const user = await setUserRole({ db, account, userType: value as UserType });
      console.log(
        `@${user.username} is now ${user.userType === 'ordinary' ? 'an ordinary user' : `a ${user.userType}`}.`,
      );
    } else {
      const user = await setSuspension({ db, account, suspended: command === 'suspend', endSessions });
      console.log(
        `@${user.username} is ${user.suspended ? 'suspended: their sessions have ended' : 'restored'}.`,
      );
    }
  } finally {
    await close();
  }
}

async function runNoticeCommand(args: string[]) {
  const { db, close } = await openForAdmin();
  try {
    const parsed = noticeFromArguments(await getNotice(db), args);
    if (!parsed.success) fail(parsed.error.issues[0]?.message ?? USAGE);
    const notice = await saveNotice(db, parsed.data);
    console.log(
      notice.show ? `The notice "${notice.title}" is shown on the dashboard.` : 'The notice is hidden.',
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    fail(`${error.message}\nThe admin page (/admin/users) does the same while the server runs.`);
  }
  if (error instanceof ConfigError || error instanceof AppError) fail(error.message);
  console.error(error);
  process.exit(1);
});
