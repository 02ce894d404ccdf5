// npm run restore -- <file>: a backup of `npm run backup` into an empty DATA_DIR. src/server/backup-cli.ts.
import { runRestore } from '../src/server/backup-cli';

process.exitCode = await runRestore(process.argv.slice(2), process.env, console.log, console.error);
