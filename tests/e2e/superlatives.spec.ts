// Superlatives in real browsers (issue #52, decision 042), on desktop and phone, axe-clean at each
// step: staff start a round for the Class of 2026 (VITC) with two categories, approve them and open
// nominations; three members nominate (a member who left superlatives in Edit Profile is not offered,
// nor oneself); staff open the vote; the members vote; staff close it and show the results; the class
// page and the winners' profiles show the wins.
import type { Browser, Page } from '@playwright/test';
import type { Db } from '../../src/server/db/client';
import { insertAccount, type TestAccount } from '../support/accounts';
import {
  answerConfirmation,
  expect,
  expectNoSeriousA11yViolations,
  PHONE,
  pageIsLive,
  test,
} from './fixtures';
import {
  SEEDED_SERVER_START_MS,
  type SeededServer,
  signInByCookie,
  signInToSeeded,
  startSeededServer,
} from './support/seeded-server';

let server: SeededServer;
let staff: TestAccount;
let asha: TestAccount;
let bina: TestAccount;
let chitra: TestAccount;
let dev: TestAccount;

/** VITC's class of 2026: four members (Dev leaves superlatives); a moderator of another class runs it. */
async function seed(db: Db) {
  staff = await insertAccount(db, {
    username: 'mod_m',
    fullName: 'Mod Moderator',
    userType: 'moderator',
    graduationYear: 2024,
  });
  asha = await insertAccount(db, { username: 'asha_c', fullName: 'Asha Chennai', graduationYear: 2026 });
  bina = await insertAccount(db, { username: 'bina_r', fullName: 'Bina Rao', graduationYear: 2026 });
  chitra = await insertAccount(db, { username: 'chitra_i', fullName: 'Chitra Iyer', graduationYear: 2026 });
  dev = await insertAccount(db, { username: 'dev_d', fullName: 'Dev Dropout', graduationYear: 2026 });
}

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  server = await startSeededServer(seed);
});
test.afterAll(async () => {
  await server?.stop();
});

/** A browser of one's own, signed in as `account`; its goto waits for the app (as the test's page does). */
async function memberPage(browser: Browser, account: TestAccount): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: test.info().project.use.viewport ?? null,
    isMobile: test.info().project.use.isMobile ?? false,
    hasTouch: test.info().project.use.hasTouch ?? false,
  });
  const page = await context.newPage();
  await signInByCookie(page, server.url, account.userId);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await pageIsLive(page);
    return response;
  };
  return page;
}

const section = (page: Page) => page.getByRole('region', { name: 'Superlatives' });
const categoryCard = (page: Page, title: string) =>
  section(page).getByRole('article', { name: title, exact: true });
const COMPANY = 'Most likely to start a company';
const LAUGH = 'Best laugh';

