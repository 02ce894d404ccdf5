// Class pages in a real browser on a seeded server (issue #52): "Class of 2027" on a profile opens the
// class on that campus's tab; the tabs are links with their counts; a search within the class; Show
// more; and a member who hides themselves in Edit Profile is gone from the page. Desktop and phone,
// axe-clean.
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { profiles } from '../../src/server/db/schema';
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
let hema: TestAccount;

/** VITC's class of 2027: Asha, Hema and 52 classmates (more than a page of 48); VITV's: Vel. */
async function seed(db: Db) {
  asha = await insertAccount(db, {
    username: 'asha_c',
    fullName: 'Asha Chennai',
    graduationYear: 2027,
  });
  await db
    .update(profiles)
    .set({ bio: 'Robotics club, front row\nA second line nobody reads here' })
    .where(eq(profiles.userId, asha.userId));
  hema = await insertAccount(db, { username: 'hema_h', fullName: 'Hema Hider', graduationYear: 2027 });
  await insertAccount(db, {
    username: 'vel_v',
    fullName: 'Vel Vellore',
    institution: 'VITV',
    graduationYear: 2027,
  });
  await insertAccount(db, { username: 'kavi_c', fullName: 'Kavi Other Year', graduationYear: 2028 });
  for (let i = 0; i < 52; i += 1) {
    const n = String(i).padStart(2, '0');
    await insertAccount(db, { username: `mate_${n}`, fullName: `Mate ${n}`, graduationYear: 2027 });
  }
}

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  server = await startSeededServer(seed);
});
test.afterAll(async () => {
  await server?.stop();
});

const members = (page: Page) => page.getByRole('region', { name: /^Members at/ }).getByRole('article');
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Campuses' });

test('from a profile to the class: tabs with counts, search, Show more', PHONE, async ({ page }) => {
  await signInToSeeded(page, server, asha);
  await page.goto(`${server.url}/asha_c`);
  await page.getByRole('link', { name: 'Class of 2027' }).click();
  await expect(page).toHaveURL(`${server.url}/class/2027?campus=VITC`);
  await expect(page.getByRole('heading', { level: 1, name: 'Class of 2027' })).toBeVisible();

  const chennai = tabs(page).getByRole('link', { name: 'VIT Chennai 54 members' });
  await expect(chennai).toHaveAttribute('aria-current', 'page');
  // The first page: 48 members by name, Asha first with her bio's first line.
  await expect(members(page)).toHaveCount(48);
  const first = members(page).first();
  await expect(first.getByRole('link')).toHaveText(/Asha Chennai\s*@asha_c/);
  await expect(first.getByText('Robotics club, front row')).toBeVisible();
  await expect(page.getByText('A second line nobody reads here')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(members(page)).toHaveCount(54);
  await expect(members(page).last().getByRole('link')).toHaveText(/Mate 51\s*@mate_51/);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // The other campus: a link, so it works before the script too.
  const vellore = tabs(page).getByRole('link', { name: 'VIT Vellore 1 member' });
  await expect(vellore).toHaveAttribute('href', '/class/2027?campus=VITV');
  await vellore.click();
  await expect(page).toHaveURL(/campus=VITV/);
  await expect(vellore).toHaveAttribute('aria-current', 'page');
  await expect(members(page)).toHaveCount(1);
  await expect(members(page).getByRole('link')).toHaveText(/Vel Vellore\s*@vel_v/);

  // Search within the class, on this tab, then back on Chennai's (the search stays in the address).
  const search = page.getByRole('searchbox', { name: 'Search by name or username' });
  await search.fill('asha');
  await search.press('Enter');
  await expect(page).toHaveURL(/campus=VITV&q=asha/);
  await expect(page.getByText('No one in this class matches "asha"')).toBeVisible();
  await tabs(page)
    .getByRole('link', { name: /VIT Chennai/ })
    .click();
  await expect(page).toHaveURL(/campus=VITC&q=asha/);
  await expect(members(page)).toHaveCount(1);
  await expect(members(page).getByRole('link')).toHaveText(/Asha Chennai/);
  await expectNoSeriousA11yViolations(page);

  // The card leads to the profile.
  await members(page).getByRole('link').click();
  await expect(page).toHaveURL(`${server.url}/asha_c`);
});

test.describe('a year that is no class', () => {
  // The page's own answer is the 404 the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test('says so, with a 404', async ({ page }) => {
    await signInToSeeded(page, server, asha);
    const res = await page.goto(`${server.url}/class/1999`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText('There is no such class')).toBeVisible();
  });
});

test('hiding myself in Edit Profile takes me off my class page', async ({ page }) => {
  await signInToSeeded(page, server, hema);
  await page.goto(`${server.url}/class/2027?q=hema`);
  await expect(members(page)).toHaveCount(1);

  await page.goto(`${server.url}/profile`);
  const hide = page.getByRole('checkbox', { name: 'Hide me from my class page' });
  await expect(hide).not.toBeChecked();
  await hide.check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  await page.goto(`${server.url}/hema_h`);
  await page.getByRole('link', { name: 'Class of 2027' }).click();
  await expect(tabs(page).getByRole('link', { name: 'VIT Chennai 53 members' })).toBeVisible();
  await expect(page.getByText('You are hidden from your class page')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name or username' }).fill('hema');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No one in this class matches "hema"')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // And back again.
  await page.goto(`${server.url}/profile`);
  await expect(hide).toBeChecked();
  await hide.uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.goto(`${server.url}/class/2027?q=hema`);
  await expect(members(page)).toHaveCount(1);
});
