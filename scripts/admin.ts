// npm run admin -- <command>: account administration from the shell, with the same use cases as the
// admin page. Works against PostgreSQL (DATABASE_URL), or the embedded database when no server holds
// its DATA_DIR (PGlite allows one process at a time; the lock says so).
//
//   npm run admin -- role <username|email> <admin|moderator|ordinary>
//   npm run admin -- suspend <username|email>
//   npm run admin -- restore <username|email>
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { applyMigrations } from '../src/server/db/migrate';
import { setSuspension } from '../src/server/features/admin-users/set-suspension';
import { setUserRole } from '../src/server/features/admin-users/set-user-role';
import { AppError } from '../src/server/http/app-error';
import { acquireDataDirLock, DataDirLockedError } from '../src/server/platform/data-dir-lock';
import { USER_TYPES, type UserType } from '../src/shared/roles';

const USAGE = `Usage:
  npm run admin -- role <username|email> <${USER_TYPES.join('|')}>
  npm run admin -- suspend <username|email>
  npm run admin -- restore <username|email>`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const [command, account, value] = process.argv.slice(2);
  if (!command || !account) fail(USAGE);
  if (command === 'role' && !USER_TYPES.includes(value as UserType)) fail(USAGE);
  if (!['role', 'suspend', 'restore'].includes(command)) fail(USAGE);

  const config = loadConfig(process.env);
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl }
      : { engine: 'pglite', dataDir: config.dataDir },
  );
  try {
    await applyMigrations(database);
    const db = database.db;
    if (command === 'role') {
      const user = await setUserRole({ db, account, userType: value as UserType });
      console.log(
        `@${user.username} is now ${user.userType === 'ordinary' ? 'an ordinary user' : `a ${user.userType}`}.`,
      );
    } else {
      const user = await setSuspension({ db, account, suspended: command === 'suspend' });
      console.log(
        `@${user.username} is ${user.suspended ? 'suspended: their sessions have ended' : 'restored'}.`,
      );
    }
  } finally {
    await database.close();
    lock?.release();
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
