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
import { runAdmin } from '../src/server/admin-cli';

process.exitCode = await runAdmin(process.argv.slice(2), process.env, console.log, console.error);
