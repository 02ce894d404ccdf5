// Shared e2e helpers: an accessibility check that fails on serious or critical axe violations, a
// test that fails on page errors, and accounts made by the test-only route, signed in by cookie.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/**
 * Fails the test on any uncaught page error or console error (CSP refusals show up here). A test that
 * expects one (a deliberate 404) lists it in `allowedConsoleErrors`.
 */
export const test = base.extend<{ failOnPageErrors: undefined; allowedConsoleErrors: RegExp[] }>({
  // A page the server drew shows before its script runs; a person waits for it to respond before
  // tapping, and so does every test: goto and reload return once the page and its navbar are live
  // (src/web/lib/ready-mark.ts). Pages of other contexts (JavaScript off) are not waited for, nor a
  // page opened `{ waitUntil: 'commit' }`: a test of what a tap does before then (first-tap.spec.ts).
  page: async ({ page }, use) => {
    const live = () => pageIsLive(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await live();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await live();
      return response;
    };
    await use(page);
  },
  allowedConsoleErrors: [[], { option: true }],
  failOnPageErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (allowedConsoleErrors.some((allowed) => allowed.test(message.text()))) return;
        problems.push(`console: ${message.text()}`);
      });
      await use(undefined);
      expect(problems, problems.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the page and its navbar are live. `goto` and `reload` do it themselves; a test that
 * lands on a page another way (a redirect from a sign-in elsewhere) calls this before it taps.
 */
export function pageIsLive(page: Page) {
  return page.waitForFunction(() => {
    if (!document.getElementById('root')) return true; // not the app: an embed page, an image
    const marks = document.documentElement.dataset;
    return marks.pageReady === 'true' && marks.headerReady === 'true';
  });
}

/**
 * Tests that check a screen at phone width too: the phone project runs only these (the rest test
 * rules and flows, which do not change with the width); the desktop project runs everything.
 */
export const PHONE = { tag: '@phone' };

/**
 * Tests of a layout at phone width only: the desktop project leaves them out (playwright.config.ts),
 * because at desktop width the flows visit those screens, with axe scans.
 */
export const PHONE_ONLY = { tag: '@phone-only' };

export interface E2eAccount {
  userId: string;
  email: string;
  username: string | null;
}

export interface E2eAccountOptions {
  username?: string;
  fullName?: string;
  userType?: 'admin' | 'moderator' | 'ordinary';
  profile?: boolean;
  password?: string;
  /** The server; defaults to the shared one (baseURL). */
  url?: string;
}

/**
 * An account made on the server (the test-only route: NODE_ENV=test), with a profile unless
 * `profile: false`, and the session cookie it answered with; nothing is set in any browser.
 */
export async function createE2eAccount(
  page: Page,
  options: E2eAccountOptions = {},
): Promise<E2eAccount & { cookie: { name: string; value: string } }> {
  const { url = test.info().project.use.baseURL ?? '', ...body } = options;
  const username = body.profile === false ? undefined : (body.username ?? uniqueUsername('member'));
  // Connection: close, as in signInByCookie (support/seeded-server.ts): no idle socket left to race.
  const res = await page.request.post(`${url}/api/test/accounts`, {
    data: { ...body, username },
    headers: { connection: 'close' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as E2eAccount & { cookie: { name: string; value: string } };
}

/**
 * An account made as createE2eAccount does, with its session set in the page's browser: the test
 * starts signed in, as someone who signed in yesterday. A `password` is only needed where the test
 * types it.
 */
export async function signedInAccount(page: Page, options: E2eAccountOptions = {}): Promise<E2eAccount> {
  const url = options.url ?? test.info().project.use.baseURL ?? '';
  const { cookie, ...made } = await createE2eAccount(page, options);
  await page.context().addCookies([{ name: cookie.name, value: cookie.value, url }]);
  return { userId: made.userId, email: made.email, username: made.username };
}

/** A username no other test has: `prefix_` and random letters, within the 20 characters allowed. */
export function uniqueUsername(prefix: string): string {
  return `${prefix.slice(0, 10)}_${randomBytes(4).toString('hex')}`;
}

/**
 * Answers the app's confirmation (components/ui/confirm-dialog.tsx), a modal dialog named by its
 * question: presses `button` ("Delete", "Cancel"...) and waits for the dialog to close.
 */
export async function answerConfirmation(page: Page, question: string | RegExp, button: string) {
  const dialog = page.getByRole('dialog', { name: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}
