// Your data and account (issue #27), as a person goes through it: from Edit Profile to the account
// page, download the data and read the zip, delete the account (a wrong password first, then the
// choice for the anonymous posts), land on the home page told so, and find the account gone: signing
// in is refused, its named post is gone and its anonymous post stays with no author (decision 019).
// And changing the email through the two mailed links' pages (issue #43).
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { answerConfirmation, expect, expectNoSeriousA11yViolations, signedInAccount, test } from './fixtures';
import { mailedLink, uniqueEmail } from './support/mailbox';

const PASSWORD = 'leaving-campus-2026';

// Refused requests (the wrong password, the deleted post, the refused sign-in) are logged by the browser.
test.use({ allowedConsoleErrors: [/status of 40[014]/] });

test('download your data, then delete the account: it is gone everywhere', async ({ page }) => {
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
  // The profile menu leads there too, from any page (issue #51).
  await page.goto(`/${username}`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Your data and account' })
    .click();
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

  // Deleting: the typed confirmation, the choice for the anonymous post and the password, refused
  // until all are right.
  const section = page.getByRole('region', { name: 'Delete your account' });
  await expect(section.getByText('Your 1 anonymous post', { exact: true })).toBeVisible();
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByLabel(`Type ${username} to confirm`).fill(username);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('Choose what happens to your anonymous posts')).toBeVisible();
  await section.getByLabel('Leave my 1 anonymous post up, with no author').check();
  await section.getByLabel('Your password').fill('not-my-password');
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
  const gone = await page.request.get(`/${username}/${named}`);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).not.toContain('goodbye');
  // The anonymous post stays, as it was, with no author.
  await page.goto(`/post/${hidden}`);
  const post = page.getByRole('article');
  await expect(post.getByText('Leela anonymously confesses to the canteen')).toBeVisible();
  await expect(post.getByText('Anonymous', { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain('Leela Leaving');
});

test('take the anonymous posts down first, on their own', async ({ page }) => {
  await signedInAccount(page, { fullName: 'Priya Private', password: PASSWORD });
  for (const content of ['A secret about the mess hall', 'Another secret about the library']) {
    expect((await page.request.post('/api/posts', { data: { content, isAnonymous: true } })).status()).toBe(
      201,
    );
  }
  await page.goto('/profile/account');
  const section = page.getByRole('region', { name: 'Delete your account' });
  await expect(section.getByText('Your 2 anonymous posts', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Delete my 2 anonymous posts now' }).click();
  await answerConfirmation(page, 'Delete your 2 anonymous posts now?', 'Delete them');
  await expect(
    section.getByText('2 anonymous posts deleted. Your account is still here', { exact: false }),
  ).toBeVisible();
  // Nothing is left to choose: the account can go another day without the question.
  await expect(section.getByText(/Your \d+ anonymous posts?$/)).toHaveCount(0);
  await expect(section.getByLabel(/Leave my/)).toHaveCount(0);
});

test('signed-in devices name the browser and the system, and say when each signed in (issue #51)', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await signedInAccount(page, { password: PASSWORD });
  const phones = {
    'Instagram on iPhone':
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.3.12.91 (iPhone14,5; iOS 17_5; en_IN; en-IN; scale=3.00; 1170x2532; 618133718)',
    'Chrome on Android':
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  };
  // Two more sign-ins today, from the phones' own browsers.
  for (const userAgent of Object.values(phones)) {
    const phone = await playwright.request.newContext({ baseURL, userAgent });
    try {
      const signedIn = await phone.post('/api/session', {
        data: { identifier: account.email, password: PASSWORD },
        headers: { origin: baseURL ?? '', connection: 'close' },
      });
      expect(signedIn.status(), await signedIn.text()).toBe(200);
    } finally {
      await phone.dispose();
    }
  }

  await page.goto('/profile/account');
  const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(3);
  for (const name of Object.keys(phones)) {
    // The day alone read alike for every sign-in of one day: the time says which is which.
    await expect(devices.filter({ hasText: name })).toContainText(/Signed in .*\b\d{1,2}:\d{2}\b/);
    await expect(
      page.getByRole('button', { name: new RegExp(`^Sign out ${name}, signed in .*\\d{1,2}:\\d{2}`) }),
    ).toBeVisible();
  }
  await expect(devices.filter({ hasText: 'This device' })).toContainText(/Signed in .*\b\d{1,2}:\d{2}\b/);
  await expectNoSeriousA11yViolations(page);
});

test('change the email: the current address approves on its page, the new one confirms on its own', async ({
  page,
  browser,
}) => {
  const account = await signedInAccount(page, { password: PASSWORD });
  const fresh = uniqueEmail('moved');
  await page.goto('/profile/account');
  const section = page.getByRole('region', { name: 'Email address' });
  await section.getByLabel('New email').fill(fresh);
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByText(`To approve, open the link we sent to ${account.email}`)).toBeVisible();
  // Come back later, and the page still says where it stands (issue #51).
  await page.reload();
  await expect(section.getByRole('status')).toContainText(
    `You asked to move your account to ${fresh}. To approve, open the link we sent to ${account.email}`,
  );

  // Opened signed out (another browser, or a mail scanner): the page asks to sign in, and acts on nothing.
  const approveLink = await mailedLink(page.request, account.email, /Approve the new email address/);
  const elsewhere = await browser.newContext();
  const stranger = await elsewhere.newPage();
  await stranger.goto(approveLink);
  await expect(
    stranger.getByText('Sign in to your account first, then open the link from the email again.'),
  ).toBeVisible();
  await elsewhere.close();

  await page.goto(approveLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Approve the new email address' })).toBeVisible();
  await expect(page.getByText(fresh).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
  await page.getByRole('button', { name: 'Approve the change' }).click();
  await expect(page).toHaveURL(/\/email-change\?outcome=approved$/);
  await expect(page.getByRole('status')).toContainText('Approved. We emailed the new address');
  // The page the outcome leads to says it too, and what is left to do.
  await page.getByRole('link', { name: 'Your data and account' }).click();
  await expect(page.getByRole('region', { name: 'Email address' }).getByRole('status')).toContainText(
    `Approved. Now confirm it from ${fresh}: open the link we sent there`,
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto(await mailedLink(page.request, fresh, /Confirm your new email address/));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
  await page.getByRole('button', { name: 'Use this email address' }).click();
  await expect(page).toHaveURL(/\/email-change\?outcome=changed$/);
  await expect(page.getByRole('status')).toContainText('Your email address was changed');
  await page.getByRole('link', { name: 'Your data and account' }).click();
  await expect(page.getByText(`Signed in as ${fresh}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email address' }).getByRole('status')).toContainText(
    `Your email address was changed from ${account.email} to ${fresh} on `,
  );
});
