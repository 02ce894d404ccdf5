// The feed's tabs in a real browser on a seeded server (issue #51, decision 038): Everyone, VITC, VITV
// and My class, as links that keep the chosen order; a campus's or a class's tab holds named posts
// only and says so; on desktop and phone, axe-clean.
import type { Page } from '@playwright/test';
import type { Db } from '../../src/server/db/client';
import { posts } from '../../src/server/db/schema';
import { insertAccount, type TestAccount } from '../support/accounts';
import { expect, expectNoSeriousA11yViolations, PHONE, test } from './fixtures';
import {
  SEEDED_SERVER_START_MS,
  type SeededServer,
  signInToSeeded,
  startSeededServer,
} from './support/seeded-server';

let server: SeededServer;
let asha: TestAccount;

async function seed(db: Db) {
  asha = await insertAccount(db, { username: 'asha_c', fullName: 'Asha Chennai', graduationYear: 2026 });
  const vel = await insertAccount(db, {
    username: 'vel_v',
    fullName: 'Vel Vellore',
    institution: 'VITV',
    graduationYear: 2026,
  });
  const kavi = await insertAccount(db, {
    username: 'kavi_c',
    fullName: 'Kavi Chennai',
    graduationYear: 2028,
  });
  const start = Date.UTC(2026, 0, 10, 12);
  const rows = [
    { userId: asha.userId, content: 'Chennai 2026, named', isAnonymous: false },
    { userId: asha.userId, content: 'Chennai 2026, anonymous', isAnonymous: true },
    { userId: vel.userId, content: 'Vellore 2026, named', isAnonymous: false },
    { userId: vel.userId, content: 'Vellore 2026, anonymous', isAnonymous: true },
    { userId: kavi.userId, content: 'Chennai 2028, named', isAnonymous: false },
  ];
  await db.insert(posts).values(rows.map((row, i) => ({ ...row, createdAt: new Date(start + i * 60_000) })));
}

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  server = await startSeededServer(seed);
});
test.afterAll(async () => {
  await server?.stop();
});

const feedPosts = (page: Page) => page.getByRole('region', { name: 'Posts' }).getByRole('article');
const texts = async (page: Page) =>
  (await feedPosts(page).allTextContents()).map(
    (text) => text.match(/(Chennai|Vellore) 20\d\d, (named|anonymous)/)?.[0],
  );

test('Everyone, a campus and my class, each in the chosen order', PHONE, async ({ page }) => {
  await signInToSeeded(page, server, asha);
  const tabs = page.getByRole('navigation', { name: 'Feeds' });
  await expect(tabs.getByRole('link', { name: 'Everyone' })).toHaveAttribute('aria-current', 'page');
  await expect(feedPosts(page)).toHaveCount(5);

  // Newest first, then the VITV tab: the order stays, and only Vellore's named post is there.
  await page.getByRole('button', { name: /^Filter:/ }).click();
  await page.getByRole('button', { name: 'Oldest First' }).click();
  await expect(page).toHaveURL(/sort=oldest/);
  const vellore = tabs.getByRole('link', { name: 'VITV' });
  // A link, so it works before the script too.
  await expect(vellore).toHaveAttribute('href', '/dashboard?feed=vitv&sort=oldest');
  await vellore.click();
  await expect(page).toHaveURL(/feed=vitv&sort=oldest/);
  await expect(vellore).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => texts(page)).toEqual(['Vellore 2026, named']);
  await expect(page.getByText('Anonymous posts are only under Everyone.')).toBeVisible();

  await tabs.getByRole('link', { name: 'My class' }).click();
  await expect.poll(() => texts(page)).toEqual(['Chennai 2026, named', 'Vellore 2026, named']);
  await tabs.getByRole('link', { name: 'VITC' }).click();
  await expect.poll(() => texts(page)).toEqual(['Chennai 2026, named', 'Chennai 2028, named']);
  await expectNoSeriousA11yViolations(page);

  // A reload keeps the tab and the order; the keyboard reaches the tabs.
  await page.reload();
  await expect(tabs.getByRole('link', { name: 'VITC' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => texts(page)).toEqual(['Chennai 2026, named', 'Chennai 2028, named']);
  await tabs.getByRole('link', { name: 'Everyone' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\?sort=oldest$/);
  await expect(feedPosts(page)).toHaveCount(5);
});
