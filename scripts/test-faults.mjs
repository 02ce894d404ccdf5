// npm run test:faults: the fault suite (tests/faults, issue #46). Two app instances in production mode
// on a PostgreSQL, a Redis and an S3-compatible store of the suite's own processes, stopped and
// started again under load; a lock held on posts. Needs PostgreSQL's server programs (initdb, pg_ctl:
// Debian's postgresql package, or PG_BIN_DIR) and redis-server; builds the web app first if it is not
// built (the instances serve its pages). CI runs it in its PostgreSQL stage.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './web-build.mjs';

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!fs.existsSync(path.join(ROOT, 'dist/web/index.html'))) {
  console.log('▶ web build (vite): the instances serve its pages');
  run(process.execPath, ['scripts/web-build.mjs', '--logLevel', 'warn']);
}
console.log('▶ fault suite (vitest)');
run(bin('vitest'), ['run', '--config', 'vitest.faults.config.ts', ...process.argv.slice(2)]);
