// The staff screens at every width, on the shared server: each opens for its role, fits the screen
// (nothing wider than the viewport), and passes an axe scan. Their flows are tested in moderation,
// roles and notice specs (desktop); this keeps their phone layout covered (tagged @phone).
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, PHONE, signedInAccount, test } from './fixtures';

async function expectFitsTheScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page wider than the viewport').toBeLessThanOrEqual(innerWidth);
}

const SCREENS = [
  { path: '/reports', heading: 'Reported Posts', userType: 'moderator' },
  { path: '/asklines/review', heading: 'Pending Asklines', userType: 'moderator' },
  { path: '/admin/log', heading: 'Moderation log', userType: 'admin' },
  { path: '/admin/notice', heading: 'Dashboard notice', userType: 'admin' },
  { path: '/admin/users', heading: 'Manage users', userType: 'admin' },
] as const;

for (const { path, heading, userType } of SCREENS) {
  test(
    `${path} opens for the ${userType}, fits the screen and passes an axe scan`,
    PHONE,
    async ({ page }) => {
      await signedInAccount(page, { userType });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectFitsTheScreen(page);
      await expectNoSeriousA11yViolations(page);
    },
  );
}
