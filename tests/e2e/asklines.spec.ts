// Asklines in a real browser on a seeded server (SPEC §2 Asklines, Creating an askline, the create-post
// panel's chooser): an askline submitted through both submits, verified by a moderator, then listed and
// answered from its card; the chooser's search and random pick; a visitor reading the list and a page.
import type { Page } from '@playwright/test';
import type { Db } from '../../src/server/db/client';
import { asklines, posts } from '../../src/server/db/schema';
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
let moderator: TestAccount;
let ravi: TestAccount;
let kiran: TestAccount;
let hostelId = '';

const NEW_ASKLINE = 'What will you miss most about campus?';
const SIMILAR = 'What will you miss the most about the campus';
const HOSTEL = 'Describe your hostel room in three words';
const LECTURE = 'What is the one lecture you will never forget?';

test.describe.configure({ mode: 'serial' });

async function seed(db: Db) {
  asha = await insertAccount(db, { username: 'asha_a', fullName: 'Asha A' });
  ravi = await insertAccount(db, { username: 'ravi_a', fullName: 'Ravi A' });
  kiran = await insertAccount(db, { username: 'kiran_a', fullName: 'Kiran A' });
  moderator = await insertAccount(db, { username: 'mod_m', fullName: 'Mod M', userType: 'moderator' });
  const start = Date.UTC(2026, 0, 10, 12);
  const rows = await db
    .insert(asklines)
    .values(
      [SIMILAR, HOSTEL, LECTURE].map((content, i) => ({
        content,
        createdBy: ravi.userId,
        verified: true,
        createdAt: new Date(start + i * 3_600_000),
      })),
    )
    .returning();
  hostelId = rows.find((row) => row.content === HOSTEL)?.id ?? '';
  await db.insert(posts).values([
    { userId: ravi.userId, content: 'Small, loud, home.', asklineId: hostelId },
    { userId: ravi.userId, content: 'Posters, plants, noodles.', asklineId: hostelId, isAnonymous: true },
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
const cards = (page: Page) => page.getByRole('region', { name: 'Verified asklines' }).getByRole('article');

test('submit an askline: similar ones first, then Post Anyways; it waits for verification', async ({
  page,
}) => {
  await signIn(page, asha);
  await page.goto(`${server.url}/asklines`);
  await page.getByRole('button', { name: 'Create New Askline' }).click();
  const form = page.getByRole('form', { name: 'Create a new askline' });
  const text = form.getByRole('textbox');
  await text.fill('q'.repeat(128));
  await expect(form.getByText('128/128 · limit reached')).toBeVisible();
  await text.fill(NEW_ASKLINE);
  await expect(form.getByRole('button', { name: 'Submit' })).toBeVisible();
  // Enter without Shift submits: the first submit only looks for similar asklines.
  await text.press('Enter');
  await expect(form.getByText(SIMILAR)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Post Anyways' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Post Anyways' }).click();
  await expect(form.getByText('Thanks! Your askline will appear once it is verified.')).toBeVisible();

  const mine = page.getByRole('region', { name: 'Your asklines awaiting verification' });
  await expect(mine.getByRole('article')).toContainText(NEW_ASKLINE);
  await expect(mine.getByRole('article')).toContainText('Pending verification');
  await expect(cards(page).filter({ hasText: NEW_ASKLINE })).toHaveCount(0);
});

test('a moderator verifies it and it joins the list', async ({ page }) => {
  await signIn(page, moderator);
  await page.goto(`${server.url}/asklines`);
  await page.getByRole('link', { name: 'Review pending asklines' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pending Asklines');
  const pending = page.getByRole('article').filter({ hasText: NEW_ASKLINE });
  await expect(pending).toContainText('by @asha_a');
  await expectNoSeriousA11yViolations(page);
  await pending.getByRole('button', { name: /^Verify/ }).click();
  await expect(page.getByText('No asklines are waiting for verification.')).toBeVisible();

  await page.goto(`${server.url}/asklines`);
  await expect(cards(page)).toHaveCount(4);
  await expect(cards(page).filter({ hasText: NEW_ASKLINE })).toContainText('0 posts');
});

test('answer an askline from its card; the answer shows on its page', async ({ page }) => {
  await signIn(page, ravi);
  await page.goto(`${server.url}/asklines`);
  const card = cards(page).filter({ hasText: NEW_ASKLINE });
  await card.getByRole('link', { name: /^Answer/ }).click();
  await expect(page).toHaveURL(`${server.url}/dashboard`);
  const panel = page.getByRole('form', { name: 'Create a post' });
  await expect(panel.getByText(NEW_ASKLINE)).toBeVisible();
  await panel.getByRole('textbox', { name: /Share a thought/ }).fill('The 2 a.m. chai runs, easily.');
  await panel.getByRole('button', { name: 'Post' }).click();
  const answer = page.getByRole('article').filter({ hasText: '2 a.m. chai runs' });
  // The card says which askline it answers, with a link to it.
  await expect(answer.getByRole('link', { name: `Answering the askline: ${NEW_ASKLINE}` })).toBeVisible();

  await page.goto(`${server.url}/asklines`);
  await cards(page)
    .filter({ hasText: NEW_ASKLINE })
    .getByRole('link', { name: NEW_ASKLINE, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_ASKLINE);
  await expect(page.getByText('1 post', { exact: true })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: '2 a.m. chai runs' })).toContainText('Ravi A');
  // Share on the askline's own page copies its address.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const askUrl = page.url();
  await page.getByRole('button', { name: 'Share askline' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(askUrl);
  await expect(page.getByRole('button', { name: 'Share askline' })).toBeVisible();
  // The navbar's Create carries this askline to the panel.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create a post' }).click();
  await expect(page).toHaveURL(`${server.url}/dashboard`);
  await expect(page.getByRole('form', { name: 'Create a post' }).getByText(NEW_ASKLINE)).toBeVisible();
});

test("the create-post panel's chooser: search and a random pick", async ({ page }) => {
  await signIn(page, kiran);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create a post' }).click();
  const panel = page.getByRole('form', { name: 'Create a post' });
  const search = panel.getByRole('searchbox', { name: 'Search asklines' });
  await search.fill('no such prompt anywhere xyzzy');
  await search.press('Enter');
  await expect(
    panel.getByText(
      'No match is found. You can submit an askline on the Asklines page. We will verify and publish it.',
    ),
  ).toBeVisible();
  await search.fill('hostel');
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await panel.getByRole('list', { name: 'Matching asklines' }).getByRole('button', { name: HOSTEL }).click();
  const chosen = panel.getByRole('status');
  await expect(chosen).toContainText(HOSTEL);
  await expectNoSeriousA11yViolations(page);

  // A random pick is never the askline already chosen.
  for (let i = 0; i < 3; i += 1) {
    const before = (await chosen.textContent()) ?? '';
    await panel.getByRole('button', { name: 'Random' }).click();
    await expect(chosen).not.toHaveText(before);
  }
  await panel.getByRole('button', { name: 'Remove the askline' }).click();
  await expect(chosen).toHaveCount(0);
  // With nothing chosen, any verified askline may come up. (Posting an answer is the test above;
  // not here, so the visitor's counts below stay what they are.)
  await panel.getByRole('button', { name: 'Random' }).click();
  await expect(chosen).toContainText(/\S/);
  await expect(chosen).not.toContainText('Loading...');
});

test.describe('a visitor', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test(
    'reads the list and an askline page, with anonymous answers kept anonymous',
    PHONE,
    async ({ page }) => {
      await page.goto(`${server.url}/asklines`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verified Asklines');
      await expect(cards(page).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await cards(page).filter({ hasText: HOSTEL }).getByRole('link', { name: HOSTEL, exact: true }).click();
      await expect(page).toHaveURL(`${server.url}/askline/${hostelId}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTEL);
      await expect(page.getByText('2 posts', { exact: true })).toBeVisible();
      const anonymous = page.getByRole('article').filter({ hasText: 'Posters, plants, noodles.' });
      await expect(anonymous).toContainText('Anonymous');
      await expect(anonymous).not.toContainText('Ravi A');
      await expect(
        page
          .getByRole('article')
          .filter({ hasText: 'Small, loud, home.' })
          .getByRole('button', { name: /^Like/ }),
      ).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('link', { name: 'Explore more asklines' }).click();
      await expect(page).toHaveURL(`${server.url}/asklines`);

      await page.goto(`${server.url}/askline/00000000-0000-4000-8000-000000000000`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Askline not found.');
    },
  );
});

test(
  'the askline of the day on the dashboard, answered from there; Asklines in the navigation',
  PHONE,
  async ({ page }) => {
    await signIn(page, kiran);
    const today = page.getByRole('region', { name: 'Askline of the day' });
    await expect(today).toBeVisible();
    // One of the verified ones, the same as the server names for the day.
    const named = (await (await page.request.get(`${server.url}/api/asklines/today`)).json()) as {
      askline: { id: string; content: string };
    };
    await expect(today.getByRole('link', { name: named.askline.content, exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await today.getByRole('link', { name: /^Answer it/ }).click();
    await expect(
      page.getByRole('form', { name: 'Create a post' }).getByText(named.askline.content),
    ).toBeVisible();

    // Asklines: in the navbar from a tablet up, in the profile menu on a phone.
    const phone = (page.viewportSize()?.width ?? 1280) < 768;
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (phone) {
      await expect(nav.getByRole('link', { name: 'Asklines' })).toBeHidden();
      await nav.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('link', { name: 'Asklines', exact: true }).click();
    } else {
      await nav.getByRole('link', { name: 'Asklines' }).click();
    }
    await expect(page).toHaveURL(`${server.url}/asklines`);
  },
);
