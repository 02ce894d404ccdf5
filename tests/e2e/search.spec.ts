// Search in a real browser on a seeded server (SPEC §2 Search): each mode, opening a person from the
// results, the empty texts, a blank query that does nothing, and the query kept in the address.
import type { Page } from '@playwright/test';
import type { Db } from '../../src/server/db/client';
import { posts } from '../../src/server/db/schema';
import { insertAccount, type TestAccount } from '../support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import {
  SEEDED_SERVER_START_MS,
  type SeededServer,
  signInToSeeded,
  startSeededServer,
} from './support/seeded-server';

let server: SeededServer;
let meera: TestAccount;
let arjun: TestAccount;

test.describe.configure({ mode: 'serial' });

async function seed(db: Db) {
  meera = await insertAccount(db, { username: 'meera_s', fullName: 'Meera Sundaram' });
  arjun = await insertAccount(db, { username: 'arjun_s', fullName: 'Arjun Sundar' });
  await db.insert(posts).values([
    { userId: meera.userId, content: 'Sundar evenings at the lake behind the hostel' },
    { userId: arjun.userId, content: 'I will miss the library at midnight', isAnonymous: true },
  ]);
}

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  server = await startSeededServer(seed);
});
test.afterAll(async () => {
  await server?.stop();
});

const search = async (page: Page, text: string, mode?: 'All' | 'Users' | 'Posts') => {
  await page.getByRole('searchbox', { name: 'Search users and posts' }).fill(text);
  if (mode) await page.getByRole('radio', { name: mode }).check();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
};

test('all, users and posts; open a person from the results', async ({ page }) => {
  await signInToSeeded(page, server, meera);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');

  // A blank query does nothing.
  await search(page, '   ');
  await expect(page).toHaveURL(`${server.url}/search`);

  await search(page, 'sundar');
  await expect(page).toHaveURL(`${server.url}/search?q=sundar`);
  const people = page.getByRole('region', { name: /^Users/ });
  await expect(people.getByRole('heading')).toHaveText('Users (2)');
  await expect(people.getByRole('link')).toHaveCount(2);
  const found = page.getByRole('region', { name: /^Posts/ });
  await expect(found.getByRole('heading', { level: 2 })).toHaveText('Posts (1)');
  await expect(found.getByRole('article')).toContainText('Sundar evenings at the lake');
  await expectNoSeriousA11yViolations(page);

  await search(page, 'sundar', 'Users');
  await expect(page).toHaveURL(/type=users/);
  await expect(page.getByRole('region', { name: /^Posts/ })).toHaveCount(0);
  // The address keeps the search: a reload shows the same results.
  await page.reload();
  await expect(page.getByRole('region', { name: /^Users/ }).getByRole('heading')).toHaveText('Users (2)');
  await page.getByRole('link', { name: /Arjun Sundar/ }).click();
  await expect(page).toHaveURL(`${server.url}/arjun_s`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arjun Sundar');
});

test('posts only, anonymous ones as Anonymous, and the empty texts', async ({ page }) => {
  await signInToSeeded(page, server, arjun);
  await page.goto(`${server.url}/search`);
  await search(page, 'library', 'Posts');
  const found = page.getByRole('region', { name: /^Posts/ });
  await expect(found.getByRole('article')).toContainText('Anonymous');
  await expect(found.getByRole('article')).not.toContainText('Arjun');
  await expect(page.getByRole('region', { name: /^Users/ })).toHaveCount(0);

  await search(page, 'zzz nothing here', 'All');
  await expect(page.getByText('No users found')).toBeVisible();
  await expect(page.getByText('No posts found matching "zzz nothing here"')).toBeVisible();
});

test('finds replies, marked as replies, and leads to their place in the thread', async ({ page }) => {
  await signInToSeeded(page, server, arjun);
  const created = await page.request.post(`${server.url}/api/posts`, {
    data: { content: 'Where is the quietest corner of the library?' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { id: string }).id;
  const answered = await page.request.post(`${server.url}/api/posts/${postId}/replies`, {
    data: { content: 'The periodicals room, after six', isAnonymous: true },
  });
  expect(answered.status(), await answered.text()).toBe(201);
  const replyId = ((await answered.json()) as { id: string }).id;

  await page.goto(`${server.url}/search`);
  await search(page, 'periodicals', 'Posts');
  const found = page.getByRole('region', { name: /^Posts/ });
  const result = found.getByRole('article', { name: 'Reply by Anonymous 1' });
  await expect(result).toContainText('Reply in a thread');
  await expect(result).toContainText('The periodicals room, after six');
  await expect(result).not.toContainText('Arjun');
  await expectNoSeriousA11yViolations(page);

  await result.getByRole('link', { name: /View in thread/ }).click();
  await expect(page).toHaveURL(`${server.url}/post/${postId}#reply-${replyId}`);
  await expect(page.getByRole('article', { name: 'Reply by Anonymous 1' })).toContainText('periodicals room');
});

test('a hashtag in a post or a reply links to the posts with it, and the search finds it as written', async ({
  page,
}) => {
  await signInToSeeded(page, server, meera);
  const posted = async (path: string, content: string) => {
    const answer = await page.request.post(`${server.url}${path}`, { data: { content } });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  };
  const tagged = await posted('/api/posts', 'Last paper tomorrow. Wish me luck #exams');
  await posted('/api/posts', 'Exams are over, the word alone');
  await posted(`/api/posts/${tagged}/replies`, 'Same here #Exams, see you at the canteen');

  await page.goto(`${server.url}/meera_s/${tagged}`);
  const post = page.getByRole('article').filter({ hasText: 'Last paper tomorrow' }).first();
  const tag = post.getByRole('link', { name: '#exams', exact: true });
  await expect(tag).toHaveAttribute('href', '/search?q=%23exams&type=posts');
  // The reply's tag is a link too, as written.
  await expect(
    page
      .getByRole('article', { name: /^Reply by / })
      .filter({ hasText: 'Same here' })
      .getByRole('link', { name: '#Exams' }),
  ).toHaveAttribute('href', '/search?q=%23Exams&type=posts');

  await tag.click();
  await expect(page).toHaveURL(`${server.url}/search?q=%23exams&type=posts`);
  await expect(page.getByRole('searchbox', { name: 'Search users and posts' })).toHaveValue('#exams');
  await expect(page.getByRole('radio', { name: 'Posts' })).toBeChecked();
  const found = page.getByRole('region', { name: /^Posts/ });
  // The post and the reply that carry the tag (in any case), not the post that only says the word.
  await expect(found.getByRole('heading', { level: 2 })).toHaveText('Posts (2)');
  await expect(found.getByRole('article')).toHaveCount(2);
  await expect(found).toContainText('Last paper tomorrow');
  await expect(found).toContainText('Same here #Exams');
  await expect(found).not.toContainText('the word alone');
  await expectNoSeriousA11yViolations(page);
});
