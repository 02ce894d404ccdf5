// Moderation in a real browser on a seeded server (SPEC §2 post card staff parts and Reports, §4, §6): a
// student reports a post with a reason; a moderator sees the badge, resolves, unresolves and deletes from
// the card and from /reports in both tabs and every sort; an admin reads the log; others are kept out.
import type { Page } from '@playwright/test';
import type { Db } from '../../src/server/db/client';
import { moderationLog, posts, reportReasons, reports, sealedSuspensions } from '../../src/server/db/schema';
import { insertAccount, type TestAccount } from '../support/accounts';
import { scaled } from '../support/machine-factor';
import { answerConfirmation, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import {
  SEEDED_SERVER_START_MS,
  type SeededServer,
  signInToSeeded,
  startSeededServer,
} from './support/seeded-server';

let server: SeededServer;
let ravi: TestAccount;
let asha: TestAccount;
let kiran: TestAccount;
let moderator: TestAccount;
let moderatorToo: TestAccount;
let admin: TestAccount;

const TARGET = 'Ravi says the canteen dosa is overrated';
const MOST = 'Most reported seeded post';
const NEWER = 'Newer, reported once';
const DONE = 'Already resolved post';
const SPAM = 'Buy cheap assignment answers here';
const SEALED = 'An anonymous rant whose author an admin suspended';

test.describe.configure({ mode: 'serial' });

async function seed(db: Db) {
  ravi = await insertAccount(db, { username: 'ravi_m', fullName: 'Ravi M' });
  asha = await insertAccount(db, { username: 'asha_m', fullName: 'Asha M' });
  kiran = await insertAccount(db, { username: 'kiran_m', fullName: 'Kiran M' });
  moderator = await insertAccount(db, { username: 'mod_one', fullName: 'Mod One', userType: 'moderator' });
  moderatorToo = await insertAccount(db, { username: 'mod_two', fullName: 'Mod Two', userType: 'moderator' });
  admin = await insertAccount(db, { username: 'ada_admin', fullName: 'Ada Admin', userType: 'admin' });
  const start = Date.UTC(2026, 0, 10, 12);
  const rows = await db
    .insert(posts)
    .values(
      [SPAM, MOST, NEWER, DONE, TARGET].map((content, i) => ({
        userId: ravi.userId,
        content,
        createdAt: new Date(start + i * 3_600_000),
      })),
    )
    .returning();
  const id = (content: string) => rows.find((row) => row.content === content)?.id ?? '';
  // Opened (their clocks started: issue #47) an hour apart, recently: none is overdue.
  const opened = Date.now() - 3 * 3_600_000;
  await db.insert(reports).values([
    { postId: id(MOST), reportCount: 3, createdAt: new Date(start), openedAt: new Date(opened) },
    {
      postId: id(NEWER),
      reportCount: 1,
      createdAt: new Date(start + 3_600_000),
      openedAt: new Date(opened + 3_600_000),
    },
    { postId: id(DONE), reportCount: 2, resolved: true, resolvedBy: moderator.userId },
  ]);
  await db.insert(reportReasons).values([
    { postId: id(MOST), reporterId: asha.userId, reason: 'spam' },
    { postId: id(MOST), reporterId: kiran.userId, reason: 'other', detail: 'Posted five times today' },
  ]);
  // An admin suspended the author of an anonymous post: sealed, listed by the post alone.
  const hidden = await insertAccount(db, { username: 'hidden_h', fullName: 'Hidden H' });
  const [rant] = await db
    .insert(posts)
    .values({ userId: hidden.userId, content: SEALED, isAnonymous: true, createdAt: new Date(start) })
    .returning();
  const postId = rant?.id ?? '';
  await db.insert(sealedSuspensions).values({ postId, userId: hidden.userId, suspendedBy: admin.userId });
  await db
    .insert(moderationLog)
    .values({ actorId: admin.userId, action: 'user_suspended', postId, subjectHidden: true });
  // A moderator whose account was deleted (issue #43): numbered, never named; and the command line.
  await db.insert(moderationLog).values([
    { actorId: null, actorRole: 'moderator', formerActor: 12, action: 'report_resolved', postId: id(DONE) },
    { actorId: null, actorRole: 'moderator', formerActor: 12, action: 'post_deleted', postId: id(DONE) },
    { actorId: null, action: 'role_changed', detail: 'ordinary → moderator' },
  ]);
}

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  server = await startSeededServer(seed);
});
test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, account: TestAccount) => signInToSeeded(page, server, account);
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

