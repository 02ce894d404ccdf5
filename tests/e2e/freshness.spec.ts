// What one person does reaches another's screen: a reload (or a new page load) shows the kept copy
// and asks the server again, so a post or a like made elsewhere is there (issue: a persisted cache
// "fresh for 5 minutes" once hid them until it aged). And a like is optimistic on every screen,
// the reports page included, and put back when it fails. Two browsers, on the shared server.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, signedInAccount, test, uniqueUsername } from './fixtures';
import { expectSavedInCache } from './support/saved-cache';

/** Another person, signed in, in a browser of their own. */
async function newPerson(browser: Browser, options: Parameters<typeof signedInAccount>[1] = {}) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const account = await signedInAccount(page, options);
  return { context, page, account };
}

async function post(request: APIRequestContext, content: string): Promise<string> {
  const res = await request.post('/api/posts', { data: { content }, headers: { connection: 'close' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function setLike(request: APIRequestContext, postId: string, liked: boolean) {
  const url = `/api/posts/${postId}/like`;
  const res = liked ? await request.put(url) : await request.delete(url);
  expect(res.status(), await res.text()).toBe(200);
}

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('a reload shows what others did since: the feed, a profile page and a post page', async ({
  page,
  browser,
}) => {
  const author = await newPerson(browser, { username: uniqueUsername('fresh_a'), fullName: 'Fresh Author' });
  const authorName = author.account.username ?? '';
  const first = `First post of ${authorName}`;
  const firstId = await post(author.context.request, first);
  await signedInAccount(page);

  // The viewer has seen the author's profile and the feed, and their browser has kept both.
  await page.goto(`/${authorName}`);
  await expect(card(page, first).getByRole('button', { name: 'Like, 0 likes' })).toBeVisible();
  await page.goto('/dashboard?sort=newest');
  await expect(card(page, first).getByRole('button', { name: 'Like, 0 likes' })).toBeVisible();
  await expectSavedInCache(page, first);

  // Meanwhile the author posts again and likes the first post.
  const second = `Second post of ${authorName}`;
  await post(author.context.request, second);
  await setLike(author.context.request, firstId, true);

  // A reload brings the server's answer with the page: the new post and the like are there, and the
  // kept copy does not stand in for them.
  await page.reload();
  await expect(card(page, second)).toBeVisible();
  await expect(card(page, first).getByRole('button', { name: 'Like, 1 like' })).toBeVisible();

  // The profile page, opened again, is the server's word too.
  await page.goto(`/${authorName}`);
  await expect(card(page, second)).toBeVisible();
  await expect(card(page, first).getByRole('button', { name: 'Like, 1 like' })).toBeVisible();

  // And the post page.
  await page.goto(`/${authorName}/${firstId}`);
  await expect(card(page, first).getByRole('button', { name: 'Like, 1 like' })).toBeVisible();
  await setLike(author.context.request, firstId, false);
  await page.reload();
  await expect(card(page, first).getByRole('button', { name: 'Like, 0 likes' })).toBeVisible();

  await author.context.close();
});

test.describe('the reports page', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test('a like on a reported post changes its card at once; a failed one is put back and announced', async ({
    page,
    browser,
  }) => {
    const author = await newPerson(browser);
    const text = `Reported post by ${author.account.username}`;
    const postId = await post(author.context.request, text);
    const reporter = await newPerson(browser);
    const reported = await reporter.context.request.post(`/api/posts/${postId}/report`, {
      data: { reason: 'spam' },
      headers: { connection: 'close' },
    });
    expect(reported.status(), await reported.text()).toBeLessThan(300);

    await signedInAccount(page, { userType: 'moderator' });
    await page.goto('/reports?sort=newest');
    const reportedCard = card(page, text);
    await reportedCard.getByRole('button', { name: 'Like, 0 likes' }).click();
    await expect(reportedCard.getByRole('button', { name: 'Unlike, 1 like' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // What the card showed is what the server kept.
    await page.reload();
    await expect(reportedCard.getByRole('button', { name: 'Unlike, 1 like' })).toBeVisible();

    // An unlike the server cannot take: back to liked, and told so.
    await page.route('**/api/posts/*/like', (route) => route.abort('connectionreset'));
    await reportedCard.getByRole('button', { name: 'Unlike, 1 like' }).click();
    await expect(page.locator('[aria-live="assertive"]')).toHaveText(
      'failled to register the like OR you are in demo mode',
    );
    await expect(reportedCard.getByRole('button', { name: 'Unlike, 1 like' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await author.context.close();
    await reporter.context.close();
  });
});
