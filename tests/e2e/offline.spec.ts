// The app offline (issue #29): its service worker (src/web/sw/sw.ts) keeps the build's files and the
// app's shell; offline, the dashboard, a profile and a post open from the app's saved copy with a
// notice, a write is refused with a reason, and after sign-out no cache holds anything of the
// account. Only this spec lets the worker run (playwright.config.ts blocks it elsewhere).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { PROJECT_ROOT } from '../support/server-process';
import { expect, expectNoSeriousA11yViolations, signedInAccount, test } from './fixtures';
import { mailedLink, uniqueEmail } from './support/mailbox';
import { expectSavedInCache } from './support/saved-cache';
import { SEEDED_SERVER_START_MS, startSeededServer } from './support/seeded-server';
import { confirmByLink } from './support/sign-up';

test.use({
  serviceWorkers: 'allow',
  // Offline, or while the server restarts, what the page still asks for (the bell's stream) fails
  // as the browser says: refused while it is down, reset when it stops with the connection open
  // (seen once in a busy run, in the update test's restart).
  allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET/],
});

const OFFLINE_NOTICE = "You're offline — showing saved posts";
const OFFLINE_REFUSAL = "You're offline — this was not sent. Try again when you're back online.";
/** The build's own files: all the worker may keep (docs/decisions/018). */
const BUILD_FILE =
  /^\/(?:assets\/[\w.-]+|icons\/[\w.-]+\.png|favicon\.svg|manifest\.webmanifest|app-shell\.html)$/;

/** Waits until the worker is installed with every file it keeps, and is the active one. */
async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Every address in Cache Storage, with the text of each answer. */
function cachedEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: { path: string; text: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ path: new URL(request.url).pathname, text: (await response?.text()) ?? '' });
      }
    }
    return entries;
  });
}

