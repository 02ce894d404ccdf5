// Roles in the browser, on the shared server: the profile menu of an ordinary user and of an admin,
// signed-in / going to /dashboard, staff-only screens, an admin changing a role and suspending, and a
// suspended account refused at sign-in. Each test makes the accounts it needs (the test-only route).
import type { Page } from '@playwright/test';
import {
  answerConfirmation,
  createE2eAccount,
  expect,
  expectNoSeriousA11yViolations,
  signedInAccount,
  test,
} from './fixtures';

async function menuLinks(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('navigation', { name: 'Main' }).getByRole('listitem').allInnerTexts();
}

/** Finds people on the admin page by name: the shared server holds every other test's accounts. */
async function searchUsers(page: Page, query: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${query}$`));
}

test('an ordinary user: menu without staff items, staff screens send them to the dashboard', async ({
  page,
}) => {
  await signedInAccount(page);
  await page.goto('/dashboard');
  expect((await menuLinks(page)).map((text) => text.trim())).toEqual([
    'Profile',
    'Edit Profile',
    'My yearbook page',
    'Asklines',
    'Your data and account',
    'Mute and block',
    'About',
    'Contact',
    'Logout',
  ]);
  await page.goto('/');
  await expect(page).toHaveURL('/dashboard');
  for (const staffOnly of ['/reports', '/admin/users']) {
    await page.goto(staffOnly);
    await expect(page).toHaveURL('/dashboard');
  }
});

test('an admin: Reports and Manage users in the menu; roles and suspension on the page', async ({ page }) => {
  const [arjun, neha] = await Promise.all([
    createE2eAccount(page, { fullName: 'Arjun M' }),
    createE2eAccount(page, { fullName: 'Neha P' }),
  ]);
  const admin = await signedInAccount(page, { userType: 'admin', fullName: 'Dean Admin' });
  await page.goto('/dashboard');
  expect((await menuLinks(page)).map((text) => text.trim())).toEqual([
    'Profile',
    'Edit Profile',
    'My yearbook page',
    'Asklines',
    'Your data and account',
    'Mute and block',
    'About',
    'Contact',
    'Reports',
    'Manage users',
    'Dashboard notice',
    'Moderation log',
    'Word lists',
    'Logout',
  ]);
  await page.getByRole('link', { name: 'Manage users' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage users');
  await expectNoSeriousA11yViolations(page);
  await searchUsers(page, `${admin.username}`);
  await expect(page.getByText('This is you.')).toBeVisible();
  await expect(page.getByLabel(`Role of @${admin.username}`)).toBeDisabled();

  await searchUsers(page, `${arjun.username}`);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  await page.getByLabel(`Role of @${arjun.username}`).selectOption('moderator');
  await expect(page.getByRole('status')).toHaveText(`@${arjun.username} is now Moderator.`);

  await searchUsers(page, `${neha.username}`);
  await page.getByRole('button', { name: `Suspend @${neha.username}` }).click();
  await answerConfirmation(page, `Suspend @${neha.username}?`, 'Suspend');
  await expect(page.getByRole('status')).toHaveText(`@${neha.username} is suspended.`);
  await expect(page.getByRole('button', { name: `Restore @${neha.username}` })).toBeVisible();

  // What the page showed is what the server kept.
  await page.reload();
  await expect(page.getByRole('button', { name: `Restore @${neha.username}` })).toBeVisible();
  await searchUsers(page, `${arjun.username}`);
  await expect(page.getByLabel(`Role of @${arjun.username}`)).toHaveValue('moderator');
});

test.describe('a suspended account', () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('cannot sign in, and is told why', async ({ page }) => {
    const password = 'hostel-maggi-7';
    const suspended = await createE2eAccount(page, { password });
    const admin = await createE2eAccount(page, { userType: 'admin' });
    const res = await page.request.put(`/api/admin/users/${suspended.username}/suspension`, {
      headers: { cookie: `${admin.cookie.name}=${admin.cookie.value}` },
      data: { suspended: true },
    });
    expect(res.status(), await res.text()).toBe(200);

    await page.goto('/');
    const card = page.getByRole('region', { name: 'Get Started' });
    await card.getByPlaceholder('Username or Email').fill(suspended.email);
    await card.getByLabel('Password', { exact: true }).fill(password);
    await card.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(card.getByText('This account has been suspended.', { exact: false })).toBeVisible();
  });
});
