// The book in real browsers (issue #52, decision 041), desktop and phone, on a seeded server of its own:
// a member opens My yearbook page from their profile, chooses two posts, makes the PDF, sees it being
// made, then Download; the file is a PDF whose text holds their name, and the notification leads back.
// Staff open the class book from the class page: the check lists the member without a photo, "Make it
// anyway", progress, and the downloaded book holds every member. A member is kept off the class book;
// the author of an anonymous askline answer includes it in the class book from the post's menu, told
// first what readers will know. Axe-clean in each state.
import { readFileSync } from 'node:fs';
import type { Download, Page, Route } from '@playwright/test';
import type { Db } from '../../src/server/db/client';
import { asklines, posts } from '../../src/server/db/schema';
import { insertAccount, type TestAccount } from '../support/accounts';
import { createCameraJpeg } from '../support/images';
import { hasText, readPdf } from '../support/pdf';
import { answerConfirmation, expect, expectNoSeriousA11yViolations, PHONE, test } from './fixtures';
import {
  SEEDED_SERVER_START_MS,
  type SeededServer,
  signInByCookie,
  startSeededServer,
} from './support/seeded-server';

let server: SeededServer;
let asha: TestAccount;
let moderator: TestAccount;
let nila: TestAccount;
let withPhotos: TestAccount[] = [];
let answerId = '';

const FIRST = 'The 2 a.m. maggi at the night canteen';
const SECOND = 'Finished the robotics project an hour before the demo';
const NOT_CHOSEN = 'Rain on the first day of exams';
const ANONYMOUS = 'I still have the library book from first year';
const ANSWER = 'The hostel terrace at sunset';
const ASKLINE = 'What will you miss most about campus?';

/** VITV's class of 2029: Asha (posts, an anonymous askline answer), Kavi and Lata (photos), Nila (none). */
async function seed(db: Db) {
  const of2029 = { institution: 'VITV' as const, graduationYear: 2029 };
  asha = await insertAccount(db, { username: 'asha_book', fullName: 'Asha Raman', ...of2029 });
  withPhotos = [
    await insertAccount(db, { username: 'kavi_book', fullName: 'Kavi Selvan', ...of2029 }),
    await insertAccount(db, { username: 'lata_book', fullName: 'Lata Menon', ...of2029 }),
  ];
  nila = await insertAccount(db, { username: 'nila_book', fullName: 'Nila Das', ...of2029 });
  moderator = await insertAccount(db, {
    username: 'mona_mod',
    fullName: 'Mona Moderator',
    userType: 'moderator',
  });
  const [askline] = await db
    .insert(asklines)
    .values({ content: ASKLINE, createdBy: moderator.userId, verified: true, reviewedBy: moderator.userId })
    .returning();
  const start = Date.UTC(2026, 10, 1, 12);
  const at = (hours: number) => new Date(start + hours * 3_600_000);
  const [answer] = await db
    .insert(posts)
    .values([
      {
        userId: asha.userId,
        content: ANSWER,
        isAnonymous: true,
        asklineId: askline?.id ?? null,
        createdAt: at(0),
      },
      { userId: asha.userId, content: NOT_CHOSEN, createdAt: at(1) },
      { userId: asha.userId, content: SECOND, createdAt: at(2) },
      { userId: asha.userId, content: ANONYMOUS, isAnonymous: true, createdAt: at(3) },
      { userId: asha.userId, content: FIRST, createdAt: at(4) },
    ])
    .returning();
  answerId = answer?.id ?? '';
}

