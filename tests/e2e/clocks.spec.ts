// The grievance clocks in a real browser on a seeded server (issue #47; IT Rules 2021 rule 3(2)): a
// student who reports a post is told at once it was received; a moderator's queue opens oldest first
// because a report is past its 15 days, with each report's age against 24 hours and 15 days in words,
// and acknowledging one stops its first clock; an admin sees how many are overdue. Axe-clean, the
// queue and the count at phone width too. Reports were made "days ago" by writing their time.
import type { Page } from '@playwright/test';
import type { Db } from '../../src/server/db/client';
import { posts, reportReasons, reports } from '../../src/server/db/schema';
import { insertAccount, type TestAccount } from '../support/accounts';
import { expect, expectNoSeriousA11yViolations, PHONE, test } from './fixtures';
import {
  SEEDED_SERVER_START_MS,
  type SeededServer,
  signInToSeeded,
  startSeededServer,
} from './support/seeded-server';

let server: SeededServer;
let student: TestAccount;
let moderator: TestAccount;
let admin: TestAccount;

const OVERDUE = 'Reported seventeen days ago and still open';
const LATE = 'Reported thirty hours ago, nobody has looked';
const FRESH = 'Reported two hours ago by three people';
const TARGET = 'The fest poster is plagiarised, says Ravi';

test.describe.configure({ mode: 'serial' });

async function seed(db: Db) {
  const author = await insertAccount(db, { username: 'arun_c', fullName: 'Arun C' });
  student = await insertAccount(db, { username: 'asha_c', fullName: 'Asha C' });
  moderator = await insertAccount(db, { username: 'mod_c', fullName: 'Mod C', userType: 'moderator' });
  admin = await insertAccount(db, { username: 'ada_c', fullName: 'Ada C', userType: 'admin' });
  const hour = 3_600_000;
  const now = Date.now();
  const rows = await db
    .insert(posts)
    .values(
      [OVERDUE, LATE, FRESH, TARGET].map((content, i) => ({
        userId: author.userId,
        content,
        createdAt: new Date(now - (20 - i) * 24 * hour),
      })),
    )
    .returning();
  const id = (content: string) => rows.find((row) => row.content === content)?.id ?? '';
  const at = (ago: number) => new Date(now - ago);
  await db.insert(reports).values([
    { postId: id(OVERDUE), reportCount: 1, createdAt: at(17 * 24 * hour), openedAt: at(17 * 24 * hour) },
    { postId: id(LATE), reportCount: 2, createdAt: at(30 * hour), openedAt: at(30 * hour) },
    {
      postId: id(FRESH),
      reportCount: 3,
      createdAt: at(2 * hour),
      openedAt: at(2 * hour),
      acknowledgedAt: at(hour),
    },
  ]);
  await db.insert(reportReasons).values({ postId: id(OVERDUE), reporterId: author.userId, reason: 'spam' });
}

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  server = await startSeededServer(seed);
});
test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, account: TestAccount) => signInToSeeded(page, server, account);
const queue = (page: Page) => page.getByRole('region', { name: 'Unresolved reports' });
const item = (page: Page, text: string) => queue(page).getByRole('article').filter({ hasText: text });
const limits = (page: Page, text: string) => item(page, text).getByRole('list', { name: 'Time limits' });

test('a student who reports a post is told at once that it was received', async ({ page }) => {
  await signIn(page, student);
  await page.goto(`${server.url}/dashboard?sort=newest`);
  const card = page.getByRole('article').filter({ hasText: TARGET });
  await card.getByRole('button', { name: 'More options' }).click();
  await card.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post?' });
  await dialog.getByLabel('Spam').check();
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(card.getByRole('status')).toHaveText('Reported!');

  // The bell counts it without a reload, and the page says it, naming neither the post nor its author.
  await expect(page.getByRole('link', { name: /Notifications, 1 unread/ })).toBeVisible();
  await page.goto(`${server.url}/notifications`);
  const list = page.getByRole('region', { name: 'Your notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(
    'We received your report. Staff act on reports within 15 days.',
  );
  await expect(list).not.toContainText(TARGET);
  await expect(list).not.toContainText('arun_c');
  await expectNoSeriousA11yViolations(page);
});

test(
  'a moderator sees the overdue report first, and every report against its two limits',
  PHONE,
  async ({ page }) => {
    await signIn(page, moderator);
    await page.goto(`${server.url}/reports`);
    // Oldest first, because one is past 15 days: the server chose it, and the menu says so.
    await expect(page.getByRole('button', { name: 'Sort: Oldest First' })).toBeVisible();
    await expect(queue(page).getByRole('article').first()).toContainText(OVERDUE);
    await expect(limits(page, OVERDUE)).toContainText('Open for 17 days');
    await expect(limits(page, OVERDUE)).toContainText('Not acknowledged: 16 days past 24 hours');
    await expect(limits(page, OVERDUE)).toContainText('Overdue: 2 days past 15 days');
    await expect(limits(page, LATE)).toContainText('Not acknowledged: 6 hours past 24 hours');
    await expect(limits(page, LATE)).toContainText('Resolve within 13 days');
    await expect(limits(page, FRESH)).toContainText('Acknowledged by staff');
    await expect(limits(page, FRESH)).toContainText('Resolve within 14 days');
    // The count of overdue reports is the admins'.
    await expect(page.getByText(/reports? overdue/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  },
);

test('an admin sees how many reports are overdue', PHONE, async ({ page }) => {
  await signIn(page, admin);
  await page.goto(`${server.url}/reports`);
  await expect(
    page.getByText(
      '1 report overdue (unresolved after 15 days) · 2 reports not acknowledged within 24 hours',
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a moderator acknowledges a report, and a chosen order wins over the default', async ({ page }) => {
  await signIn(page, moderator);
  await page.goto(`${server.url}/reports`);
  await item(page, LATE).getByRole('button', { name: 'Acknowledge' }).click();
  await expect(limits(page, LATE)).toContainText('Acknowledged by staff');
  await expect(item(page, LATE).getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  await expect(page.getByText('Report acknowledged.')).toBeVisible();

  await page.getByRole('button', { name: /^Sort:/ }).click();
  await page.getByRole('button', { name: 'Most Reported' }).click();
  await expect(page).toHaveURL(/sort=most_reported/);
  await expect(queue(page).getByRole('article').first()).toContainText(FRESH);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sort: Most Reported' })).toBeVisible();
  await expect(queue(page).getByRole('article').first()).toContainText(FRESH);

  // Resolving the overdue one: nothing is past 15 days, and the page opens by count again.
  await page.goto(`${server.url}/reports`);
  await item(page, OVERDUE).getByRole('button', { name: 'Resolve report' }).click();
  await page
    .getByRole('dialog', { name: 'Mark this report as resolved?' })
    .getByRole('button', { name: 'Resolve' })
    .click();
  await expect(item(page, OVERDUE)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sort: Most Reported' })).toBeVisible();
});