/** `date` as a datetime-local field takes it, in the browser's (this machine's) time zone. */
function localField(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Nominates `fullName` in `title` through the picker, searching by `search`. */
async function nominate(page: Page, title: string, search: string, fullName: string) {
  await categoryCard(page, title)
    .getByRole('button', { name: `Nominate a classmate for “${title}”` })
    .click();
  const field = page.getByRole('searchbox', { name: 'Search your classmates' });
  await expect(field).toBeFocused();
  await field.fill(search);
  await categoryCard(page, title)
    .getByRole('button', { name: new RegExp(`^Nominate ${fullName}`) })
    .click();
  await expect(categoryCard(page, title).getByText('Your nomination')).toBeVisible();
  await expect(categoryCard(page, title).getByRole('link', { name: new RegExp(fullName) })).toBeVisible();
}

async function vote(page: Page, title: string, fullName: string) {
  const card = categoryCard(page, title);
  await card.getByRole('radio', { name: new RegExp(fullName) }).check();
  await card.getByRole('button', { name: `Vote in “${title}”` }).click();
  await expect(card.getByText(`You voted for ${fullName}`)).toBeVisible();
}

test('a superlatives round from categories to results', PHONE, async ({ page, browser }) => {
  test.setTimeout(test.info().timeout * 4);
  const pages: Page[] = [];
  try {
    // Dev leaves superlatives in Edit Profile, beside "Hide me from my class page".
    const devPage = await memberPage(browser, dev);
    pages.push(devPage);
    await devPage.goto('/profile');
    const optOut = devPage.getByRole('checkbox', { name: 'Leave me out of superlatives' });
    await expect(optOut).not.toBeChecked();
    await optOut.check();
    await devPage.getByRole('button', { name: 'Save Changes' }).click();
    await expect(devPage.getByText('Profile updated successfully')).toBeVisible();

    // No round yet: a member sees nothing of superlatives; staff may start one.
    const ashaPage = await memberPage(browser, asha);
    pages.push(ashaPage);
    await ashaPage.goto('/class/2026');
    await expect(ashaPage.getByRole('heading', { level: 1, name: 'Class of 2026' })).toBeVisible();
    await expect(section(ashaPage)).toHaveCount(0);

    await signInToSeeded(page, server, staff);
    await page.goto(`${server.url}/class/2026?campus=VITC`);
    const start = section(page).getByRole('form', {
      name: 'Start superlatives for the Class of 2026 (VITC)',
    });
    await expect(start).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await start.getByLabel('Results shown on').fill(localField(new Date(Date.now() + 30 * 86_400_000)));
    await start.getByRole('button', { name: 'Start superlatives for the Class of 2026 (VITC)' }).click();

    // The draft: two categories, each approved; the draft is staff's alone.
    const title = section(page).getByRole('textbox', { name: 'New category' });
    await expect(title).toBeVisible();
    for (const name of [COMPANY, LAUGH]) {
      await title.fill(name);
      await section(page).getByRole('button', { name: 'Add category' }).click();
      await expect(categoryCard(page, name)).toContainText('Not approved');
    }
    await expectNoSeriousA11yViolations(page);
    for (const name of [COMPANY, LAUGH]) {
      await categoryCard(page, name)
        .getByRole('button', { name: `Approve “${name}”` })
        .click();
      await expect(categoryCard(page, name)).toContainText('Approved');
    }
    await ashaPage.goto('/class/2026');
    await expect(ashaPage.getByRole('heading', { level: 1, name: 'Class of 2026' })).toBeVisible();
    await expect(section(ashaPage)).toHaveCount(0);

    await section(page).getByRole('button', { name: 'Open nominations' }).click();
    await answerConfirmation(page, 'Open nominations?', 'Open nominations');
    await expect(
      section(page).getByRole('button', { name: 'Close nominations and open the vote' }),
    ).toBeVisible();

    // Three members nominate. The picker offers neither oneself nor Dev, who left superlatives.
    await ashaPage.goto('/class/2026');
    await expect(section(ashaPage)).toContainText('Nominations are open');
    await categoryCard(ashaPage, COMPANY)
      .getByRole('button', { name: `Nominate a classmate for “${COMPANY}”` })
      .click();
    const picker = ashaPage.getByRole('list', { name: 'Classmates you can nominate' });
    await expect(picker.getByRole('button')).toHaveCount(2);
    await expect(picker).toContainText('Bina Rao');
    await expect(picker).toContainText('Chitra Iyer');
    await expect(picker).not.toContainText('Asha Chennai');
    await expect(picker).not.toContainText('Dev Dropout');
    await ashaPage.getByRole('searchbox', { name: 'Search your classmates' }).fill('dev');
    await expect(ashaPage.getByText('No classmate matches “dev”.')).toBeVisible();
    await expectNoSeriousA11yViolations(ashaPage);
    await ashaPage.getByRole('button', { name: 'Cancel' }).click();
    await nominate(ashaPage, COMPANY, 'bina', 'Bina Rao');
    await nominate(ashaPage, LAUGH, 'chi', 'Chitra Iyer');
    // Changed her mind: Bina in both.
    await categoryCard(ashaPage, LAUGH)
      .getByRole('button', { name: `Change your nomination for “${LAUGH}”` })
      .click();
    await ashaPage.getByRole('searchbox', { name: 'Search your classmates' }).fill('bina');
    await categoryCard(ashaPage, LAUGH)
      .getByRole('button', { name: /^Nominate Bina Rao/ })
      .click();
    await expect(categoryCard(ashaPage, LAUGH).getByRole('link', { name: /Bina Rao/ })).toBeVisible();
    await expectNoSeriousA11yViolations(ashaPage);

    const binaPage = await memberPage(browser, bina);
    pages.push(binaPage);
    await binaPage.goto('/class/2026');
    await nominate(binaPage, COMPANY, 'chitra', 'Chitra Iyer');
    await nominate(binaPage, LAUGH, 'asha', 'Asha Chennai');

    const chitraPage = await memberPage(browser, chitra);
    pages.push(chitraPage);
    await chitraPage.goto('/class/2026');
    await nominate(chitraPage, COMPANY, 'bina', 'Bina Rao');
    await nominate(chitraPage, LAUGH, 'asha', 'Asha Chennai');

    // Staff see how many took part, never for whom; they open the vote.
    await page.reload();
    await expect(categoryCard(page, COMPANY)).toContainText('3 nominated');
    await section(page).getByRole('button', { name: 'Close nominations and open the vote' }).click();
    await answerConfirmation(
      page,
      'Close nominations and open the vote?',
      'Close nominations and open the vote',
    );
    await expect(section(page).getByRole('button', { name: 'Close the vote' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Each votes once per category; one's own place on the ballot cannot be chosen.
    await ashaPage.goto('/class/2026');
    await expect(section(ashaPage)).toContainText('The vote is open');
    await expect(categoryCard(ashaPage, LAUGH).getByRole('radio', { name: /Asha Chennai/ })).toBeDisabled();
    await expectNoSeriousA11yViolations(ashaPage);
    await vote(ashaPage, COMPANY, 'Bina Rao');
    await vote(ashaPage, LAUGH, 'Bina Rao');
    await binaPage.goto('/class/2026');
    await vote(binaPage, COMPANY, 'Chitra Iyer');
    await vote(binaPage, LAUGH, 'Asha Chennai');
    await chitraPage.goto('/class/2026');
    await vote(chitraPage, COMPANY, 'Bina Rao');
    await vote(chitraPage, LAUGH, 'Asha Chennai');
    await expectNoSeriousA11yViolations(chitraPage);

    // Staff close the vote: the results wait for their date (staff see the winners already).
    await page.reload();
    await expect(categoryCard(page, COMPANY)).toContainText('3 voted');
    await section(page).getByRole('button', { name: 'Close the vote' }).click();
    await answerConfirmation(page, 'Close the vote?', 'Close the vote');
    await expect(section(page)).toContainText('Results on');
    await expect(categoryCard(page, COMPANY)).toContainText('Winner (staff only until the results show)');
    await expect(categoryCard(page, COMPANY).getByRole('link', { name: /Bina Rao/ })).toBeVisible();
    await ashaPage.goto('/class/2026');
    await expect(section(ashaPage)).toContainText('Results on');
    await expect(section(ashaPage)).not.toContainText('Winner');
    await expectNoSeriousA11yViolations(ashaPage);

    await section(page).getByRole('button', { name: 'Show results now' }).click();
    await answerConfirmation(page, 'Show the results now?', 'Show results now');
    await expect(section(page)).not.toContainText('Results on');

    // The class page and the winners' profiles show the wins, to everyone.
    await ashaPage.goto('/class/2026');
    await expect(categoryCard(ashaPage, COMPANY)).toContainText('Winner');
    await expect(categoryCard(ashaPage, COMPANY).getByRole('link', { name: /Bina Rao/ })).toHaveAttribute(
      'href',
      '/bina_r',
    );
    await expect(categoryCard(ashaPage, LAUGH).getByRole('link', { name: /Asha Chennai/ })).toBeVisible();
    await expectNoSeriousA11yViolations(ashaPage);
    await categoryCard(ashaPage, COMPANY)
      .getByRole('link', { name: /Bina Rao/ })
      .click();
    await expect(ashaPage).toHaveURL(`${server.url}/bina_r`);
    const wins = ashaPage.getByRole('region', { name: 'Superlatives' });
    await expect(wins).toContainText(`${COMPANY} · Class of 2026, VITC`);
    await expect(wins).not.toContainText(LAUGH);
    await expectNoSeriousA11yViolations(ashaPage);
    await devPage.goto('/asha_c');
    await expect(devPage.getByRole('region', { name: 'Superlatives' })).toContainText(
      `${LAUGH} · Class of 2026, VITC`,
    );
    await devPage.goto('/chitra_i');
    await expect(devPage.getByRole('heading', { level: 1, name: /Chitra Iyer/ })).toBeVisible();
    await expect(devPage.getByRole('region', { name: 'Superlatives' })).toHaveCount(0);
  } finally {
    for (const other of pages) await other.context().close();
  }
});
