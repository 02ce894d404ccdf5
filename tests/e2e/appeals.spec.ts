// Statements of reasons and appeals in a real browser (issue #47). A moderator removes a reported post
// with the rule it broke and the facts; its author reads the statement in their notification and on
// the post's own page, and appeals; the moderator who removed it cannot decide the appeal, another
// overturns it: the post is back and its author is told. A held post removed from the Held tab has
// its statement too (found automatically), and an appeal upheld keeps it away. Axe-clean on desktop
// and phone.
import type { Browser, Page } from '@playwright/test';
import {
  answerConfirmation,
  expect,
  expectNoSeriousA11yViolations,
  PHONE,
  signedInAccount,
  test,
} from './fixtures';

// Opening the removed post's address in the app asks for the post first: a 404 (to its author too),
// which the browser logs; its statement comes next.
test.use({ allowedConsoleErrors: [/status of 404/] });

/** A page in a browser of its own, signed in as a new account (closed by the caller). */
async function anotherMember(browser: Browser, options: Parameters<typeof signedInAccount>[1]) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const account = await signedInAccount(page, options);
  return { context, page, account };
}

/** Fills the removal dialog: first sent empty (the messages), then with `rule` and `facts`. */
async function removeWithStatement(page: Page, title: string, rule: string, facts: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove post' }).click();
  await expect(dialog.getByText('Choose the rule of the Terms the post broke.')).toBeVisible();
  await expect(dialog.getByText('Say briefly what in the post broke the rule.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('radio', { name: rule }).check();
  await dialog.getByRole('textbox', { name: /Facts/ }).fill(facts);
  await dialog.getByRole('button', { name: 'Remove post' }).click();
  await expect(dialog).toBeHidden();
}

test(
  'a removed post: statement in the notification and on its page, appealed, overturned by another moderator',
  PHONE,
  async ({ page, browser }) => {
    const reporter = await anotherMember(browser, { fullName: 'Rekha Reporter' });
    const remover = await anotherMember(browser, { userType: 'moderator', fullName: 'Mohan Remover' });
    const second = await anotherMember(browser, { userType: 'moderator', fullName: 'Selvi Second' });
    try {
      const author = await signedInAccount(page, { fullName: 'Arun Author' });
      const content = `The whole of B block is full of losers ${Date.now()}`;
      const posted = await page.request.post('/api/posts', { data: { content } });
      expect(posted.status(), await posted.text()).toBe(201);
      const postId = ((await posted.json()) as { id: string }).id;
      const reported = await reporter.page.request.post(`/api/posts/${postId}/report`, {
        data: { reason: 'harassment' },
      });
      expect(reported.status()).toBe(200);

      // The moderator removes it from the reports page: Delete asks for the rule and the facts.
      await remover.page.goto('/reports');
      const card = remover.page.getByRole('article').filter({ hasText: content });
      await card.getByRole('button', { name: 'Delete post' }).click();
      await removeWithStatement(
        remover.page,
        'Remove this post?',
        'Harassment, bullying or threats',
        'Calls the students of a hostel block losers.',
      );
      await expect(card).toHaveCount(0);

      // The author's notification: the statement, naming neither the moderator nor the reporter.
      await page.goto('/notifications');
      const note = page.getByRole('listitem').filter({ hasText: 'Staff removed your post' });
      const statement = note.getByRole('list', { name: 'Statement of reasons' });
      await expect(statement).toContainText('Rule broken: Harassment, bullying or threats (Terms §3');
      await expect(statement).toContainText('Facts: Calls the students of a hostel block losers.');
      await expect(statement).toContainText('members reported the post');
      await expect(note).not.toContainText('Mohan');
      await expect(note).not.toContainText('Rekha');
      await expectNoSeriousA11yViolations(page);

      // It leads to the post's own address: "Removed", the statement and the appeal.
      await note.getByRole('link', { name: /Staff removed your post/ }).click();
      await expect(page).toHaveURL(new RegExp(`/${author.username}/${postId}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Removed' })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Your post' })).toContainText(content);
      await expect(page.getByText('Calls the students of a hostel block losers.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Read the Terms' })).toHaveAttribute(
        'href',
        '/terms#acceptable-use',
      );
      await expectNoSeriousA11yViolations(page);
      const appeal = page.getByRole('textbox', { name: 'Your appeal, in your own words' });
      await page.getByRole('button', { name: 'Send appeal' }).click();
      await expect(
        page.getByText('Write your appeal: say why the post should not have been removed.'),
      ).toBeVisible();
      await appeal.fill('I was joking with my own wingmates; nobody outside the block was named.');
      await expect(page.getByText('71 / 1,000 characters')).toBeVisible();
      await page.getByRole('button', { name: 'Send appeal' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Waiting for a moderator who did not remove it' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send appeal' })).toHaveCount(0);
      // Reloaded, the page is drawn by the server as it is.
      await page.reload();
      await expect(page.getByText('I was joking with my own wingmates', { exact: false })).toBeVisible();

      // Anyone else: the post does not exist.
      await reporter.page.goto(`/${author.username}/${postId}`);
      await expect(reporter.page.getByRole('heading', { level: 1 })).toHaveText('Post not found');

      // The moderator who removed it sees the appeal, and why they cannot decide it.
      await remover.page.goto('/reports?tab=appeals');
      const mine = remover.page
        .getByRole('region', { name: 'Appeals' })
        .getByRole('article')
        .filter({ hasText: content });
      await expect(mine).toContainText('I was joking with my own wingmates');
      await expect(mine).toContainText('another moderator or admin must decide it');
      await expect(mine.getByRole('button', { name: 'Overturn' })).toHaveCount(0);

      // Another moderator overturns it, from the tab beside Reports and Held.
      await second.page.goto('/reports');
      await second.page.getByRole('button', { name: 'Appeals' }).click();
      const item = second.page
        .getByRole('region', { name: 'Appeals' })
        .getByRole('article')
        .filter({ hasText: content });
      await expect(item.getByRole('heading', { level: 2 })).toContainText('Arun Author');
      await expect(item).toContainText('Harassment, bullying or threats');
      await expectNoSeriousA11yViolations(second.page);
      await item.getByRole('button', { name: 'Overturn' }).click();
      await answerConfirmation(second.page, 'Overturn the removal?', 'Overturn');
      // Gone from the queue (other tests' appeals may be open on this shared server: no "No open appeals").
      await expect(item).toHaveCount(0);

      // The post is back, for everyone; its author is told.
      await reporter.page.goto(`/${author.username}/${postId}`);
      await expect(reporter.page.getByRole('article').filter({ hasText: content })).toBeVisible();
      await page.goto('/notifications');
      const outcome = page.getByRole('link', { name: /Your appeal succeeded: your post is back/ });
      await expect(outcome).toBeVisible();
      await outcome.click();
      await expect(page.getByRole('article').filter({ hasText: content })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Removed' })).toHaveCount(0);
    } finally {
      await reporter.context.close();
      await remover.context.close();
      await second.context.close();
    }
  },
);

test(
  'a held post removed: its statement says it was found automatically; an appeal upheld keeps it away',
  PHONE,
  async ({ page, browser }) => {
    const named = await anotherMember(browser, { fullName: 'Naveen Named' });
    const remover = await anotherMember(browser, { userType: 'moderator', fullName: 'Hema Holder' });
    const admin = await anotherMember(browser, { userType: 'admin', fullName: 'Ashok Admin' });
    try {
      await signedInAccount(page, { fullName: 'Hidden Hari' });
      const content = `@${named.account.username} cheats in every lab test ${Date.now()}`;
      const held = await page.request.post('/api/posts', { data: { content, isAnonymous: true } });
      expect(held.status(), await held.text()).toBe(202);
      const postId = ((await held.json()) as { id: string }).id;

      await remover.page.goto('/reports?tab=held');
      const item = remover.page
        .getByRole('region', { name: 'Held posts' })
        .getByRole('article')
        .filter({ hasText: content });
      await item.getByRole('button', { name: 'Remove' }).click();
      await removeWithStatement(
        remover.page,
        'Remove this held post?',
        'Harassment, bullying or threats',
        'Accuses a named student of cheating, anonymously.',
      );
      await expect(item).toHaveCount(0);

      await page.goto('/notifications');
      const note = page.getByRole('listitem').filter({ hasText: 'Your post held for review was removed' });
      await expect(note.getByRole('list', { name: 'Statement of reasons' })).toContainText(
        'Found automatically: the text check held the post for review',
      );
      await note.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Removed' })).toBeVisible();
      await expect(page.getByText('it was never published', { exact: false })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Your post' })).toContainText('Your anonymous post');
      await expectNoSeriousA11yViolations(page);
      await page
        .getByRole('textbox', { name: 'Your appeal, in your own words' })
        .fill('It is true: he does.');
      await page.getByRole('button', { name: 'Send appeal' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Waiting for a moderator' })).toBeVisible();

      // Staff see it as anonymous; the admin upholds the removal.
      await admin.page.goto('/reports?tab=appeals');
      const appeal = admin.page
        .getByRole('region', { name: 'Appeals' })
        .getByRole('article')
        .filter({ hasText: content });
      await expect(appeal.getByRole('heading', { level: 2 })).toContainText('Anonymous');
      await expect(appeal).toContainText('Found automatically');
      await expectNoSeriousA11yViolations(admin.page);
      await appeal.getByRole('button', { name: 'Uphold' }).click();
      await answerConfirmation(admin.page, 'Uphold the removal?', 'Uphold');
      await expect(appeal).toHaveCount(0);

      await page.goto('/notifications');
      await page.getByRole('link', { name: /Your appeal was turned down: your post stays removed/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Removed' })).toBeVisible();
      await expect(
        page.getByText('upheld the removal: the post stays removed', { exact: false }),
      ).toBeVisible();
      await named.page.goto(`/post/${postId}`);
      await expect(named.page.getByRole('heading', { level: 1 })).toHaveText('Post not found');
    } finally {
      await named.context.close();
      await remover.context.close();
      await admin.context.close();
    }
  },
);
