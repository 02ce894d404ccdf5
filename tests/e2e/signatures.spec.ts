// Signatures in real browsers (issue #52, decision 040), on desktop and phone: A signs B's yearbook
// and sees "Waiting for approval"; B's notifications say so and lead to B's yearbook, where B approves
// it; A and a third member then read it on B's profile; B removes it. A signature is edited and
// withdrawn before approval. Axe-clean in each state.
import type { Browser, Page } from '@playwright/test';
import {
  answerConfirmation,
  type E2eAccount,
  expect,
  expectNoSeriousA11yViolations,
  PHONE,
  pageIsLive,
  signedInAccount,
  test,
} from './fixtures';

/** A browser of one's own, signed in as a new member named `fullName`. */
async function memberPage(browser: Browser, fullName: string): Promise<{ page: Page; account: E2eAccount }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const account = await signedInAccount(page, { fullName });
  // Only the test's own page waits for the app on each goto (fixtures.ts): these wait here.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await pageIsLive(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await pageIsLive(page);
    return response;
  };
  return { page, account };
}

const section = (page: Page) => page.locator('#signatures');
const MESSAGE = 'Best lab partner ever. See you at the reunion!';

test(
  'A signs B’s yearbook, B approves it from the notification, others read it, B removes it',
  PHONE,
  async ({ page, browser }) => {
    const bina = await signedInAccount(page, { fullName: 'Bina Rao' });
    const a = await memberPage(browser, 'Arjun Kumar');
    const c = await memberPage(browser, 'Chitra Iyer');
    try {
      // A opens B's profile: B's yearbook is empty, and A may sign it.
      await a.page.goto(`/${bina.username}`);
      await expect(section(a.page).getByRole('heading', { name: "Bina's yearbook" })).toBeVisible();
      await expect(section(a.page).getByText('No signatures yet')).toBeVisible();
      await section(a.page).getByRole('button', { name: "Sign Bina's yearbook" }).click();
      const box = a.page.getByRole('textbox', { name: "Your message in Bina's yearbook" });
      await expect(box).toBeFocused();
      await box.fill(MESSAGE);
      await expect(section(a.page).getByText(`${MESSAGE.length}/256`)).toBeVisible();
      await expectNoSeriousA11yViolations(a.page);
      await section(a.page).getByRole('button', { name: 'Sign', exact: true }).click();
      await expect(a.page.getByText('Signature sent. Waiting for approval.')).toBeVisible();
      await expect(section(a.page).getByText('Waiting for approval')).toBeVisible();
      await expect(section(a.page).getByText(MESSAGE)).toBeVisible();
      // Not in the book yet: a third member sees nothing of it.
      await c.page.goto(`/${bina.username}`);
      await expect(section(c.page).getByText('No signatures yet')).toBeVisible();
      await expect(section(c.page).getByText(MESSAGE)).toHaveCount(0);

      // B's notifications say so and lead to B's yearbook, where it waits.
      await page.goto('/notifications');
      const told = page.getByRole('link', { name: /Arjun Kumar signed your yearbook/ });
      await expect(told).toBeVisible();
      await told.click();
      await expect(page).toHaveURL(new RegExp(`/${bina.username}#signatures$`));
      const waiting = section(page).getByRole('list', { name: 'Waiting for your approval' });
      await expect(waiting.getByText(MESSAGE)).toBeVisible();
      await expect(section(page).getByText('No signatures yet')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await waiting.getByRole('button', { name: 'Approve the signature from Arjun Kumar' }).click();
      await expect(page.getByText('Signature from Arjun Kumar approved.')).toBeVisible();
      await expect(section(page).getByRole('heading', { name: 'Waiting for your approval' })).toHaveCount(0);
      const approved = section(page).getByRole('list', { name: 'Approved signatures' });
      await expect(approved.getByText(MESSAGE)).toBeVisible();

      // A sees it approved, with no way to change it; C reads it with its writer.
      await a.page.reload();
      await expect(section(a.page).getByText("You signed Bina's yearbook")).toBeVisible();
      await expect(section(a.page).getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(a.page);
      await c.page.reload();
      const book = section(c.page).getByRole('list', { name: 'Signatures' });
      await expect(book.getByText(MESSAGE)).toBeVisible();
      await expect(book.getByRole('link', { name: `Arjun Kumar @${a.account.username}` })).toHaveAttribute(
        'href',
        `/${a.account.username}`,
      );
      await expect(section(c.page).getByRole('button', { name: /Remove/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(c.page);

      // B removes it, after saying so.
      await approved.getByRole('button', { name: 'Remove the signature from Arjun Kumar' }).click();
      await answerConfirmation(page, 'Remove this signature?', 'Remove');
      await expect(page.getByText('Signature removed.')).toBeVisible();
      await expect(section(page).getByText('No signatures yet')).toBeVisible();
      await c.page.reload();
      await expect(section(c.page).getByText('No signatures yet')).toBeVisible();
    } finally {
      await a.page.context().close();
      await c.page.context().close();
    }
  },
);

test('a signature is edited and withdrawn while it waits', PHONE, async ({ page, browser }) => {
  const bina = await memberPage(browser, 'Bina Rao');
  try {
    await signedInAccount(page, { fullName: 'Arjun Kumar' });
    await page.goto(`/${bina.account.username}`);
    await section(page).getByRole('button', { name: "Sign Bina's yearbook" }).click();
    const box = page.getByRole('textbox', { name: "Your message in Bina's yearbook" });
    // The server's rule, said before asking it.
    await box.fill('x'.repeat(257));
    await expect(section(page).getByText('257/256')).toBeVisible();
    await section(page).getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(section(page).getByRole('alert')).toHaveText('A signature can be at most 256 characters.');
    await box.fill('First words');
    await section(page).getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(section(page).getByText('Waiting for approval')).toBeVisible();

    await section(page).getByRole('button', { name: 'Edit' }).click();
    await expect(box).toHaveValue('First words');
    await box.fill('Better words, edited');
    await section(page).getByRole('button', { name: 'Save' }).click();
    await expect(section(page).getByText('Better words, edited')).toBeVisible();
    await expect(section(page).getByText('Waiting for approval')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // B finds the edited words waiting.
    await bina.page.goto(`/${bina.account.username}`);
    const waiting = section(bina.page).getByRole('list', { name: 'Waiting for your approval' });
    await expect(waiting.getByText('Better words, edited')).toBeVisible();
    await expect(waiting.getByText('First words')).toHaveCount(0);

    // Withdrawn: gone from B's pending list, and A may sign again.
    await section(page).getByRole('button', { name: 'Withdraw' }).click();
    await answerConfirmation(page, 'Withdraw your signature?', 'Withdraw');
    await expect(section(page).getByRole('button', { name: "Sign Bina's yearbook" })).toBeVisible();
    await bina.page.reload();
    await expect(section(bina.page).getByRole('heading', { name: 'Waiting for your approval' })).toHaveCount(
      0,
    );
    await expect(section(bina.page).getByText('No signatures yet')).toBeVisible();
  } finally {
    await bina.page.context().close();
  }
});
