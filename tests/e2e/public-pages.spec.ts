// The public pages of SPEC §1-§2 in a real browser: texts, navigation, footer, not-found, headers,
// and an axe scan of each page in light and dark mode.
import { expect, expectNoSeriousA11yViolations, PHONE, test } from './fixtures';

const FOOTER_STATEMENT =
  'This platform is for entertainment and journaling purposes only. User opinions are their own and are not ' +
  'endorsed by Campus Yearbook. Predictions are not financial advice.';

const PUBLIC_PAGES = [
  { path: '/', h1: 'A digital time capsule for campus minds' },
  { path: '/about', h1: 'About' },
  { path: '/cookies', h1: 'About' },
  { path: '/contact', h1: 'Contact us' },
  { path: '/terms', h1: 'Terms and Conditions' },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/transparency', h1: 'Transparency report' },
];

test.describe('every public page', () => {
  for (const { path, h1 } of PUBLIC_PAGES) {
    // One visit per page and width: its texts, then an axe scan in the light and, on a desktop, the
    // dark scheme (colours are the same at every width).
    test(
      `${path} has its heading, the signed-out navbar and the footer, and passes axe scans`,
      PHONE,
      async ({ page, isMobile }) => {
        await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
        await expect(page).toHaveTitle(/Campus Yearbook/);

        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav.getByRole('link', { name: 'Campus Yearbook' })).toHaveAttribute('href', '/');
        await expect(nav.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/');

        const footer = page.getByRole('contentinfo');
        await expect(footer).toContainText(FOOTER_STATEMENT);
        const footerNav = page.getByRole('navigation', { name: 'Footer' });
        for (const [name, href] of [
          ['About', '/about'],
          ['Contact', '/contact'],
          ['Privacy', '/privacy'],
          ['Terms', '/terms'],
          ['Transparency', '/transparency'],
        ] as const) {
          await expect(footerNav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
        }

        await expectNoSeriousA11yViolations(page);
        if (isMobile) return;
        await page.emulateMedia({ colorScheme: 'dark' });
        // The scheme changes in place: colours that ease into it (transitions) are let finish first.
        await page.evaluate(async () => {
          await Promise.all(document.getAnimations().map((animation) => animation.finished));
        });
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
        await expectNoSeriousA11yViolations(page);
      },
    );
  }
});

test('the landing page has the hero, the Get Started card and the demo button', PHONE, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Your campus, your voice, your yearbook.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demo Sign In' })).toHaveAttribute('href', '/demo_user');
  const canvas = page.locator('canvas');
  await expect(canvas).toHaveAttribute('aria-hidden', 'true');
  await expect(canvas).toHaveAttribute('data-particle-count', '50');
});

test.describe('the particle background', () => {
  // The animation starts once the page is idle after loading (data-motion is set then). The page's
  // clock is the test's: 400 ms of animation frames pass at once, however slow the machine.
  const snapshotTwice = async (page: import('@playwright/test').Page, motion: 'moving' | 'still') => {
    const canvas = page.locator('canvas');
    await expect(canvas).toBeVisible();
    await expect(canvas).toHaveAttribute('data-motion', motion);
    const first = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    await page.clock.runFor(400);
    const second = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    return [first, second];
  };

  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('moves', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    const [first, second] = await snapshotTwice(page, 'moving');
    expect(second).not.toBe(first);
  });

  test('stands still under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const [first, second] = await snapshotTwice(page, 'still');
    expect(second).toBe(first);
  });
});

