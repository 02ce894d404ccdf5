// The Get Started card's three modes and fields (SPEC §2 Landing); accounts.spec.ts drives its calls.
import { expect, PHONE, pageIsLive, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('sign in mode: one identifier field and a password with show/hide', PHONE, async ({ page }) => {
  const card = page.getByRole('region', { name: 'Get Started' });
  await expect(card.getByPlaceholder('Username or Email')).toBeVisible();
  const password = card.getByLabel('Password', { exact: true });
  await password.fill('secret123');
  await expect(password).toHaveAttribute('type', 'password');
  await card.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await card.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  // Google sign-in shows only where the server has it configured; this one does not.
  await expect(card.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
});

test('sign in asks for both fields before anything else', async ({ page }) => {
  const card = page.getByRole('region', { name: 'Get Started' });
  await card.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(card.getByText('Please enter your username or email')).toBeVisible();
});

test('sign up mode uses an Email field and toggles back', PHONE, async ({ page }) => {
  const card = page.getByRole('region', { name: 'Get Started' });
  await card.getByRole('button', { name: 'Create an account' }).click();
  await expect(card.getByPlaceholder('Email', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await card.getByRole('button', { name: 'Sign in instead' }).click();
  await expect(card.getByPlaceholder('Username or Email')).toBeVisible();
});

test('forgot password copies the typed email and checks it', async ({ page }) => {
  const card = page.getByRole('region', { name: 'Get Started' });
  await card.getByPlaceholder('Username or Email').fill('asha@example.com');
  await card.getByRole('button', { name: 'Forgot password?' }).click();
  const email = card.getByPlaceholder('Email', { exact: true });
  await expect(email).toHaveValue('asha@example.com');

  await email.fill('not-an-email');
  await card.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(card.getByText('Please enter a valid email address')).toBeVisible();

  await card.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(card.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('error and error_description are removed from the address', async ({ page }) => {
  await page.goto('/?error=access_denied&error_description=Denied&keep=1');
  await expect(page).toHaveURL(/\/\?keep=1$/);
});

test('a form sent before the page responds is held, and what was typed stays', async ({ context }) => {
  // The app's file is held back, so the page stays as the server drew it (the test's own page would
  // wait for the app; this one does not).
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const early = await context.newPage();
  const sent: string[] = [];
  early.on('request', (request) => {
    if (request.isNavigationRequest()) sent.push(request.url());
  });
  await early.goto('/');
  const card = early.getByRole('region', { name: 'Get Started' });
  await card.getByPlaceholder('Username or Email').fill('asha');
  await card.getByLabel('Password', { exact: true }).fill('secret-typed-early');
  await card.getByLabel('Password', { exact: true }).press('Enter');
  await card.getByRole('button', { name: 'Sign In', exact: true }).click();

  release();
  await pageIsLive(early);
  // A plain form would have loaded the page again (/?; /?…&password=… were its fields named),
  // emptying what was typed.
  expect(sent).toHaveLength(1);
  expect(sent.join(' ')).not.toContain('secret');
  await expect(card.getByLabel('Password', { exact: true })).toHaveValue('secret-typed-early');
  await card.getByPlaceholder('Username or Email').fill('');
  await card.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(card.getByText('Please enter your username or email')).toBeVisible();
});
