// npm run admin -- <command> (scripts/admin.ts runs this): account administration from the shell,
// with the same use cases as the admin page. Works against PostgreSQL (DATABASE_URL), or the embedded
// database when no server holds its DATA_DIR (PGlite allows one process at a time; the lock says so).
//
//   npm run admin -- role <username|email> <admin|moderator|ordinary>
//   npm run admin -- suspend <username|email>
//   npm run admin -- restore <username|email>
//   npm run admin -- delete-account <username|email> --yes   (on the person's request: for good)
//   npm run admin -- notice show|hide
//   npm run admin -- notice set --title <text> [--badge <text>] [--paragraph <text>]... [--hide]
import { parseArgs } from 'node:util';
import { type Notice, updateNoticeRequestSchema } from '../shared/notices';
import { USER_TYPES, type UserType } from '../shared/roles';
import { AppError } from './app-error';
import { loadOrCreateAuthSecret } from './auth/auth-secret';
import { ConfigError, loadConfig } from './config';
import { acquireDataDirLock, DataDirLockedError } from './platform/data-dir-lock';

// The server's modules load once a command is known to run: a usage error or a held data directory
// answers at once.
const serverModules = () =>
  Promise.all([
    import('./app'),
    import('./auth/auth'),
    import('./db/client'),
    import('./db/migrate'),
    import('./platform/redis'),
  ]);
const commands = () =>
  Promise.all([
    import('./features/account/delete-account'),
    import('./features/admin-users/find-account'),
    import('./features/admin-users/set-suspension'),
    import('./features/admin-users/set-user-role'),
  ]);

const USAGE = `Usage:
  npm run admin -- role <username|email> <${USER_TYPES.join('|')}>
  npm run admin -- suspend <username|email>
  npm run admin -- restore <username|email>
  npm run admin -- delete-account <username|email> --yes
  npm run admin -- notice show|hide
  npm run admin -- notice set --title <text> [--badge <text>] [--paragraph <text>]... [--hide]`;

/** The notice an admin asked for, checked by the same rules as the admin page's form. */
function noticeFromArguments(current: Notice, args: string[]) {
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

/** A refusal: its message is printed and the command exits with 1. */
class AdminCommandError extends Error {}

function fail(message: string): never {
  throw new AdminCommandError(message);
}

/**
 * The database, opened as the server would (and locked, in embedded mode), with migrations applied,
 * and the session store of these settings: suspending must end sessions cached in Redis too.
 */
async function openForAdmin(env: NodeJS.ProcessEnv) {
  const loaded = loadConfig(env);
  const lock = loaded.databaseUrl ? null : acquireDataDirLock(loaded.dataDir);
  try {
    const config = { ...loaded, authSecret: loaded.authSecret ?? loadOrCreateAuthSecret(loaded.dataDir) };
    const [
      { createAppAuth, createStorage },
      { sessionEnder, tokenForgetter },
      { openDatabase },
      { applyMigrations },
      { connectRedis },
    ] = await serverModules();
    const database = await openDatabase(
      config.databaseUrl
        ? // An admin at a shell waits for what they asked (deleting a prolific account); lock waits
          // still give up, so the site's requests do not queue behind the command's.
          {
            engine: 'postgres',
            url: config.databaseUrl,
            timeouts: { ...config.databaseTimeouts, statementTimeoutMs: 0 },
          }
        : {
            engine: 'embedded',
            dataDir: config.dataDir,
            timeouts: { ...config.databaseTimeouts, statementTimeoutMs: 0 },
          },
    );
    let redis: Awaited<ReturnType<typeof connectRedis>> | null = null;
    try {
      await applyMigrations(database);
      redis = config.redis ? await connectRedis(config.redis) : null;
    } catch (error) {
      await database.close();
      throw error;
    }
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
  } catch (error) {
    // Nothing was done: the next command (or the server) may take the directory.
    lock?.release();
    throw error;
  }
}

async function run(args: string[], env: NodeJS.ProcessEnv, print: (line: string) => void) {
  const [command, account, value] = args;
  if (!command || !account) fail(USAGE);
  if (command === 'notice') return runNoticeCommand(args.slice(1), env, print);
  if (command === 'role' && !USER_TYPES.includes(value as UserType)) fail(USAGE);
  if (!['role', 'suspend', 'restore', 'delete-account'].includes(command)) fail(USAGE);
  if (command === 'delete-account' && value !== '--yes') {
    fail(`This deletes the account and everything in it, for good. Add --yes to go on.\n${USAGE}`);
  }

  const { db, storage, endSessions, forgetTokens, close } = await openForAdmin(env);
  try {
    const [{ deleteAccount }, { findAccount }, { setSuspension }, { setUserRole }] = await commands();
    if (command === 'delete-account') {
      // What the person does at /profile/account, for one who cannot (a suspended account) and asks.
      const target = await findAccount(db, account);
      await deleteAccount({ db, storage, endSessions, forgetTokens, userId: target.userId });
      print(`@${target.username} and everything in the account have been deleted.`);
    } else if (command === 'role') {
      const user = await setUserRole({ db, account, userType: value as UserType });
      print(
        `@${user.username} is now ${user.userType === 'ordinary' ? 'an ordinary user' : `a ${user.userType}`}.`,
      );
    } else {
      const user = await setSuspension({ db, account, suspended: command === 'suspend', endSessions });
      print(`@${user.username} is ${user.suspended ? 'suspended: their sessions have ended' : 'restored'}.`);
    }
  } finally {
    await close();
  }
}

async function runNoticeCommand(args: string[], env: NodeJS.ProcessEnv, print: (line: string) => void) {
  const { db, close } = await openForAdmin(env);
  try {
    const { getNotice, saveNotice } = await import('./features/notices/notice');
    const parsed = noticeFromArguments(await getNotice(db), args);
    if (!parsed.success) fail(parsed.error.issues[0]?.message ?? USAGE);
    const notice = await saveNotice(db, parsed.data);
    print(notice.show ? `The notice "${notice.title}" is shown on the dashboard.` : 'The notice is hidden.');
  } finally {
    await close();
  }
}

/**
 * Runs one admin command (the words after `npm run admin --`) with these settings, printing what it
 * did through `print` and a refusal through `printError`; resolves with the exit code. The test suite
 * calls it in-process; scripts/admin.ts is the command line around it.
 */
export async function runAdmin(
  args: string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
  printError: (line: string) => void,
): Promise<number> {
  try {
    await run(args, env, print);
    return 0;
  } catch (error) {
    if (error instanceof AdminCommandError) {
      printError(error.message);
    } else if (error instanceof DataDirLockedError) {
      printError(`${error.message}\nThe admin page (/admin/users) does the same while the server runs.`);
    } else if (error instanceof ConfigError || error instanceof AppError) {
      printError(error.message);
    } else {
      printError(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    return 1;
  }
}
