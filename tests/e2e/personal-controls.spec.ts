// Personal controls in a real browser (issue #48, decision 032), from where people meet them: a post
// card's menu and a profile. "Dislike" keeps its second and hides the post, with Undo; "Mute this
// author" on an anonymous post hides that post and no other (not another anonymous post by the same
// hand); muting a named author hides their named posts and never their anonymous ones; a block asks
// first, says so on the profile with Unblock, and the blocked person finds the blocker's profile
// missing; muted words hide matching posts with a count and Show them. Axe-clean on desktop and phone.
// The controls page (/profile/controls) has its own spec.
import type { Browser, Page } from '@playwright/test';
import {
  answerConfirmation,
  expect,
  expectNoSeriousA11yViolations,
  PHONE,
  signedInAccount,
  test,
} from './fixtures';

// A blocked person asking for the blocker's profile gets the same 404 a missing one does.
test.use({ allowedConsoleErrors: [/status of 404/] });

/** A page in a browser of its own, signed in as a new account (closed by the caller). */
async function anotherMember(browser: Browser, fullName: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const account = await signedInAccount(page, { fullName });
  return { context, page, username: account.username ?? '' };
}

async function post(page: Page, content: string, isAnonymous = false) {
  const res = await page.request.post('/api/posts', { data: { content, isAnonymous } });
  expect(res.status(), await res.text()).toBe(201);
}

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

async function choose(page: Page, text: string, item: string) {
  await card(page, text).getByRole('button', { name: 'More options' }).click();
  await card(page, text).getByRole('button', { name: item }).click();
}

/** Letters no other post has: muted words match letters. */
const uniqueWord = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** An author's three posts (two anonymous, one named), and a new viewer on the newest-first feed. */
async function authorWithPosts(page: Page, browser: Browser) {
  const author = await anotherMember(browser, 'Bala Author');
  const stamp = Date.now();
  const named = `Canteen dosa is back on Fridays ${stamp}`;
  const anonymous = `Someone keeps taking my lab coat ${stamp}`;
  const otherAnonymous = `The library AC is finally fixed ${stamp}`;
  await post(author.page, otherAnonymous, true);
  await post(author.page, anonymous, true);
  await post(author.page, named);
  await signedInAccount(page, { fullName: 'Asha Viewer' });
  await page.goto('/dashboard?sort=newest');
  await expect(card(page, named)).toBeVisible();
  return { author, named, anonymous, otherAnonymous };
}

