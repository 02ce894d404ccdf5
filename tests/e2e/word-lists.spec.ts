// Admins extending the text check in a real browser (issue #47): an admin opens Word lists from the
// account menu, adds a word to Threats (the form first says what is missing), and a student's post
// with it then waits for review; the admin allows a word the built-in lists catch wrongly, sees who
// added what, removes a word, and the moderation log has it all. Moderators have no such page.
// Words here are made up for the run, so the shared server's other specs never write them.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { answerConfirmation, expect, expectNoSeriousA11yViolations, signedInAccount, test } from './fixtures';

/** A made-up word of letters no spelling rule folds together, new for each run. */
const madeUp = () => `zu${[...randomBytes(4)].map((byte) => 'bdglmnprt'[byte % 9]).join('a')}`;

const form = (page: Page) => page.getByRole('form', { name: 'Add a word' });
const added = (page: Page) => page.getByRole('list', { name: 'Added words' });

test.describe('adding and removing', () => {
  // The same word twice is refused with a 409, which the browser logs as a failed load.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('an admin adds a word, a post with it waits for review, and the admin removes it', async ({
    page,
    browser,
  }) => {
    const word = madeUp();
    const admin = await signedInAccount(page, { userType: 'admin' });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Word lists' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Word lists');
    await expectNoSeriousA11yViolations(page);

    // Nothing chosen, nothing typed: each field says what it needs, and nothing is sent.
    await form(page).getByRole('button', { name: 'Add' }).click();
    await expect(form(page).getByText('Choose a list.')).toBeVisible();
    await expect(form(page).getByText('Write the word or phrase.')).toBeVisible();
    await expect(form(page).getByLabel('List')).toBeFocused();

    await form(page).getByLabel('List').selectOption({ label: 'Threats (holds the post for review)' });
    await form(page).getByLabel('Word or phrase').fill(word);
    await form(page).getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText(`Added “${word}” to Threats.`)).toBeVisible();
    const entry = added(page)
      .getByRole('listitem')
      .filter({ hasText: `“${word}”` });
    await expect(entry).toContainText('Threats (holds the post for review)');
    await expect(entry).toContainText(`Added by @${admin.username}`);
    // The same word again, in any case: refused, under the field.
    await form(page).getByLabel('Word or phrase').fill(word.toUpperCase());
    await form(page).getByRole('button', { name: 'Add' }).click();
    await expect(form(page).getByText(/is already added as/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A student's post with the word waits for review.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const student = await context.newPage();
      await signedInAccount(student, { fullName: 'Word Student' });
      await student.goto('/dashboard');
      await student
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Create a post' })
        .click();
      const composer = student.getByRole('form', { name: 'Create a post' });
      await composer.getByRole('textbox').fill(`I will ${word} you after the lab`);
      await composer.getByRole('button', { name: 'Post' }).click();
      await expect(
        student.getByText('Your post is waiting for review.', { exact: false }).first(),
      ).toBeVisible();
    } finally {
      await context.close();
    }

    await entry.getByRole('button', { name: `Remove “${word}”` }).click();
    await answerConfirmation(page, `Remove “${word}”?`, 'Remove');
    await expect(page.getByText(`Removed “${word}”.`)).toBeVisible();
    await expect(added(page).getByText(`“${word}”`)).toHaveCount(0);

    await page.goto('/admin/log');
    const log = page.getByRole('listitem');
    await expect(log.filter({ hasText: `added to a word list · Threats: “${word}”` })).toHaveCount(1);
    await expect(log.filter({ hasText: `removed from a word list · Threats: “${word}”` })).toHaveCount(1);
  });
});

test('an admin allows a word the built-in lists catch wrongly', async ({ page }) => {
  const place = `${madeUp()} otha kadai`;
  await signedInAccount(page, { userType: 'admin' });
  const check = async () =>
    (
      (await (
        await page.request.post('/api/safety/check', { data: { text: `${place} la tea`, anonymous: false } })
      ).json()) as { verdict: string }
    ).verdict;
  expect(await check()).toBe('rethink');
  await page.goto('/admin/word-lists');
  await form(page).getByLabel('List').selectOption('allow');
  await form(page).getByLabel('Word or phrase').fill(place);
  await form(page).getByRole('button', { name: 'Add' }).click();
  const entry = added(page)
    .getByRole('listitem')
    .filter({ hasText: `“${place}”` });
  await expect(entry).toContainText('Allowlist (never counts)');
  expect(await check()).toBe('ok');
  await entry.getByRole('button', { name: /^Remove/ }).click();
  await answerConfirmation(page, `Remove “${place}”?`, 'Remove');
  await expect(entry).toHaveCount(0);
  expect(await check()).toBe('rethink');
});

test('moderators have no word lists', async ({ page }) => {
  await signedInAccount(page, { userType: 'moderator' });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Word lists' })).toHaveCount(0);
  await page.goto('/admin/word-lists');
  await expect(page).toHaveURL(/\/dashboard$/);
});
