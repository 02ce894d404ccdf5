// Accounts in a real browser against the real server (SPEC §2 landing card, auth gate, navbar,
// logout; §4 auth states; §8 messages). Mail is read from the development outbox.
import type { Page } from '@playwright/test';
import { scaled } from '../support/machine-factor';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { serveAppShellOnly } from './support/app-shell';
import { mailedLink, uniqueEmail } from './support/mailbox';
import { confirmByLink, signUpAndConfirm as signUpWithMail } from './support/sign-up';

const PASSWORD = 'canteen-chai-42';

function signUpAndConfirm(page: Page, email: string) {
  return signUpWithMail(page, email, PASSWORD);
}

async function signInOnCard(page: Page, identifier: string, password: string) {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Get Started' });
  await card.getByPlaceholder('Username or Email').fill(identifier);
  await card.getByLabel('Password', { exact: true }).fill(password);
  await card.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

test('sign up, confirm by mail, land on profile setup, then log out', async ({ page }) => {
  const email = uniqueEmail('asha');
  await signUpAndConfirm(page, email);
  await expect(page).toHaveURL(/\/profile\/setup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your profile');

  // Signed in without a profile yet: the navbar offers only what works before one exists (no Search,
  // no Create: both lead back here), the logo leads to setup, and the menu has the public pages.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Campus Yearbook' })).toHaveAttribute('href', '/profile/setup');
  await expect(nav.getByRole('link', { name: 'Search' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Create a post' })).toHaveCount(0);
  await openAccountMenu(page);
  await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await expect(nav.getByText(`Signed in as ${email}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // An outside click closes the menu (the left edge of the page: on a phone the menu covers the heading).
  await page.getByRole('main').click({ position: { x: 8, y: 8 } });
  await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();

  // Until the profile exists, every signed-in screen leads to setup.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/profile\/setup$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/profile\/setup$/);

  await openAccountMenu(page);
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  const cached = await page.evaluate(() => localStorage.getItem('yearbook-query-cache'));
  expect(cached ?? '').not.toContain(email);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

// Issue #30: a confirmation link used a second time, or one that is broken, no longer lands silently
// on the sign-in card: the card says which, and a broken one offers a new link. Issue #43: each opens a
// page whose button confirms.
test('a confirmation link used again says so; a broken one offers a new link', async ({ page }) => {
  const email = uniqueEmail('twice');
  await signUpWithMail(page, email, PASSWORD);
  const link = await mailedLink(page.request, email, /Confirm your Campus Yearbook account/);
  await expect(page).toHaveURL(/\/profile\/setup$/);
  await page.context().clearCookies();

  await confirmByLink(page, link);
  // The card, scrolled to (a phone shows the hero first), and the address without the outcome.
  await expect(page).toHaveURL(/\/(#get-started)?$/);
  const card = page.getByRole('region', { name: 'Get Started' });
  await expect(card.getByRole('status')).toHaveText('Your email is already confirmed — sign in.');
  await expect(card.getByRole('button', { name: 'Sign In', exact: true })).toBeInViewport();

  // A second account, whose link arrives cut short (a mail app that broke it across lines).
  const other = uniqueEmail('broken');
  await page.goto('/');
  await card.getByRole('button', { name: 'Create an account' }).click();
  await card.getByPlaceholder('Email', { exact: true }).fill(other);
  await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await card.getByRole('button', { name: 'Sign Up' }).click();
  await expect(card.getByText(`we sent a confirmation link to ${other}`)).toBeVisible();
  const whole = await mailedLink(page.request, other, /Confirm your Campus Yearbook account/);
  await confirmByLink(page, whole.replace(/(confirm=[^&#]{12})[^&#]*/, '$1'));
  await expect(page).toHaveURL(/\/(#get-started)?$/);
  await expect(card.getByRole('status')).toContainText("This confirmation link doesn't work");
  await card.getByLabel('Email').fill(other);
  await card.getByRole('button', { name: 'Send New Link' }).click();
  await expect(card.getByRole('status')).toContainText('a new link is on its way');
  // A second mail (its link may read like the first: the token is signed to the second).
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/api/dev/outbox')).json()) as { to: string }[];
      return mails.filter((mail) => mail.to === other).length;
    })
    .toBe(2);
  await confirmByLink(page, await mailedLink(page.request, other, /Confirm your Campus Yearbook account/));
  await expect(page).toHaveURL(/\/profile\/setup$/);
});

test.describe('wrong sign-in details', () => {
  // The browser logs each refused sign-in (401) as a failed resource; that is the point here.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('sign in by email, and the spec messages for wrong details', async ({ page }) => {
    const email = uniqueEmail('ravi');
    await signUpAndConfirm(page, email);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    await signInOnCard(page, email, 'not-the-password');
    await expect(
      page.getByRole('region', { name: 'Get Started' }).getByText('Invalid email or password'),
    ).toBeVisible();

    await signInOnCard(page, 'nobody_here', 'whatever');
    await expect(
      page.getByRole('region', { name: 'Get Started' }).getByText('Invalid username or password'),
    ).toBeVisible();

    await signInOnCard(page, email.toUpperCase(), PASSWORD);
    await expect(page).toHaveURL(/\/profile\/setup$/);
  });
});

test('forgot password: mail, new password, sign in with it', async ({ page }) => {
  const email = uniqueEmail('meera');
  await signUpAndConfirm(page, email);
  await page.context().clearCookies();

  await page.goto('/');
  const card = page.getByRole('region', { name: 'Get Started' });
  await card.getByPlaceholder('Username or Email').fill(email);
  await card.getByRole('button', { name: 'Forgot password?' }).click();
  await card.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(card.getByRole('heading', { name: 'Reset Email Sent!' })).toBeVisible();

  await page.goto(await mailedLink(page.request, email, /Reset your Campus Yearbook password/));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('New password').fill('123');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New password').fill('a-brand-new-one');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await signInOnCard(page, email, 'a-brand-new-one');
  await expect(page).toHaveURL(/\/profile\/setup$/);
});

test('a signed-out visitor at /dashboard goes to the landing page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
});

// The API refusing connections is how "the server is down" looks to an app already loaded: the app
// comes from the same server, so with it truly gone there would be no page to show a panel on. A page
// the server draws comes with its session; the gate waits only when the browser must ask, as with the
// bare app shell.
test.describe('when the server cannot be reached', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test('the gate shows the Connection Issue panel', async ({ page }) => {
    await serveAppShellOnly(page, '**/dashboard');
    await page.route('**/api/session', (route) => route.abort('connectionrefused'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Connection Issue' })).toBeVisible({
      timeout: scaled(10_000),
    });
    await expect(
      page.getByText("We're having trouble connecting to the server. Please check your internet connection."),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('a slow server', () => {
  // Continuing without a session, the dashboard's own requests are refused (401): expected here.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('loading text, then a way to continue after 3 seconds', async ({ page }) => {
    await page.clock.install();
    await serveAppShellOnly(page, '**/dashboard');
    await page.route('**/api/session', () => {
      // Never answers.
    });
    await page.goto('/dashboard');
    await expect(page.getByText('Loading authentication...')).toBeVisible();
    const proceed = page.getByRole('button', { name: 'Click to continue anyway' });
    await expect(proceed).toBeHidden();
    // SPEC §2: after 3 seconds (the page's clock, moved on by the test rather than waited for).
    await page.clock.fastForward(3_100);
    await expect(proceed).toBeVisible();
    await proceed.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  });
});

test('Demo Sign In reaches the demo profile without asking the server', async ({ page }) => {
  // The landing page comes with its session (a visitor's): nothing is asked once it is live.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
  });

  await page.getByRole('link', { name: 'Demo Sign In' }).click();
  await expect(page).toHaveURL(/\/demo_user$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo User');
  await expect(page.getByRole('note', { name: 'About the demo' })).toContainText(
    'nothing you do here is saved',
  );
  await expect(page.getByRole('button', { name: /Like, 24 likes/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // The demo is "signed in" to every screen, still without a request.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campus Yearbook' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(apiRequests).toEqual([]);

  await openAccountMenu(page);
  // Nothing of the demo is kept on the server, so there are no controls to keep (issue #48).
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mute and block' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Your data and account' })).toHaveCount(0);
  // Nor a PDF to make (issue #52).
  await expect(page.getByRole('link', { name: 'My yearbook page' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
});
