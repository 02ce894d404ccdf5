// Your data and account (issue #27), as a person goes through it: from Edit Profile to the account
// page, download the data and read the zip, delete the account (a wrong password first), land on the
// home page told so, and find the account gone: signing in is refused, its anonymous post is not there.
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, expectNoSeriousA11yViolations, PHONE, signedInAccount, test } from './fixtures';

const PASSWORD = 'leaving-campus-2026';

// Refused requests (the wrong password, the deleted post, the refused sign-in) are logged by the browser.
test.use({ allowedConsoleErrors: [/status of 40[014]/] });

test('download your data, then delete the account: it is gone everywhere', PHONE, async ({ page }) => {
  const account = await signedInAccount(page, { fullName: 'Leela Leaving', password: PASSWORD });
  const username = account.username ?? '';
  const write = async (content: string, isAnonymous: boolean) => {
    const res = await page.request.post('/api/posts', { data: { content, isAnonymous } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const named = await write('Leela says goodbye to the hostel', false);
  const hidden = await write('Leela anonymously confesses to the canteen', true);

  await page.goto('/profile');
  await page.getByRole('link', { name: /Your data and account/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your data and account' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // The download: a zip holding both posts, the anonymous one marked.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^campus-yearbook-${username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  await expect(page.getByRole('status').filter({ hasText: 'Your data is downloading' })).toBeVisible();
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const data = JSON.parse(new TextDecoder().decode(files['campus-yearbook-data.json'])) as {
    account: { email: string };
    posts: { id: string; anonymous: boolean }[];
  };
  expect(data.account.email).toBe(account.email);
  expect(data.posts.map((post) => [post.id, post.anonymous]).sort()).toEqual(
    [
      [named, false],
      [hidden, true],
    ].sort(),
  );

  // Deleting: the typed confirmation and the password, refused until both are right.
  const section = page.getByRole('region', { name: 'Delete your account' });
  await section.getByLabel('Your password').fill('not-my-password');
  await section.getByLabel(`Type ${username} to confirm`).fill(username);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('Your password is incorrect')).toBeVisible();
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account and everything in it have been deleted.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  // Nothing of the account is kept in the browser.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(username);

  // Signing in again is refused; the anonymous post is gone.
  const card = page.getByRole('region', { name: 'Get Started' });
  await card.getByPlaceholder('Username or Email').fill(account.email);
  await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await card.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(card.getByText('Invalid email or password')).toBeVisible();
  const gone = await page.request.get(`/post/${hidden}`);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).not.toContain('confesses');
});
