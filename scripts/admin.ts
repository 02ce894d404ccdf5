// npm run admin -- <command>: account administration from the shell. The commands, and what they do,
// are src/server/admin-cli.ts.
import { runAdmin } from '../src/server/admin-cli';

process.exitCode = await runAdmin(process.argv.slice(2), process.env, console.log, console.error);
