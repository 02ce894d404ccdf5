// Knows whether dist/web is older than what it is built from, and builds it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT_MARKER = path.join(ROOT, 'dist/web/index.html');
const INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why the web build must be (re)made, or null when it is up to date. */
export function webBuildStaleReason() {
  const built = fs.statSync(BUILT_MARKER, { throwIfNoEntry: false });
  if (!built) return 'the web app has not been built yet';
  const newest = Math.max(...INPUTS.map((input) => newestMtime(path.join(ROOT, input))));
  return newest > built.mtimeMs ? 'the web app changed since it was last built' : null;
}

export function buildWebApp() {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    // The server may run with NODE_ENV=test or development; the web app it serves is always the
    // production build (Vite would otherwise bundle React's development build).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The web build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