async function openMoreOptions(page: Page, text: string) {
  await card(page, text).getByRole('button', { name: 'More options' }).click();
}

test('a student reports a post with a reason', async ({ page }) => {
  await signIn(page, asha);
  await page.goto(`${server.url}/dashboard?sort=newest`);
  await openMoreOptions(page, TARGET);
  await card(page, TARGET).getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose why you are reporting this post.');
  await dialog.getByLabel('Harassment or bullying').check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, TARGET).getByRole('status')).toHaveText('Reported!');
  // The state lasts two seconds.
  await expect(card(page, TARGET).getByRole('status')).toHaveText('', { timeout: scaled(4_000) });
  // Students see no report data.
  await expect(card(page, TARGET).getByText(/reports?, (un)?resolved/)).toHaveCount(0);
});

test('a moderator resolves and unresolves from the card, and cannot report', async ({ page }) => {
  await signIn(page, moderator);
  await page.goto(`${server.url}/dashboard?sort=newest`);
  const target = card(page, TARGET);
  await expect(target.getByText('1 report, unresolved')).toBeAttached();
  await target.getByRole('button', { name: 'Resolve report' }).click();
  await answerConfirmation(page, 'Mark this report as resolved?', 'Resolve');
  await expect(target.getByText('1 report, resolved')).toBeAttached();
  await target.getByRole('button', { name: 'Unresolve report' }).click();
  await answerConfirmation(page, 'Mark this report as unresolved again?', 'Unresolve');
  await expect(target.getByText('1 report, unresolved')).toBeAttached();
  // Cancelling the confirmation (or Escape) changes nothing, and focus goes back to the button.
  await target.getByRole('button', { name: 'Resolve report' }).click();
  await answerConfirmation(page, 'Mark this report as resolved?', 'Cancel');
  await expect(target.getByRole('button', { name: 'Resolve report' })).toBeFocused();
  await target.getByRole('button', { name: 'Resolve report' }).press('Enter');
  await expect(page.getByRole('dialog', { name: 'Mark this report as resolved?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(target.getByText('1 report, unresolved')).toBeAttached();

  await openMoreOptions(page, NEWER);
  await card(page, NEWER).getByRole('button', { name: 'Report', exact: true }).click();
  await expect(card(page, NEWER).getByRole('status')).toHaveText("Moderators can't report");
  await expectNoSeriousA11yViolations(page);

  // Staff remove anyone's post from its card, wherever it is, saying why (issue #47).
  await card(page, SPAM).getByRole('button', { name: 'Delete post' }).click();
  await removeWithStatement(page);
  await expect(card(page, SPAM)).toHaveCount(0);
  await page.reload();
  await expect(card(page, TARGET)).toBeVisible();
  await expect(card(page, SPAM)).toHaveCount(0);
});

/** The removal dialog's rule and facts (its own checks are tested in appeals.spec.ts). */
async function removeWithStatement(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Remove this post?' });
  await dialog.getByRole('radio', { name: 'Spam or collecting data' }).check();
  await dialog.getByRole('textbox', { name: /Facts/ }).fill('The same advert, posted again and again.');
  await dialog.getByRole('button', { name: 'Remove post' }).click();
  await expect(dialog).toBeHidden();
}

test('the reports page: tabs, sorts, resolve and delete', async ({ page }) => {
  await signIn(page, moderatorToo);
  await page.goto(`${server.url}/reports`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reported Posts');
  const list = page.getByRole('region', { name: 'Unresolved reports' });
  const items = list.getByRole('article');
  // Most Reported first by default.
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText(MOST);
  await expect(list.getByText('3 reports', { exact: true })).toBeVisible();
  await expect(list.getByText('“Posted five times today”')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /^Sort:/ }).click();
  await page.getByRole('button', { name: 'Newest First' }).click();
  await expect(items.first()).toContainText(TARGET);
  await page.getByRole('button', { name: /^Sort:/ }).click();
  await page.getByRole('button', { name: 'Oldest First' }).click();
  await expect(items.first()).toContainText(MOST);
  await expect(page).toHaveURL(/sort=oldest/);

  await page.getByRole('button', { name: 'Resolved', exact: true }).click();
  const resolved = page.getByRole('region', { name: 'Resolved reports' });
  await expect(resolved.getByRole('article')).toHaveCount(1);
  await expect(resolved).toContainText('resolved by @mod_one');

  // Resolve one from the Unresolved tab: it moves to Resolved.
  await page.getByRole('button', { name: 'Unresolved', exact: true }).click();
  await card(page, NEWER).getByRole('button', { name: 'Resolve report' }).click();
  await answerConfirmation(page, 'Mark this report as resolved?', 'Resolve');
  await expect(card(page, NEWER)).toHaveCount(0);
  await page.getByRole('button', { name: 'Resolved', exact: true }).click();
  await expect(resolved.getByRole('article')).toHaveCount(2);

  // Remove from the card: the post leaves both tabs.
  await card(page, NEWER).getByRole('button', { name: 'Delete post' }).click();
  await removeWithStatement(page);
  await expect(card(page, NEWER)).toHaveCount(0);
  await page.getByRole('button', { name: 'Unresolved', exact: true }).click();
  await expect(items).toHaveCount(2);
  await expect(card(page, NEWER)).toHaveCount(0);
});

test('an admin sees no report option and reads the moderation log', async ({ page }) => {
  await signIn(page, admin);
  await page.goto(`${server.url}/dashboard?sort=newest`);
  await openMoreOptions(page, TARGET);
  await expect(card(page, TARGET).getByRole('button', { name: 'Dislike' })).toBeVisible();
  await expect(card(page, TARGET).getByRole('button', { name: 'Report', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Moderation log' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Moderation log');
  const entries = page.getByRole('listitem');
  await expect(entries.filter({ hasText: '@mod_two deleted a post' })).toHaveCount(1);
  await expect(entries.filter({ hasText: '@mod_one reopened a report' })).toHaveCount(1);
  await expect(
    entries.filter({ hasText: /^Former moderator #12 (resolved a report|deleted a post)/ }),
  ).toHaveCount(2);
  await expect(entries.filter({ hasText: /^Command line changed a role/ })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // The sealed suspension: listed by its post, never by the account, and lifted from there.
  const sealed = page.getByRole('region', { name: 'Suspended through anonymous posts' });
  await expect(sealed.getByRole('listitem')).toHaveCount(1);
  await expect(sealed).toContainText(SEALED);
  await expect(sealed).toContainText('By @ada_admin');
  await expect(page.getByText('hidden_h')).toHaveCount(0);
  const suspendedEntry = entries.filter({ hasText: '@ada_admin suspended an account' });
  await expect(suspendedEntry).toContainText('its author');
  await expect(suspendedEntry.getByRole('button', { name: 'Lift suspension' })).toBeVisible();
  await sealed.getByRole('button', { name: 'Lift suspension' }).click();
  await answerConfirmation(page, 'Lift this suspension?', 'Lift suspension');
  await expect(page.getByRole('status').filter({ hasText: 'The suspension is lifted.' })).toBeVisible();
  await expect(sealed).toContainText('None in force.');
  await expect(entries.filter({ hasText: '@ada_admin restored an account' })).toContainText('its author');
  await expect(page.getByRole('button', { name: 'Lift suspension' })).toHaveCount(0);
});

test('an ordinary user at /reports lands on the dashboard', async ({ page }) => {
  await signIn(page, kiran);
  await page.goto(`${server.url}/reports`);
  await expect(page).toHaveURL(`${server.url}/dashboard`);
});
