// Replies in a real browser (issue #49, decision 034): replying on a post's page, named and anonymous,
// with the thread's labels; a reply to a reply one level in, and a deeper one flat with whom it answers;
// a mention and its notification; replies turned off by the post's author; a reply reported and removed
// by a moderator, keeping its place. The thread reads without JavaScript. Axe-clean on desktop and
// phone.
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, PHONE, signedInAccount, test } from './fixtures';

/** A page in a browser of its own, signed in as a new account (closed by the caller). */
async function anotherMember(browser: Browser, options: Parameters<typeof signedInAccount>[1]) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const account = await signedInAccount(page, options);
  return { context, page, username: account.username ?? '' };
}

async function newPost(page: Page, content: string, isAnonymous = false): Promise<string> {
  const res = await page.request.post('/api/posts', { data: { content, isAnonymous } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const replies = (page: Page) => page.getByRole('region', { name: /repl(y|ies)$/ });
const replyBy = (page: Page, name: string | RegExp, text: string) =>
  page
    .getByRole('article', { name: typeof name === 'string' ? `Reply by ${name}` : name })
    .filter({ hasText: text });

async function writeReply(page: Page, text: string, options: { anonymous?: boolean; under?: string } = {}) {
  const form = options.under
    ? page.getByRole('form', { name: `Reply to ${options.under}` })
    : page.getByRole('form', { name: 'Write a reply' });
  await form.getByRole('textbox').fill(text);
  if (options.anonymous) await form.getByRole('checkbox', { name: 'Reply anonymously' }).check();
  await form.getByRole('button', { name: 'Reply', exact: true }).click();
}

test(
  'replying: named and anonymous with labels, one level of nesting, deeper replies flat',
  PHONE,
  async ({ page, browser }) => {
    const author = await anotherMember(browser, { fullName: 'Kavya Poster' });
    try {
      const postId = await newPost(author.page, `Best place to study before exams? ${Date.now()}`, true);
      await signedInAccount(page, { fullName: 'Arjun Replier' });
      await page.goto(`/post/${postId}`);
      await expect(
        page.getByRole('heading', { name: 'Replies' }).or(page.getByRole('heading', { name: '0 replies' })),
      ).toBeVisible();
      await expect(page.getByText('No replies yet. Start the conversation.')).toBeVisible();

      await writeReply(page, 'The library reading room, third floor.');
      await expect(replyBy(page, 'Arjun Replier', 'third floor')).toBeVisible();
      await writeReply(page, 'My room, with the door shut.', { anonymous: true });
      await expect(replyBy(page, 'Anonymous 1', 'door shut')).toBeVisible();
      await expect(page.getByRole('heading', { name: '2 replies' })).toBeVisible();

      // The post's anonymous author answers in its thread: "Author", and nothing else about them.
      await author.page.goto(`/post/${postId}`);
      await author.page.getByRole('button', { name: 'Reply to Arjun Replier' }).click();
      await writeReply(author.page, 'Is it quiet in the evenings?', {
        anonymous: true,
        under: 'Arjun Replier',
      });
      const byAuthor = replyBy(author.page, /Reply by Author/, 'quiet in the evenings');
      await expect(byAuthor).toBeVisible();

      // A reply to that nested reply is shown flat in the same branch, saying whom it answers.
      await page.reload();
      await page.getByRole('button', { name: 'Reply to Author' }).click();
      await writeReply(page, 'Yes, until nine.', { under: 'Author' });
      const deeper = replyBy(page, 'Arjun Replier', 'until nine');
      await expect(deeper).toContainText('replying to Author');
      await expect(page.getByRole('list', { name: 'Replies to Arjun Replier' })).toContainText('until nine');
      await expectNoSeriousA11yViolations(page);

      // The thread names no anonymous writer anywhere on the page.
      await expect(replies(page)).not.toContainText(author.username);
      await expect(page.locator('body')).not.toContainText('Kavya');
    } finally {
      await author.context.close();
    }
  },
);

test(
  'a mention tells the person mentioned, and leads them to the reply',
  PHONE,
  async ({ page, browser }) => {
    const writer = await anotherMember(browser, { fullName: 'Meera Mentioner' });
    try {
      const me = await signedInAccount(page, { fullName: 'Nikhil Mentioned' });
      const postId = await newPost(writer.page, `Who is coming to the fest? ${Date.now()}`);
      await writer.page.goto(`/post/${postId}`);
      await writeReply(writer.page, `@${me.username} you said you would!`);
      await expect(replyBy(writer.page, 'Meera Mentioner', 'you said you would')).toBeVisible();

      await page.goto('/notifications');
      const note = page.getByRole('listitem').filter({ hasText: 'Meera Mentioner mentioned you in a reply' });
      await expect(note).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await note.getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`/post/${postId}#reply-`));
      await expect(replyBy(page, 'Meera Mentioner', 'you said you would')).toBeVisible();
    } finally {
      await writer.context.close();
    }
  },
);

test('the author turns replies off and on; others then cannot reply', PHONE, async ({ page, browser }) => {
  const other = await anotherMember(browser, { fullName: 'Omar Other' });
  try {
    await signedInAccount(page, { fullName: 'Priti Owner' });
    const postId = await newPost(page, `Selling my cycle, ask below ${Date.now()}`);
    await page.goto(`/post/${postId}`);
    await page.getByRole('button', { name: 'Turn off replies' }).click();
    await expect(page.getByText('Replies are turned off for this post.')).toBeVisible();

    await other.page.goto(`/post/${postId}`);
    await expect(other.page.getByText('Replies are turned off for this post.')).toBeVisible();
    await expect(other.page.getByRole('form', { name: 'Write a reply' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(other.page);

    await page.getByRole('button', { name: 'Turn on replies' }).click();
    // The change is made once the owner's page says so: only then may the other page read it.
    await expect(page.getByRole('button', { name: 'Turn off replies' })).toBeVisible();
    await other.page.reload();
    await writeReply(other.page, 'Is it still available?');
    await expect(replyBy(other.page, 'Omar Other', 'still available')).toBeVisible();
  } finally {
    await other.context.close();
  }
});

test(
  'a reply is reported, and a moderator removes it: it keeps its place',
  PHONE,
  async ({ page, browser }) => {
    const writer = await anotherMember(browser, { fullName: 'Rohan Rude' });
    const moderator = await anotherMember(browser, { fullName: 'Sana Moderator', userType: 'moderator' });
    try {
      await signedInAccount(page, { fullName: 'Tara Reporter' });
      const postId = await newPost(page, `Hostel mess menu feedback ${Date.now()}`);
      const text = `Spam spam buy followers here ${Date.now()}`;
      const res = await writer.page.request.post(`/api/posts/${postId}/replies`, { data: { content: text } });
      expect(res.status(), await res.text()).toBe(201);
      await writer.page.request.post(`/api/posts/${postId}/replies`, {
        data: { content: 'A fair reply below it', replyToId: ((await res.json()) as { id: string }).id },
      });

      await page.goto(`/post/${postId}`);
      const reply = replyBy(page, 'Rohan Rude', text);
      await reply.getByRole('button', { name: /More options for the reply/ }).click();
      await reply.getByRole('button', { name: 'Report' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio').first().check();
      await dialog
        .getByRole('button', { name: /Report/ })
        .last()
        .click();
      await expect(reply.getByRole('status')).toHaveText('Reported!');

      // The reports queue says it is a reply, and to which post, and leads to its place in the thread.
      await moderator.page.goto('/reports');
      const reported = moderator.page.getByRole('listitem').filter({ hasText: text });
      await expect(reported).toContainText('Reply to Hostel mess menu feedback');
      await expectNoSeriousA11yViolations(moderator.page);
      await reported.getByRole('link', { name: 'View the thread' }).click();
      await expect(moderator.page).toHaveURL(new RegExp(`/post/${postId}#reply-`));
      const seen = replyBy(moderator.page, 'Rohan Rude', text);
      await seen.getByRole('button', { name: /More options for the reply/ }).click();
      await seen.getByRole('button', { name: 'Remove reply' }).click();
      const removal = moderator.page.getByRole('dialog', { name: 'Remove this reply?' });
      await removal.getByRole('radio', { name: 'Spam or collecting data' }).check();
      await removal.getByRole('textbox', { name: /Facts/ }).fill('Advertises bought followers.');
      await removal.getByRole('button', { name: 'Remove post' }).click();
      await expect(removal).toBeHidden();
      await expect(moderator.page.getByText('Reply removed', { exact: true })).toBeVisible();

      await page.reload();
      await expect(page.getByText(text)).toHaveCount(0);
      await expect(page.getByText('Reply removed', { exact: true })).toBeVisible();
      await expect(replyBy(page, 'Rohan Rude', 'A fair reply below it')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await writer.context.close();
      await moderator.context.close();
    }
  },
);

test('the thread reads without JavaScript', async ({ browser, page }) => {
  await signedInAccount(page, { fullName: 'Uma Writer' });
  const postId = await newPost(page, `No-script reading ${Date.now()}`);
  await page.request.post(`/api/posts/${postId}/replies`, { data: { content: 'Read me without a script' } });
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
  });
  try {
    const visitor = await context.newPage();
    await visitor.goto(`/post/${postId}`);
    await expect(visitor.getByRole('heading', { name: '1 reply' })).toBeVisible();
    await expect(visitor.getByText('Read me without a script')).toBeVisible();
  } finally {
    await context.close();
  }
});

test(
  'replies the reader’s muted words match are hidden, counted, and shown on asking',
  PHONE,
  async ({ page, browser }) => {
    const writer = await anotherMember(browser, { fullName: 'Farah Writer' });
    try {
      const postId = await newPost(writer.page, `Finale night plans? ${Date.now()}`);
      for (const content of ['Watching it in the hostel', 'The finale spoiler: everyone wins']) {
        const res = await writer.page.request.post(`/api/posts/${postId}/replies`, { data: { content } });
        expect(res.status(), await res.text()).toBe(201);
      }
      await signedInAccount(page, { fullName: 'Gopal Reader' });
      const muted = await page.request.post('/api/controls/muted-words', { data: { phrase: 'spoiler' } });
      expect(muted.status(), await muted.text()).toBe(201);

      await page.goto(`/post/${postId}`);
      await expect(replyBy(page, 'Farah Writer', 'in the hostel')).toBeVisible();
      const line = replies(page).getByText('1 reply hidden by your muted words.');
      await expect(line).toBeVisible();
      await expect(replies(page)).not.toContainText('everyone wins');
      await expectNoSeriousA11yViolations(page);

      await replies(page).getByRole('button', { name: 'Show them' }).click();
      await expect(replyBy(page, 'Farah Writer', 'everyone wins')).toBeVisible();
      await expect(replies(page).getByText('Showing the replies your muted words hide.')).toBeVisible();
      await replies(page).getByRole('button', { name: 'Hide them again' }).click();
      await expect(line).toBeVisible();
      await expect(replies(page)).not.toContainText('everyone wins');
    } finally {
      await writer.context.close();
    }
  },
);