/** The page on screen is the worker's shell: nothing drawn by the server, no answers with it. */
async function expectOpenedFromShell(page: Page) {
  expect(await page.evaluate(() => document.getElementById('page-state'))).toBeNull();
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test('offline, the dashboard, a profile and a post open from the saved copy', async ({ page, context }) => {
  const account = await signedInAccount(page, { fullName: 'Offline Reader' });
  const content = `Saved for the bus ride ${Date.now()}`;
  const made = await page.request.post('/api/posts', { data: { content, isAnonymous: false } });
  expect(made.status()).toBe(201);
  const { id: postId } = (await made.json()) as { id: string };
  const postPath = `/${account.username}/${postId}`;

  await page.goto(postPath);
  await expect(page.getByText(content)).toBeVisible();
  await workerReady(page);
  await page.goto(`/${account.username}`);
  await expect(page.getByText(content)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText(content)).toBeVisible();
  await expectSavedInCache(page, content);

  await goOffline(context, page);
  await page.reload();
  await expectOpenedFromShell(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  await expect(page.getByText(content)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A write is refused with the reason, in the offline notice's words (not "trouble connecting",
  // issue #51), and what was typed stays.
  await page.getByRole('button', { name: 'Create a post', exact: true }).click();
  const panel = page.getByRole('form', { name: 'Create a post' });
  await panel.getByRole('textbox').fill('Written on the bus');
  await panel.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(panel.getByRole('alert')).toHaveText(OFFLINE_REFUSAL);
  await expect(page.getByText(/trouble connecting/)).toHaveCount(0);
  await expect(panel.getByRole('textbox')).toHaveValue('Written on the bus');
  await expectNoSeriousA11yViolations(page);
  // Back online, neither the notice nor the refusal stays: they are no longer true.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toHaveCount(0);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByRole('textbox')).toHaveValue('Written on the bus');
  await goOffline(context, page);

  // The post and the profile, opened anew (not moved to inside the app): the shell again.
  for (const path of [postPath, `/${account.username}`]) {
    await page.goto(path);
    await expectOpenedFromShell(page);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
    await expect(page.getByText(content)).toBeVisible();
  }

  // Back online, the notice goes and the page asks the server again.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toHaveCount(0);
});

test('after sign-out, no cache holds anything of the account', async ({ page }) => {
  const account = await signedInAccount(page, { fullName: 'Leaving Soon' });
  const content = `Nothing of mine stays ${Date.now()}`;
  const made = await page.request.post('/api/posts', { data: { content, isAnonymous: false } });
  expect(made.status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByText(content)).toBeVisible();
  await workerReady(page);
  // A page loaded under the worker, so that anything it would keep of a signed-in visit is kept.
  await page.reload();
  await expect(page.getByText(content)).toBeVisible();
  await expectSavedInCache(page, content);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Account menu' }).click();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(nav.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();

  const entries = await cachedEntries(page);
  // The worker's files are there (a count of none would pass the checks below for nothing).
  expect(entries.map((entry) => entry.path)).toContain('/app-shell.html');
  for (const entry of entries) {
    expect(entry.path).toMatch(BUILD_FILE);
    for (const personal of [content, account.username ?? '', 'Leaving Soon', account.email]) {
      expect(entry.text, `${entry.path} holds "${personal}"`).not.toContain(personal);
    }
  }
  // The app's own saved copy is emptied too (a save may write it again, with nothing in it).
  const kept = await page.evaluate(() => localStorage.getItem('yearbook-query-cache'));
  const queries = kept
    ? (JSON.parse(kept) as { clientState: { queries: unknown[] } }).clientState.queries
    : [];
  expect(queries).toEqual([]);
});

// Lighthouse 12 dropped its installability audits; they were Chromium's own, which this asks directly.
// A browser profile on disk: in a fresh (incognito) context Chromium installs nothing.
test('the browser finds the app installable', async ({ playwright, launchOptions, baseURL }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'yearbook-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await workerReady(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

// A deploy while a tab is open: the server restarts serving a new build (here, a copy of this build
// whose worker differs, served through WEB_BUILD_DIR). The next page load finds the new worker
// waiting, and the app offers it; Reload takes it.
test('a new build is offered with "Update available — Reload"', async ({ page }, testInfo) => {
  test.setTimeout(SEEDED_SERVER_START_MS * 2);
  const build = testInfo.outputPath('build');
  for (const part of ['web', 'ssr']) {
    fs.cpSync(path.join(PROJECT_ROOT, 'dist', part), path.join(build, part), { recursive: true });
  }
  const server = await startSeededServer(async () => {}, { WEB_BUILD_DIR: build });
  try {
    await signedInAccount(page, { url: server.url });
    await page.goto(`${server.url}/dashboard`);
    await workerReady(page);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByText('Update available')).toHaveCount(0);

    const worker = path.join(build, 'web/sw.js');
    fs.appendFileSync(worker, '\n// the next build\n');
    await server.restart({ WEB_BUILD_DIR: build });

    await page.reload();
    const prompt = page.getByRole('region', { name: 'Update' });
    await expect(prompt.getByRole('status')).toHaveText('Update available');
    await expectNoSeriousA11yViolations(page);
    await prompt.getByRole('button', { name: 'Reload' }).click();
    // The page loads again under the new worker, and nothing waits any more.
    await expect(prompt).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const active = await fetch('/sw.js').then((answer) => answer.text());
          return registration?.waiting === null && active.includes('// the next build');
        }),
      )
      .toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  } finally {
    await server.stop();
  }
});

// Where the browser offers to install the app (Chromium's `beforeinstallprompt`, which a test browser
// never sends by itself: sent here as Chromium sends it), the profile menu offers "Install app", and
// choosing it shows the browser's own dialog (`prompt()`), once.
test('the profile menu offers "Install app" where the browser can install it', async ({ page }) => {
  await signedInAccount(page);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Account menu' }).click();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Install app' })).toHaveCount(0);

  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as { prompted?: number }).prompted = ((window as { prompted?: number }).prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
    // The app keeps the offer instead of letting the browser show its own bar.
    (window as { offerKept?: boolean }).offerKept = offer.defaultPrevented;
  });
  expect(await page.evaluate(() => (window as { offerKept?: boolean }).offerKept)).toBe(true);
  await nav.getByRole('button', { name: 'Install app' }).click();
  expect(await page.evaluate(() => (window as { prompted?: number }).prompted)).toBe(1);
  // An offer is made once: the entry goes until the browser offers again.
  await nav.getByRole('button', { name: 'Account menu' }).click();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

// The worker answers every navigation, the ones it does not draw with what navigation preload fetched:
// left to the browser, they were fetched twice, and a one-time link reached the server a second time,
// already used (a confirmation then read "already confirmed", signed out).
test('a confirmation link opened under the worker confirms and signs in, once', async ({ page }) => {
  await page.goto('/');
  await workerReady(page);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const email = uniqueEmail('preload');
  const card = page.getByRole('region', { name: 'Get Started' });
  await card.getByRole('button', { name: 'Create an account' }).click();
  await card.getByPlaceholder('Email', { exact: true }).fill(email);
  await card.getByLabel('Password', { exact: true }).fill('canteen-chai-42');
  await card.getByRole('button', { name: 'Sign Up' }).click();
  await expect(card.getByText(`we sent a confirmation link to ${email}`)).toBeVisible();
  // The link's page, then its button (a form's POST, which the worker leaves to the network).
  await confirmByLink(page, await mailedLink(page.request, email, /Confirm your Campus Yearbook account/));
  await expect(page).toHaveURL(/\/profile\/setup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your profile');
});
