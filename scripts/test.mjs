// npm test: everything CI runs, stopping at the first failing stage: lint, types and the web build (at once),
// unit + integration tests (vitest, real server and database), then e2e in Chromium (Playwright).
// Ends with one line "N passed, N failed" counting every test that ran.
// `npm test -- --postgres` runs again what can differ between the database engines (the server tests
// tagged `engine`; with `--all`, every server test) against the PostgreSQL server of TEST_DATABASE_URL
// and the Redis of TEST_REDIS_URL (default: the local ones); each test file makes its own database and
// writes Redis keys under a prefix of its own.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { timeReport } from './test-report.mjs';
import { ROOT } from './web-build.mjs';

const RESULTS = path.join(ROOT, 'test-results');
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

/**
 * The browser for the e2e tests: CHROMIUM_PATH, else Chromium's headless shell (Debian's
 * chromium-headless-shell, the "old headless" Playwright itself runs headless tests in: the same
 * Blink and V8 without the full browser around them, about a third less CPU a test; decision 037),
 * else the full Chromium. Where no headless shell is found and this runs as root with apt-get, it
 * installs Debian's package (and Chromium's with it where neither is there); it never downloads one.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

function findChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (isExecutable(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    fail(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but no executable is there.`);
  }
  if (isExecutable(HEADLESS_SHELL)) return HEADLESS_SHELL;
  const canInstall = process.getuid?.() === 0 && isExecutable('/usr/bin/apt-get');
  if (!canInstall) {
    if (isExecutable(FULL_CHROMIUM)) {
      console.log(
        'Browser tests in the full Chromium. Debian\'s "chromium-headless-shell" package runs them in about ' +
          'two thirds of the time (sudo apt-get install chromium-headless-shell).',
      );
      return FULL_CHROMIUM;
    }
    fail(
      'The e2e tests need Chromium and none was found. Install Debian\'s "chromium-headless-shell" (or ' +
        '"chromium") package (sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH to a ' +
        'Chromium or Chrome binary.',
    );
  }
  console.log(
    'Chromium\'s headless shell not found: installing Debian\'s "chromium-headless-shell" with apt-get.',
  );
  const install = (title, args) =>
    step(title, 'apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  // A package list too old to know the package: update it once and try again.
  const first = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (first.status !== 0) {
    install('apt-get update', ['update', '-qq']);
    install('install chromium-headless-shell', ['install', '-y', '-qq', 'chromium-headless-shell']);
  }
  if (isExecutable(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (isExecutable(FULL_CHROMIUM)) return FULL_CHROMIUM;
  fail(`apt-get finished but ${HEADLESS_SHELL} is still missing.`);
}

/**
 * poppler-utils, which the book's tests read PDFs with (pdfinfo, pdftotext, pdffonts, pdfimages;
 * tests/support/pdf.ts, decision 041): installed with apt-get where this runs as root, else a clear
 * message before any test runs.
 */
function ensurePoppler() {
  const found = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' });
  if (!found.error) return;
  if (!(process.getuid?.() === 0 && isExecutable('/usr/bin/apt-get'))) {
    fail(
      'The PDF tests need poppler-utils (pdfinfo, pdftotext, pdffonts, pdfimages) and none was found. ' +
        'Install it: sudo apt-get install poppler-utils.',
    );
  }
  console.log('poppler-utils not found: installing it with apt-get.');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const first = spawnSync('apt-get', ['install', '-y', '-qq', 'poppler-utils'], { stdio: 'inherit', env });
  if (first.status !== 0) {
    step('apt-get update', 'apt-get', ['update', '-qq'], { env });
    step('install poppler-utils', 'apt-get', ['install', '-y', '-qq', 'poppler-utils'], { env });
  }
}

/**
 * The full Chromium, for the one spec the headless shell cannot run: web push (tests/e2e/push.spec.ts),
 * whose service worker must show notifications, which the shell refuses for every site whatever it is
 * granted. FULL_CHROMIUM_PATH, else Debian's, installed with apt-get where it is missing and this runs
 * as root; null (the spec then says what it needs) where it cannot be had.
 */
