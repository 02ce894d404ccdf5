// Knows whether the web build is older than what it is built from, and builds it: the browser's app
// (dist/web) and the server's renderer of its pages (dist/ssr, from src/web/entry-server.tsx).
// `node scripts/web-build.mjs [vite options]` builds both (npm run build).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT_MARKER = path.join(ROOT, 'dist/web/index.html');
export const SSR_ENTRY = path.join(ROOT, 'dist/ssr/entry-server.js');
// scripts/ holds the build's own plugins (icon sprite, installable app's files, chunk groups).
const INPUTS = ['src/web', 'src/shared', 'scripts', 'vite.config.ts', 'package-lock.json'];

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
  if (!built || !fs.existsSync(SSR_ENTRY)) return 'the web app has not been built yet';
  const newest = Math.max(...INPUTS.map((input) => newestMtime(path.join(ROOT, input))));
  return newest > built.mtimeMs ? 'the web app changed since it was last built' : null;
}

const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

export function buildWebApp(viteOptions = []) {
  const builds = [
    ['build', ...viteOptions],
    // The renderer: the same sources for Node, packages left to node_modules; written after the
    // browser's build, whose manifest the server reads to name each page's chunks.
    ['build', '--ssr', 'entry-server.tsx', '--outDir', '../../dist/ssr', ...viteOptions],
  ];
  for (const args of builds) {
    const result = spawnSync(process.execPath, [VITE, ...args], {
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
  precompressWebBuild();
}

/**
 * The gzip and brotli forms of the browser build's text files, made once here instead of at every
 * server start (about 2 s of CPU a start: the test suite starts dozens of servers). Each is named by
 * the SHA-1 of the file it compresses (the server's ETag), in a folder the server does not serve
 * (src/server/http/web-app.ts, PRECOMPRESSED_DIR): a file changed after the build (the e2e test of
 * the update prompt edits a copy's sw.js) finds no form of its own and is compressed at start.
 */
export function precompressWebBuild(webRoot = path.join(ROOT, 'dist/web')) {
  const target = path.join(webRoot, '.precompressed');
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target);
  for (const entry of fs.readdirSync(webRoot, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    if (
      path
        .relative(webRoot, absolute)
        .split(path.sep)
        .some((segment) => segment.startsWith('.'))
    )
      continue;
    if (!COMPRESSIBLE.has(path.extname(entry.name).toLowerCase())) continue;
    const body = fs.readFileSync(absolute);
    if (body.length <= 512) continue;
    const name = createHash('sha1').update(body).digest('base64url');
    fs.writeFileSync(path.join(target, `${name}.gz`), gzipSync(body, { level: 9 }));
    fs.writeFileSync(
      path.join(target, `${name}.br`),
      brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/** What the server compresses (src/server/http/web-app.ts, COMPRESSIBLE). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.txt', '.svg']);

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  buildWebApp(process.argv.slice(2));
}
