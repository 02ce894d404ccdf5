// The dashboard notice in the browser (SPEC §2 Dashboard, §4 notice banner): an admin writes it on
// /admin/notice, a student sees it once per browser, dismisses it, and sees it again after logging out.
import type { Page } from '@playwright/test';
import { insertAccount, type TestAccount } from '../support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import {
  SEEDED_SERVER_START_MS,
  type SeededServer,
  signInByCookie,
  signInToSeeded,
  startSeededServer,
} from './support/seeded-server';

let server: SeededServer;
let admin: TestAccount;
let student: TestAccount;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  server = await startSeededServer(async (db) => {
    admin = await insertAccount(db, { userType: 'admin', username: 'dean_admin', fullName: 'Dean Admin' });
    student = await insertAccount(db, { username: 'nila_v', fullName: 'Nila V' });
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, account: TestAccount) => signInToSeeded(page, server, account);

/** The dashboard's HTML as the server sends it to this browser (its cookies), before any script runs. */
async function dashboardAsServed(page: Page): Promise<string> {
  const res = await page.request.get(`${server.url}/dashboard`, { headers: { connection: 'close' } });
  expect(res.status()).toBe(200);
  return res.text();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
}

test('an admin writes the notice; a student sees it once, dismisses it, and again after logging out', async ({
  page,
}) => {
  await signIn(page, admin);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Dashboard notice' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard notice');
  await page.getByLabel('Show the notice').check();
  await page.getByLabel('Title').fill('Yearbook week');
  await page.getByLabel('Badge (optional)').fill('New');
  await page
    .getByLabel('Text')
    .fill('Send your best campus memory by Friday.\n\nThe printed edition ships in May.');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. The notice is shown.')).toBeVisible();
  await logOut(page);

  // The server draws the notice with the dashboard: nothing is put in above the feed once the page is
  // taken over (decision 015).
  await signInByCookie(page, server.url, student.userId);
  expect(await dashboardAsServed(page)).toMatch(/<h2[^>]*>Yearbook week<\/h2>/);
  await page.goto(`${server.url}/dashboard`);
  const notice = page.getByRole('region', { name: 'Yearbook week' });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('New', { exact: true })).toBeVisible();
  await expect(notice.getByText('The printed edition ships in May.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await notice.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notice).toHaveCount(0);
  // Seen once in this browser: not again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByRole('region', { name: 'Yearbook week' })).toHaveCount(0);
  // The browser told the server it was seen: the page comes without it.
  expect(await dashboardAsServed(page)).not.toContain('Yearbook week');

  // Logging out forgets it was seen.
  await logOut(page);
  await signIn(page, student);
  await expect(page.getByRole('region', { name: 'Yearbook week' })).toBeVisible();
});
