// npm run backup -- <file>: a consistent backup of embedded mode's database, pictures and secret, taken
// while the server runs (or not). src/server/backup-cli.ts.
import { runBackup } from '../src/server/backup-cli';

process.exitCode = await runBackup(process.argv.slice(2), process.env, console.log, console.error);