function findFullChromium() {
  const wanted = process.env.FULL_CHROMIUM_PATH ?? FULL_CHROMIUM;
  if (isExecutable(wanted)) return wanted;
  if (process.getuid?.() !== 0 || !isExecutable('/usr/bin/apt-get')) return null;
  console.log(
    'The full Chromium not found (the web push spec needs it): installing Debian\'s "chromium" with apt-get.',
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const first = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (first.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  }
  return isExecutable(wanted) ? wanted : null;
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Each stage's wall time, for the report at the end. */
const stages = [];

function timed(title, started) {
  stages.push({ title, seconds: (Date.now() - started) / 1000 });
}

function step(title, command, args, { stage = title, ...options } = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  timed(stage, started);
  if (result.status !== 0) fail(`${title} failed.`, counts());
}

// Steps that do not depend on each other run at once; each one's output is printed whole when it ends,
// so the log reads as if they had run in turn. Every failure is reported, then the run stops.
async function parallelSteps(steps) {
  console.log(`\n▶ ${steps.map(([title]) => title).join(', ')} (in parallel)`);
  const groupStarted = Date.now();
  const results = await Promise.all(
    steps.map(
      ([title, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => {
            output += chunk;
          });
          child.stderr.on('data', (chunk) => {
            output += chunk;
          });
          child.on('error', (error) => resolve({ title, status: 1, output: `${output}${error.message}\n` }));
          child.on('close', (status) =>
            resolve({ title, status, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
          );
        }),
    ),
  );
  timed('checks and build', groupStarted);
  for (const { title, status, output, seconds } of results) {
    console.log(`\n▶ ${title}: ${status === 0 ? 'passed' : 'FAILED'}${seconds ? ` in ${seconds} s` : ''}`);
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  }
  const failed = results.filter((result) => result.status !== 0).map((result) => result.title);
  if (failed.length > 0) fail(`${failed.join(', ')} failed.`, counts());
}

function fail(message, summary) {
  printTimeReport();
  console.error(`\n✖ ${message}`);
  if (summary) printSummary(summary, true);
  process.exit(1);
}

function printTimeReport() {
  const lines = timeReport({
    stages,
    vitest: readJson(path.join(RESULTS, 'vitest.json')),
    playwright: readJson(path.join(RESULTS, 'playwright.json')),
    root: ROOT.replace(/\/$/, ''),
  });
  console.log(lines.join('\n'));
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function counts() {
  const vitest = readJson(path.join(RESULTS, 'vitest.json'));
  const playwright = readJson(path.join(RESULTS, 'playwright.json'));
  const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
  const failed =
    (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
  const skipped =
    (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
  return { passed, failed, skipped };
}

function printSummary({ passed, failed, skipped }, forceFailure = false) {
  console.log(`\n${passed} passed, ${forceFailure && failed === 0 ? 1 : failed} failed, ${skipped} skipped`);
}

fs.rmSync(RESULTS, { recursive: true, force: true });
fs.mkdirSync(RESULTS, { recursive: true });
const vitestJson = [
  `--reporter=default`,
  '--reporter=json',
  `--outputFile.json=${path.join(RESULTS, 'vitest.json')}`,
];

ensurePoppler();

if (process.argv.includes('--postgres')) {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  console.log(`Database tests on PostgreSQL (${new URL(url).host}) and Redis (${new URL(redisUrl).host}).`);
  // What can differ between the engines (tests tagged `engine`: tests/support/engines.ts); every
  // server test with --all.
  const only = process.argv.includes('--all') ? [] : ['--tags-filter', 'engine'];
  step(
    `${only.length ? 'engine tests' : 'server and integration tests'} on PostgreSQL (vitest)`,
    bin('vitest'),
    ['run', '--project', 'server', ...only, ...vitestJson],
    {
      env: { ...process.env, TEST_DATABASE_URL: url, TEST_REDIS_URL: redisUrl },
      stage: 'vitest (PostgreSQL)',
    },
  );
  printTimeReport();
  const summary = counts();
  printSummary(summary);
  process.exit(summary.failed > 0 || summary.passed === 0 ? 1 : 0);
}

const chromium = findChromium();
const fullChromium = findFullChromium();

await parallelSteps([
  ['lint (biome)', bin('biome'), ['check', '.']],
  ['types (tsc --noEmit)', bin('tsc'), ['--noEmit']],
  ['service worker types (tsc)', bin('tsc'), ['--noEmit', '-p', 'src/web/sw']],
  ['web build (vite)', process.execPath, ['scripts/web-build.mjs', '--logLevel', 'warn']],
]);
step('unit and integration tests (vitest)', bin('vitest'), ['run', ...vitestJson], { stage: 'vitest' });

const e2eDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yearbook-e2e-'));
process.on('exit', () => fs.rmSync(e2eDataDir, { recursive: true, force: true }));
step('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'], {
  env: {
    ...process.env,
    CHROMIUM_PATH: chromium,
    ...(fullChromium && { FULL_CHROMIUM_PATH: fullChromium }),
    E2E_DATA_DIR: e2eDataDir,
  },
  stage: 'e2e',
});

printTimeReport();
const summary = counts();
printSummary(summary);
if (summary.failed > 0 || summary.passed === 0) process.exit(1);