test('Dislike hides a post with Undo, kept after a reload', PHONE, async ({ page, browser }) => {
  const { author, named } = await authorWithPosts(page, browser);
  try {
    // Dislike: its second, then the post leaves the feed, with Undo in the toast.
    await card(page, named).getByRole('button', { name: 'More options' }).click();
    await expect(card(page, named).getByRole('button', { name: `Block @${author.username}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The card's status is recorded in the page as it changes: its one second is seen however late
    // a busy machine lets the test look.
    await card(page, named)
      .getByRole('status')
      .evaluate((status) => {
        const seen: string[] = [];
        (window as unknown as { statusSeen: string[] }).statusSeen = seen;
        new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
    await card(page, named).getByRole('button', { name: 'Dislike' }).click();
    await expect(card(page, named)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen)).toContain(
      'Disliked',
    );
    const toast = page.getByText('Post hidden. You won’t see it in your feed again.');
    await expect(toast).toBeVisible();
    // Reached by keyboard, the toast stays while its Undo holds the focus, however long the scan takes.
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.focus();
    await expectNoSeriousA11yViolations(page);
    await expect(toast).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(card(page, named)).toBeVisible();
    // Undo is kept: a reload shows it.
    await page.reload();
    await expect(card(page, named)).toBeVisible();
  } finally {
    await author.context.close();
  }
});

test('muting an author hides what the rule says, no more', PHONE, async ({ page, browser }) => {
  const { author, named, anonymous, otherAnonymous } = await authorWithPosts(page, browser);
  try {
    // "Mute this author" on an anonymous post: that post alone, and the app says why.
    await card(page, anonymous).getByRole('button', { name: 'More options' }).click();
    await expect(card(page, anonymous).getByRole('button', { name: /^Block/ })).toHaveCount(0);
    await card(page, anonymous).getByRole('button', { name: 'Mute this author' }).click();
    await expect(card(page, anonymous)).toHaveCount(0);
    await expect(page.getByText("Anonymous authors can't be muted as a person")).toBeVisible();
    await page.reload();
    await expect(card(page, anonymous)).toHaveCount(0);
    await expect(card(page, otherAnonymous)).toBeVisible();
    await expect(card(page, named)).toBeVisible();

    // Muting the named author: their named post goes, their anonymous one stays.
    await choose(page, named, `Mute @${author.username}`);
    await expect(card(page, named)).toHaveCount(0);
    await expect(page.getByText(`You muted @${author.username}.`)).toBeVisible();
    await expect(card(page, otherAnonymous)).toBeVisible();
    await page.reload();
    await expect(card(page, named)).toHaveCount(0);
    await expect(card(page, otherAnonymous)).toBeVisible();

    // Their profile still shows their posts (opened on purpose), and offers Unmute.
    await page.goto(`/${author.username}`);
    await expect(card(page, named)).toBeVisible();
    await page.getByRole('button', { name: `More options for @${author.username}` }).click();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: `Unmute @${author.username}` }).click();
    await expect(page.getByText(`You unmuted @${author.username}.`)).toBeVisible();
    await page.goto('/dashboard?sort=newest');
    await expect(card(page, named)).toBeVisible();
  } finally {
    await author.context.close();
  }
});

test(
  'a block asks first, says so on the profile with Unblock, and hides each from the other',
  PHONE,
  async ({ page, browser }) => {
    const other = await anotherMember(browser, 'Chitra Blocked');
    try {
      const stamp = Date.now();
      const theirs = `Anyone selling a used cycle ${stamp}`;
      const theirAnonymous = `Hostel Wi-Fi is down again ${stamp}`;
      await post(other.page, theirs);
      await post(other.page, theirAnonymous, true);
      const me = await signedInAccount(page, { fullName: 'Deepa Blocker' });
      const mine = `Selling my old calculator ${stamp}`;
      await post(page, mine);

      await page.goto(`/${other.username}`);
      await page.getByRole('button', { name: `More options for @${other.username}` }).click();
      await page.getByRole('button', { name: `Block @${other.username}` }).click();
      // Asked first; cancelling changes nothing.
      await answerConfirmation(page, `Block @${other.username}?`, 'Cancel');
      await expect(card(page, theirs)).toBeVisible();
      await page.getByRole('button', { name: `More options for @${other.username}` }).click();
      await page.getByRole('button', { name: `Block @${other.username}` }).click();
      await expect(page.getByRole('dialog', { name: `Block @${other.username}?` })).toContainText(
        'Anonymous posts are not affected.',
      );
      await expectNoSeriousA11yViolations(page);
      await answerConfirmation(page, `Block @${other.username}?`, 'Block');
      await expect(page.getByText('You blocked this person.')).toBeVisible();
      await expect(card(page, theirs)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      // In my feed: their named post is gone, their anonymous one is not.
      await page.goto('/dashboard?sort=newest');
      await expect(card(page, theirAnonymous)).toBeVisible();
      await expect(card(page, theirs)).toHaveCount(0);

      // For them, my profile reads as a missing one, and my named post is not in their feed.
      await other.page.goto(`/${me.username}`);
      await expect(other.page.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
      await other.page.goto('/dashboard?sort=newest');
      await expect(card(other.page, theirAnonymous)).toBeVisible();
      await expect(card(other.page, mine)).toHaveCount(0);

      // Unblock from the notice: their posts are back.
      await page.goto(`/${other.username}`);
      await page.getByRole('button', { name: 'Unblock' }).click();
      await expect(page.getByText(`You unblocked @${other.username}.`)).toBeVisible();
      await expect(card(page, theirs)).toBeVisible();
      await expect(page.getByText('You blocked this person.')).toHaveCount(0);
    } finally {
      await other.context.close();
    }
  },
);

test(
  'muted words hide matching posts from the feed, with how many and Show them',
  PHONE,
  async ({ page, browser }) => {
    const author = await anotherMember(browser, 'Esha Writer');
    try {
      const word = uniqueWord();
      const matching = `Who else thinks ${word.toUpperCase()} is overrated ${Date.now()}`;
      const other = `Exams start on Monday ${Date.now()}`;
      await post(author.page, matching);
      await post(author.page, other);
      await signedInAccount(page, { fullName: 'Farah Muter' });
      const muted = await page.request.post('/api/controls/muted-words', {
        data: { phrase: word, duration: '7d' },
      });
      expect(muted.status(), await muted.text()).toBe(201);

      await page.goto('/dashboard?sort=newest');
      await expect(card(page, other)).toBeVisible();
      await expect(card(page, matching)).toHaveCount(0);
      await expect(page.getByText('1 post hidden by your muted words.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Show them' }).click();
      await expect(card(page, matching)).toBeVisible();
      await expect(page.getByText('Showing the posts your muted words hide.')).toBeVisible();
      await page.getByRole('button', { name: 'Hide them again' }).click();
      await expect(card(page, matching)).toHaveCount(0);
    } finally {
      await author.context.close();
    }
  },
);
