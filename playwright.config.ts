import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { machineFactor, scaled } from './tests/support/machine-factor';

// The e2e suite runs the real app as `npm start` does (building it when stale) on a free port with a
// fresh DATA_DIR, and drives it in the system Chromium: browsers are never downloaded.
// Workers load this file again; the values are set once in the main process and inherited via env.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
if (!process.env.E2E_DATA_DIR) {
  // Made here (a bare `npm run test:e2e`): removed when the runner exits, after the server has stopped.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yearbook-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

if (!process.env.TEST_MACHINE_FACTOR) {
  // Measured once, in the main process; workers inherit it.
  console.log(`playwright: time limits × ${machineFactor()} (machine factor; TEST_MACHINE_FACTOR pins it)`);
}

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// `npm test` says which browser (scripts/test.mjs); a bare `npx playwright test` takes Chromium's headless
// shell where Debian's chromium-headless-shell is installed, else the full Chromium (decision 037).
const browserPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // One migrated data directory for the seeded servers to copy.
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Written for a quiet 2-core machine, stretched by how busy this one is (tests/support/machine-factor.ts).
  timeout: scaled(45_000),
  expect: { timeout: scaled(7_000) },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // No trace: recording one for every test (DOM snapshots at each action, kept only on failure) cost
    // a sixth of the run's CPU, browser and runner (decision 037). A failure keeps its screenshot and
    // the page's accessibility snapshot (error-context.md); `--trace on` records traces when needed.
    trace: 'off',
    // The app's service worker is tried in offline.spec.ts; elsewhere pages talk to the server
    // directly, as they did before it (and as page.route sees them).
    serviceWorkers: 'block',
    // No animation runs unless a test asks for one (the particle background's test does): a page
    // animating at 60 frames a second kept the browser compositing the whole time it was open, a
    // fifth of the run's CPU on the landing page's specs (75 s -> 58 s).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: browserPath,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
      // Screens checked at phone width only (PHONE_ONLY in fixtures.ts): the flows visit them here.
      grepInvert: /@phone-only/,
    },
    {
      name: 'mobile',
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // Only the tests of a screen's phone layout (tagged PHONE in fixtures.ts): every screen is
      // visited at 390 px, while rules and flows, which do not change with the width, run once.
      grep: /@phone/,
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: scaled(180_000),
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      PUBLIC_URL: baseURL,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Shown on /contact and /terms (issue #47): public-pages.spec.ts reads them there.
      GRIEVANCE_OFFICER_NAME: 'Dr. Meena Raghavan',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@campusyearbook.app',
      GRIEVANCE_OFFICER_ADDRESS: 'Campus Yearbook, Block A, Vandalur-Kelambakkam Road, Chennai 600127',
    },
  },
});