/** Gives `username` a profile photo through the API, as Edit Profile does. */
async function addPhoto(userId: string, username: string) {
  const session = await fetch(`${server.url}/api/test/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ userId }),
  });
  expect(session.status).toBe(201);
  const { cookie } = (await session.json()) as { cookie: { name: string; value: string } };
  const photo = await createCameraJpeg({ width: 400, height: 400 });
  const res = await fetch(`${server.url}/api/profiles/${username}/photo`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', cookie: `${cookie.name}=${cookie.value}`, connection: 'close' },
    body: new Uint8Array(photo),
  });
  expect(res.status, await res.text()).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  server = await startSeededServer(seed);
  for (const member of withPhotos) await addPhoto(member.userId, member.username ?? '');
});
test.afterAll(async () => {
  await server?.stop();
});

/** Waits with the first answer about the book being made until `release` is called. */
async function holdFirstProgress(page: Page): Promise<() => Promise<void>> {
  let held: Route | null = null;
  let releaseNow = false;
  await page.route(/\/api\/books\/[^/]+$/, async (route) => {
    if (releaseNow || held) return route.continue();
    held = route;
  });
  return async () => {
    releaseNow = true;
    await (held as Route | null)?.continue();
    await page.unroute(/\/api\/books\/[^/]+$/);
  };
}

async function pdfOf(download: Download) {
  const bytes = new Uint8Array(readFileSync(await download.path()));
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  return readPdf(bytes);
}

test('a member makes their yearbook page and downloads it', PHONE, async ({ page }) => {
  await signInByCookie(page, server.url, asha.userId);
  await page.goto(`${server.url}/asha_book`);
  await page.getByRole('link', { name: 'My yearbook page' }).click();
  await expect(page).toHaveURL(`${server.url}/yearbook`);
  await expect(page.getByRole('heading', { level: 1, name: 'My yearbook page' })).toBeVisible();

  // Named posts only, newest first; none chosen yet.
  const form = page.getByRole('form', { name: 'Make your PDF' });
  const boxes = form.getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  await expect(form.getByText(ANONYMOUS)).toHaveCount(0);
  await expect(form.getByText(ANSWER)).toHaveCount(0);
  await expect(form.getByText('0 of 20 chosen')).toBeVisible();
  await form.getByRole('checkbox', { name: new RegExp(FIRST) }).check();
  await form.getByRole('checkbox', { name: new RegExp(SECOND) }).check();
  await expect(form.getByText('2 of 20 chosen')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const release = await holdFirstProgress(page);
  await form.getByRole('button', { name: 'Make my PDF' }).click();
  const bar = page.getByRole('progressbar', { name: 'Making your yearbook page' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(form.getByRole('button', { name: 'Make my PDF' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await release();

  const download = page.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveCount(0);
  await expect(page.getByText(/A4 PDF · Kept until/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('yearbook-asha_book.pdf');
  const pdf = await pdfOf(file);
  expect(hasText(pdf, 'Asha Raman')).toBe(true);
  expect(hasText(pdf, FIRST)).toBe(true);
  expect(hasText(pdf, SECOND)).toBe(true);
  expect(hasText(pdf, NOT_CHOSEN)).toBe(false);

  // Drawn by the server as it is now: ready, the two posts ticked again.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: new RegExp(FIRST) })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: new RegExp(NOT_CHOSEN) })).not.toBeChecked();

  // The notification says so and leads back here.
  await page.goto(`${server.url}/notifications`);
  await page.getByRole('link', { name: /Your yearbook page is ready to download/ }).click();
  await expect(page).toHaveURL(`${server.url}/yearbook`);
});

test('staff check a class, make its book anyway, and download it', PHONE, async ({ page }) => {
  await signInByCookie(page, server.url, moderator.userId);
  await page.goto(`${server.url}/class/2029?campus=VITV`);
  await page.getByRole('link', { name: 'Class book' }).click();
  await expect(page).toHaveURL(`${server.url}/class/2029/book?campus=VITV`);
  await expect(page.getByRole('heading', { level: 1, name: 'Class of 2029 book' })).toBeVisible();

  // The check: Asha and Nila have no photo, each a link to their profile.
  await expect(page.getByText('4 members of VIT Vellore on 1 page')).toBeVisible();
  const missing = page.getByRole('list', { name: 'Members without a photo' });
  await expect(missing.getByRole('link')).toHaveText([/Asha Raman\s*@asha_book/, /Nila Das\s*@nila_book/]);
  await expect(missing.getByRole('link', { name: /Nila Das/ })).toHaveAttribute('href', '/nila_book');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('radio', { name: /US Letter/ }).check();
  const release = await holdFirstProgress(page);
  await page.getByRole('button', { name: 'Make it anyway' }).click();
  await expect(page.getByRole('progressbar', { name: 'Making the class book' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make it anyway' })).toBeDisabled();
  await release();

  const download = page.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/US Letter PDF · Kept until/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('class-of-2029-VITV.pdf');
  const pdf = await pdfOf(file);
  for (const name of ['Asha Raman', 'Kavi Selvan', 'Lata Menon', 'Nila Das']) {
    expect(hasText(pdf, name), name).toBe(true);
  }
  expect(pdf.pageSize[0]).toBeCloseTo(612, 0);
  expect(pdf.images).toBeGreaterThanOrEqual(2);
});

test('a member is offered no class book', async ({ page }) => {
  await signInByCookie(page, server.url, nila.userId);
  await page.goto(`${server.url}/class/2029?campus=VITV`);
  await expect(page.getByRole('heading', { level: 1, name: 'Class of 2029' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Class book' })).toHaveCount(0);
  await page.goto(`${server.url}/class/2029/book?campus=VITV`);
  await expect(page).toHaveURL(`${server.url}/dashboard`);
});

test('the author includes an anonymous answer in the class book, told first what readers will know', async ({
  page,
}) => {
  await signInByCookie(page, server.url, asha.userId);
  await page.goto(`${server.url}/post/${answerId}`);
  const item = page.getByRole('button', { name: 'Include in the class book, unnamed' });
  await page.getByRole('button', { name: 'More options' }).first().click();
  await expect(item).toHaveAttribute('aria-pressed', 'false');
  await item.click();
  const dialog = page.getByRole('dialog', { name: 'Include it in the class book, unnamed?' });
  await expect(dialog).toContainText(
    'Readers of the class book will know it was written by someone in the class.',
  );
  await expectNoSeriousA11yViolations(page);
  await answerConfirmation(page, 'Include it in the class book, unnamed?', 'Include');
  await expect(page.getByText('It will be in the class book, as “Anonymous”.')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'More options' }).first().click();
  await expect(item).toHaveAttribute('aria-pressed', 'true');
  await item.click();
  await expect(page.getByText('It will not be in the class book.')).toBeVisible();

  // Nobody else is offered it.
  await signInByCookie(page, server.url, nila.userId);
  await page.goto(`${server.url}/post/${answerId}`);
  await page.getByRole('button', { name: 'More options' }).first().click();
  await expect(page.getByRole('button', { name: 'Include in the class book, unnamed' })).toHaveCount(0);
});
