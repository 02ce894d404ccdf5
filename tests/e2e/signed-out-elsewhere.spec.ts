// A browser whose session ended elsewhere (issue #43): signed out from another device, it kept the
// account's anonymous posts, marked as its own, next to its named ones, for up to a day. Now, as soon
// as the server says the session is gone (a page it drew for a visitor, a 401), nothing of the account
// stays in memory or in storage, "You were signed out" is said where the person lands, and the
// browser's other tabs hear it too; a Logout in one tab signs the others out as well.
import type { APIRequest, Page } from '@playwright/test';
import { POST_MESSAGES } from '../../src/shared/values/posts';
import { expect, expectNoSeriousA11yViolations, pageIsLive, signedInAccount, test } from './fixtures';
import { expectSavedInCache } from './support/saved-cache';

const SAVED_CACHE = 'yearbook-query-cache';
const SIGNED_OUT = 'You were signed out';

/** What this browser keeps of the query cache, as text. */
function keptCopy(page: Page): Promise<string> {
  return page.evaluate((key) => localStorage.getItem(key) ?? '', SAVED_CACHE);
}

/**
 * Another device signs in to the account and signs out every other one (the account page's "Sign out
 * of all other devices", through its API): this browser's session ends without it knowing.
 */
async function signOutFromAnotherDevice(request: APIRequest, baseURL: string, userId: string) {
  const device = await request.newContext({ baseURL });
  try {
    const made = await device.post('/api/test/sessions', {
      data: { userId },
      headers: { connection: 'close' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { cookie } = (await made.json()) as { cookie: { name: string; value: string } };
    const ended = await device.delete('/api/account/sessions', {
      headers: { cookie: `${cookie.name}=${cookie.value}`, connection: 'close' },
    });
    expect(ended.status(), await ended.text()).toBe(200);
    expect(((await ended.json()) as { signedOut: number }).signedOut).toBeGreaterThanOrEqual(1);
  } finally {
    await device.dispose();
  }
}

/** A member on the dashboard with an anonymous post of their own, which the page has kept. */
async function memberWithKeptAnonymousPost(page: Page) {
  const account = await signedInAccount(page, { fullName: 'Kept Nowhere' });
  const username = account.username ?? '';
  const secret = `Nobody knows I wrote this ${Date.now()}`;
  const made = await page.request.post('/api/posts', { data: { content: secret, isAnonymous: true } });
  expect(made.status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByText(secret)).toBeVisible();
  await expectSavedInCache(page, secret);
  await expectSavedInCache(page, username);
  return { ...account, username, secret };
}

/** A second tab of the same browser, on the dashboard, live. */
async function secondTab(page: Page, secret: string): Promise<Page> {
  const tab = await page.context().newPage();
  await tab.goto('/dashboard');
  await pageIsLive(tab);
  await expect(tab.getByText(secret)).toBeVisible();
  return tab;
}

/** The page is the landing page, signed out, saying why. */
async function expectToldSignedOut(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: SIGNED_OUT })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Get Started' })).toBeVisible();
}

test('signed out from another device: the reload keeps nothing of the account, says so, and the other tab hears it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { userId, username, secret } = await memberWithKeptAnonymousPost(page);
  const otherTab = await secondTab(page, secret);

  await signOutFromAnotherDevice(playwright.request, baseURL ?? '', userId);
  await page.reload();

  // The server drew the landing page for a visitor; the kept copy was removed as the app started.
  await expectToldSignedOut(page);
  const kept = await keptCopy(page);
  expect(kept).not.toContain(secret);
  expect(kept).not.toContain(username);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The other tab, which never asked the server, heard it: it shows nothing of the account either.
  await expectToldSignedOut(otherTab);
  await expect(otherTab.getByText(secret)).toHaveCount(0);
  expect(await keptCopy(otherTab)).not.toContain(secret);
  expect(await keptCopy(page)).not.toContain(username);
});

test('on a page open to visitors, the reload stays there, drawn for a visitor, and the announcer says it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { userId, username, secret } = await memberWithKeptAnonymousPost(page);
  const named = `Said with my name ${Date.now()}`;
  const made = await page.request.post('/api/posts', { data: { content: named, isAnonymous: false } });
  const { id } = (await made.json()) as { id: string };
  await page.goto(`/${username}/${id}`);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await signOutFromAnotherDevice(playwright.request, baseURL ?? '', userId);
  await page.reload();

  await expect(page).toHaveURL(new RegExp(`/${username}/${id}$`));
  await expect(page.getByText(SIGNED_OUT)).toBeVisible();
  await expect(page.getByText(named)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }),
  ).toBeVisible();
  // What this page keeps now is the visitor's copy of a public post: nothing of the session, nothing anonymous.
  const kept = await keptCopy(page);
  expect(kept).not.toContain(secret);
  expect(kept).not.toContain(userId);
});

test.describe('a request answered 401', () => {
  // The refused request is logged by the browser as a failed resource: that is the point here.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('signed out from another device, the next thing done says so and forgets everything', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { userId, username, secret } = await memberWithKeptAnonymousPost(page);

    await signOutFromAnotherDevice(playwright.request, baseURL ?? '', userId);
    // Still showing the account, as nothing has told this page yet; a like is refused (401).
    const post = page.getByRole('article').filter({ hasText: secret });
    await post.getByRole('button', { name: /^Like, / }).click();

    await expectToldSignedOut(page);
    await expect(page.getByText(secret)).toHaveCount(0);
    const kept = await keptCopy(page);
    expect(kept).not.toContain(secret);
    expect(kept).not.toContain(username);
  });

  test('on a page open to visitors, a like refused 401 says "You were signed out", never the like failure', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { userId, username } = await memberWithKeptAnonymousPost(page);
    const named = `Liked too late ${Date.now()}`;
    const made = await page.request.post('/api/posts', { data: { content: named, isAnonymous: false } });
    const { id } = (await made.json()) as { id: string };
    await page.goto(`/${username}/${id}`);
    const like = page.getByRole('article').getByRole('button', { name: /^Like, / });
    await expect(like).toBeEnabled();
    // Every text the page shows from now on, so a message shown and gone again is caught too.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });

    await signOutFromAnotherDevice(playwright.request, baseURL ?? '', userId);
    await like.click();

    // The app reacts as to any sign-out: it stays, drawn for a visitor, and says why.
    await expect(page.getByText(SIGNED_OUT)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${username}/${id}$`));
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }),
    ).toBeVisible();
    await expect(page.getByRole('article').getByRole('button', { name: /^Like, / })).toBeDisabled();
    const seen = await page.evaluate(() =>
      (window as unknown as { seenTexts: string[] }).seenTexts.join('\n'),
    );
    expect(seen).not.toContain(POST_MESSAGES.likeFailed);
    await expectNoSeriousA11yViolations(page);
  });
});

test('Logout in one tab signs the other tabs out too; the tab that logged out is not told it was', async ({
  page,
}) => {
  const { username, secret } = await memberWithKeptAnonymousPost(page);
  const otherTab = await secondTab(page, secret);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Get Started' })).toBeVisible();

  await expectToldSignedOut(otherTab);
  await expect(otherTab.getByText(secret)).toHaveCount(0);
  expect(await keptCopy(otherTab)).not.toContain(username);
  // Checked after the other tab has been told, so the message had every chance to show here too.
  await expect(page.getByText(SIGNED_OUT)).toHaveCount(0);
});
