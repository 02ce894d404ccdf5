// The text check in a real browser (issue #47): a student's post the check calls rethink shows what it
// found and goes out on "Post anyway"; an anonymous post naming a member waits for review, seen by its
// author on their profile and by no one else; a moderator approves it from the Held tab of /reports
// (axe-clean on desktop and phone) and it is in the feed, and its author is told.
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, PHONE, signedInAccount, test } from './fixtures';

const feedPosts = (page: Page) => page.getByRole('region', { name: 'Posts' }).getByRole('article');
const composer = (page: Page) => page.getByRole('form', { name: 'Create a post' });

/** Opens the composer from the navbar and types `content`. */
async function draft(page: Page, content: string, anonymous = false) {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create a post' }).click();
  await composer(page).getByRole('textbox').fill(content);
  if (anonymous) await composer(page).getByRole('checkbox', { name: 'Post anonymously' }).check();
}

/** A page in a browser of its own, signed in as a new account (closed by the caller's context). */
async function anotherMember(browser: Browser, options: Parameters<typeof signedInAccount>[1]) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const account = await signedInAccount(page, options);
  return { context, page, account };
}

test.describe('rethink', () => {
  // The server's first answer is the 422 that asks "Post anyway?": the browser logs it as a failed load.
  test.use({ allowedConsoleErrors: [/status of 422/] });

  test('a post the check calls rethink shows what it found, and goes out on Post anyway', async ({
    page,
  }) => {
    await signedInAccount(page, { fullName: 'Rethink Rani' });
    const content = `This shit exam timetable ${Date.now()}`;
    await draft(page, content);
    await composer(page).getByRole('button', { name: 'Post' }).click();
    const warning = composer(page).getByRole('region', { name: 'Post anyway?' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('listitem')).toContainText(['“shit”']);
    await expectNoSeriousA11yViolations(page);
    await warning.getByRole('button', { name: 'Post anyway' }).click();
    await expect(feedPosts(page).filter({ hasText: content })).toHaveCount(1);
  });
});

test('an anonymous post naming a member waits for review; a moderator approves it from the Held tab', async ({
  page,
  browser,
}) => {
  const named = await anotherMember(browser, { fullName: 'Tamizh Selvan' });
  const mod = await anotherMember(browser, { userType: 'moderator', fullName: 'Meera Moderator' });
  try {
    const author = await signedInAccount(page, { fullName: 'Hidden Harish' });
    const content = `@${named.account.username} skipped the lab again ${Date.now()}`;
    await draft(page, content, true);
    await composer(page).getByRole('button', { name: 'Post' }).click();
    await expect(page.getByText('Your post is waiting for review.', { exact: false }).first()).toBeVisible();
    await expect(feedPosts(page).filter({ hasText: content })).toHaveCount(0);

    // Its author sees it on their profile, waiting; the member it names does not, nor in the feed.
    await page.goto(`/${author.username}`);
    const waiting = page.getByRole('region', { name: 'Waiting for review' });
    await expect(waiting.getByText(content)).toBeVisible();
    await expect(waiting).toContainText('Anonymous');
    await named.page.goto(`/${author.username}`);
    await expect(named.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(named.page.getByText(content)).toHaveCount(0);
    await named.page.goto('/dashboard?sort=newest');
    await expect(feedPosts(named.page).first()).toBeVisible();
    await expect(named.page.getByText(content)).toHaveCount(0);

    // The moderator's Held tab: anonymous, with what the check found.
    await mod.page.goto('/reports');
    await mod.page.getByRole('button', { name: 'Held' }).click();
    const item = mod.page.getByRole('article').filter({ hasText: content });
    await expect(item).toBeVisible();
    await expect(item.getByRole('heading')).toContainText('Anonymous');
    await expect(item).not.toContainText(author.username ?? '');
    await expectNoSeriousA11yViolations(mod.page);
    await item.getByRole('button', { name: 'Approve' }).click();
    const dialog = mod.page.getByRole('dialog', { name: 'Approve this post?' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(item).toHaveCount(0);

    // Out: in the feed, anonymous; and its author is told.
    await named.page.goto('/dashboard?sort=newest');
    const out = feedPosts(named.page).filter({ hasText: content });
    await expect(out).toHaveCount(1);
    await expect(out).not.toContainText(author.username ?? '');
    await page.goto('/notifications');
    await expect(page.getByText('Your post was reviewed and is now published')).toBeVisible();
    await page.goto(`/${author.username}`);
    await expect(page.getByRole('region', { name: 'Waiting for review' })).toHaveCount(0);
  } finally {
    await named.context.close();
    await mod.context.close();
  }
});

test('the Held tab is axe-clean at this width', PHONE, async ({ page, browser }) => {
  const named = await anotherMember(browser, { fullName: 'Phone Named' });
  try {
    await signedInAccount(page, { fullName: 'Phone Holder' });
    const held = await page.request.post('/api/posts', {
      data: { content: `@${named.account.username} never returns notes`, isAnonymous: true },
    });
    expect(held.status(), await held.text()).toBe(202);
    await signedInAccount(page, { userType: 'moderator', fullName: 'Phone Moderator' });
    await page.goto('/reports?tab=held');
    await expect(page.getByRole('region', { name: 'Held posts' }).getByRole('article').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  } finally {
    await named.context.close();
  }
});