test('the about page names the mission, how it works, the four values and the story', async ({ page }) => {
  await page.goto('/about');
  for (const heading of ['Our mission', 'How it works', 'What we value', 'Our story']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  for (const value of ['Authenticity', 'Respect', 'Privacy', 'Simplicity']) {
    await expect(page.getByRole('heading', { level: 3, name: value })).toBeVisible();
  }
});

test('/cookies shows the about content', async ({ page }) => {
  await page.goto('/cookies');
  await expect(page.getByRole('heading', { level: 2, name: 'Our mission' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Simplicity' })).toBeVisible();
});

test('the contact page has a mail link, a mail button and both social profiles', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: 'contact@campusyearbook.app' })).toHaveAttribute(
    'href',
    'mailto:contact@campusyearbook.app',
  );
  await expect(page.getByRole('link', { name: 'Send us an email' })).toHaveAttribute(
    'href',
    /^mailto:contact@campusyearbook\.app/,
  );
  for (const [name, href] of [
    [/Instagram/, 'https://www.instagram.com/campusyearbook'],
    [/LinkedIn/, 'https://www.linkedin.com/company/campusyearbook'],
  ] as const) {
    const link = page.getByRole('main').getByRole('link', { name });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
});

test('the Grievance Officer shows on /contact and /terms, drawn by the server and after a move in the app', async ({
  page,
}) => {
  const officer = async () => {
    const section = page.getByRole('region', { name: 'Grievance Officer' });
    await expect(section).toContainText('Dr. Meena Raghavan');
    await expect(section).toContainText('Vandalur-Kelambakkam Road, Chennai 600127');
    await expect(section).toContainText('within 24 hours and resolve it within 15 days');
    await expect(section.getByRole('link', { name: 'grievance@campusyearbook.app' })).toHaveAttribute(
      'href',
      'mailto:grievance@campusyearbook.app',
    );
  };
  await page.goto('/contact');
  await officer();
  // From the landing page, the footer's links move within the app: the page is drawn in the browser.
  await page.goto('/');
  const footerNav = page.getByRole('navigation', { name: 'Footer' });
  await footerNav.getByRole('link', { name: 'Terms', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
  await officer();
  await footerNav.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
  await officer();
});

test('the terms require being 18 or having parental consent', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByText('Last updated: 27.11.2026')).toBeVisible();
  // Issue #47: what the automatic check does, before anyone else sees a post.
  await expect(page.getByRole('main')).toContainText(/waits for a moderator before anyone else sees it/);
  await expect(page.getByRole('main')).toContainText(/at least 18/);
  await expect(page.getByRole('main')).toContainText(/parental consent|consent of a parent/i);
});

// SPEC §2 dates it 22.05.2025; it changed with account deletion and export (decision 017).
test('the privacy policy is dated, says how to download and delete, and covers children under 13', async ({
  page,
}) => {
  await page.goto('/privacy');
  await expect(page.getByText('Last updated: 26.11.2026')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/Download your data:/);
  await expect(page.getByRole('main')).toContainText(/Delete your account:/);
  await expect(page.getByRole('heading', { name: "Children's privacy" })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/under 13/);
});

test(
  "the transparency report shows this month's figures, drawn by the server and in the app",
  PHONE,
  async ({ page }) => {
    // The campuses' month (India, UTC+05:30), as the page names it.
    const month = new Date(Date.now() + 5.5 * 3_600_000).toLocaleString('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const html = await (await page.request.get('/transparency')).text();
    expect(html).toContain(`Moderation figures for ${month}`);
    expect(html).toContain('Reports received, by reason');

    await page.goto('/transparency');
    await expect(page.getByRole('heading', { level: 2, name: `${month} (so far)` })).toBeVisible();
    const figures = page.getByRole('table', { name: `Moderation figures for ${month}` });
    await expect(
      figures.getByRole('row', { name: /^Harassment or bullying (Fewer than 5|\d+)$/ }),
    ).toBeVisible();
    await expect(figures.getByRole('row', { name: /^Appeals made (Fewer than 5|\d+)$/ })).toBeVisible();
    await expect(
      figures.getByRole('row', {
        name: /^From a report to the first action (Not shown|[\d.]+ (hours?|minutes))$/,
      }),
    ).toBeVisible();
    // No figure under 5 is given exactly.
    for (const cell of await figures.getByRole('cell').allTextContents()) {
      expect(cell).not.toMatch(/^[0-4]$/);
    }
  },
);

test('footer links lead to their pages', async ({ page }) => {
  await page.goto('/');
  const footerNav = page.getByRole('navigation', { name: 'Footer' });
  for (const [name, h1] of [
    ['About', 'About'],
    ['Contact', 'Contact us'],
    ['Privacy', 'Privacy Policy'],
    ['Terms', 'Terms and Conditions'],
    ['Transparency', 'Transparency report'],
  ] as const) {
    await footerNav.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page).toHaveURL(new RegExp(`/${name.toLowerCase()}$`));
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campus Yearbook' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A digital time capsule for campus minds');
});

test.describe('unknown pages', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('a path deeper than any route answers 404 and shows the not-found page', PHONE, async ({ page }) => {
    const response = await page.goto('/some/deep/path');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('the asklines list is open to visitors, inside the app', async ({ page }) => {
  // Signed-in screens send a visitor to / (accounts.spec.ts); asklines are readable by anyone.
  await page.goto('/asklines');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verified Asklines');
  await expect(page.getByText('No asklines found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
});
