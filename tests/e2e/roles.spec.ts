// Roles in the browser, on a seeded server: the profile menu of an ordinary user and of an admin,
// signed-in / going to /dashboard, staff-only screens, and an admin changing a role and suspending.
import type { Page } from '@playwright/test';
import { insertAccount, type TestAccount } from '../support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import {
  SEEDED_SERVER_START_MS,
  type SeededServer,
  signInToSeeded,
  startSeededServer,
} from './support/seeded-server';

let server: SeededServer;
let admin: TestAccount;
let ordinary: TestAccount;
const targets: TestAccount[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  server = await startSeededServer(async (db) => {
    admin = await insertAccount(db, { userType: 'admin', username: 'dean_admin', fullName: 'Dean Admin' });
    ordinary = await insertAccount(db, { username: 'kavya_r', fullName: 'Kavya R' });
    for (const username of ['arjun_m', 'neha_p']) {
      targets.push(await insertAccount(db, { username, fullName: username.replace('_', ' ') }));
    }
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, account: TestAccount) => signInToSeeded(page, server, account);

async function menuLinks(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('navigation', { name: 'Main' }).getByRole('listitem').allInnerTexts();
}

test('an ordinary user: menu without staff items, staff screens send them to the dashboard', async ({
  page,
}) => {
  await signIn(page, ordinary);
  expect((await menuLinks(page)).map((text) => text.trim())).toEqual([
    'Profile',
    'Edit Profile',
    'About',
    'Contact',
    'Logout',
  ]);
  await page.goto(`${server.url}/`);
  await expect(page).toHaveURL(`${server.url}/dashboard`);
  for (const staffOnly of ['/reports', '/admin/users']) {
    await page.goto(`${server.url}${staffOnly}`);
    await expect(page).toHaveURL(`${server.url}/dashboard`);
  }
});

test('an admin: Reports and Manage users in the menu; roles and suspension on the page', async ({ page }) => {
  await signIn(page, admin);
  expect((await menuLinks(page)).map((text) => text.trim())).toEqual([
    'Profile',
    'Edit Profile',
    'About',
    'Contact',
    'Reports',
    'Manage users',
    'Dashboard notice',
    'Moderation log',
    'Logout',
  ]);
  await page.getByRole('link', { name: 'Manage users' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage users');
  await expect(page.getByText('This is you.')).toBeVisible();
  await expect(page.getByLabel('Role of @dean_admin')).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Role of @arjun_m').selectOption('moderator');
  await expect(page.getByRole('status')).toHaveText('@arjun_m is now Moderator.');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Suspend @neha_p' }).click();
  await expect(page.getByRole('status')).toHaveText('@neha_p is suspended.');
  await expect(page.getByRole('button', { name: 'Restore @neha_p' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search users' }).fill('arjun');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\?q=arjun$/);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByLabel('Role of @arjun_m')).toHaveValue('moderator');
});

test.describe('a suspended account', () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('cannot sign in, and is told why', async ({ page }) => {
    const suspended = targets[1];
    if (!suspended) throw new Error('seed missing');
    await page.goto(`${server.url}/`);
    const card = page.getByRole('region', { name: 'Get Started' });
    await card.getByPlaceholder('Username or Email').fill(suspended.email);
    await card.getByLabel('Password', { exact: true }).fill(suspended.password);
    await card.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(card.getByText('This account has been suspended.', { exact: false })).toBeVisible();
  });
});
