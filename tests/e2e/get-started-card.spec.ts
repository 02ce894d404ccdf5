// The Get Started card's three modes and fields (SPEC §2 Landing); accounts.spec.ts drives its calls.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, PHONE, PHONE_ONLY, pageIsLive, test } from './fixtures';

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

/**
 * Moves `message` up through the lower half of the screen, where the sticky Demo button rides, and
 * expects nothing to lie over it anywhere on the way: what the screen shows at points across it is
 * the message. (The navbar, sticky at the top, covers what scrolls under it, as any page's does.)
 */
async function expectNothingOver(message: Locator) {
  await expect(message).toBeVisible();
  const { placesSeen, covered } = await message.evaluate((element) => {
    const covered = new Set<string>();
    let placesSeen = 0;
    for (let bottom = window.innerHeight - 2; bottom > window.innerHeight / 2; bottom -= 8) {
      window.scrollBy(0, element.getBoundingClientRect().bottom - bottom);
      const box = element.getBoundingClientRect();
      // At the page's top or end it cannot always be brought there.
      if (box.bottom > window.innerHeight || box.top < window.innerHeight / 2) continue;
      placesSeen += 1;
      for (const share of [0.05, 0.5, 0.95]) {
        const top = document.elementFromPoint(box.left + box.width * share, box.top + box.height / 2);
        if (!top || !element.contains(top)) covered.add(top?.outerHTML.slice(0, 80) ?? 'nothing');
      }
    }
    return { placesSeen, covered: [...covered] };
  });
  expect(placesSeen).toBeGreaterThan(3);
  expect(covered).toEqual([]);
}

/** A sign-in the server refuses, and its message in the card (the browser logs the 401). */
async function refusedSignIn(page: Page): Promise<Locator> {
  const card = page.getByRole('region', { name: 'Get Started' });
  await card.getByPlaceholder('Username or Email').fill('nobody_here_at_all');
  await card.getByLabel('Password', { exact: true }).fill('not-the-password');
  await card.getByRole('button', { name: 'Sign In', exact: true }).click();
  return card.locator('p', { hasText: 'Invalid username or password' });
}

// Issue #51: the card was a screen and a half down on a phone, and the sticky Demo button covered
// the messages under its form.
test.describe('the card on a small screen', () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 360, height: 640 },
  ]) {
    test(
      `on a ${viewport.width}×${viewport.height} phone the card is on the first screen and nothing covers its messages`,
      PHONE_ONLY,
      async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        const card = page.getByRole('region', { name: 'Get Started' });
        const field = await card.getByPlaceholder('Username or Email').boundingBox();
        expect(field && field.y + field.height).toBeLessThanOrEqual(viewport.height);

        await card.getByRole('button', { name: 'Sign In', exact: true }).click();
        await expectNothingOver(card.locator('p', { hasText: 'Please enter your password' }));
        await expectNothingOver(await refusedSignIn(page));

        // The Demo button is still there, below the card, and follows the reader down the page.
        await page.getByText('Answer asklines, prompts picked by the community').scrollIntoViewIfNeeded();
        const demo = page.getByRole('link', { name: 'Demo Sign In' });
        await expect(demo).toBeInViewport();
        await expectNoSeriousA11yViolations(page);
      },
    );
  }

  test('in a short desktop window the Demo button goes under the card, not over its messages', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 620 });
    await expectNothingOver(await refusedSignIn(page));
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('link', { name: 'Demo Sign In' })).toBeInViewport();
  });
});
