// No tap lost between the first paint and the app (issue #45). Each main page is opened on a phone
// as slow as Lighthouse's mobile profile (the CPU 4x slower, slow 4G, nothing cached), and each of its
// main controls is tapped the moment it shows, long before the app has taken the page over: the tap
// must take effect (src/web/lib/early-input.ts keeps it and makes it again then).
//
// One try per control here, on one of the two projects (they share the pages); `E2E_FIRST_TAP_TRIES=20`
// tries each control that many times on both (the acceptance run).
import type { Locator, Page } from '@playwright/test';
import type { Db } from '../../src/server/db/client';
import {
  appeals,
  asklines,
  heldPosts,
  moderationDecisions,
  mutedWords,
  posts,
  reports,
  superlativeCategories,
  superlativeRounds,
  wordListTerms,
} from '../../src/server/db/schema';
import { mutedPhrase } from '../../src/server/features/safety/word-pattern';
import { insertAccount, type TestAccount } from '../support/accounts';
import { scaled } from '../support/machine-factor';
import { expect, PHONE, PHONE_ONLY, test } from './fixtures';
import {
  SEEDED_SERVER_START_MS,
  type SeededServer,
  signInByCookie,
  startSeededServer,
} from './support/seeded-server';

const TRIES = Number(process.env.E2E_FIRST_TAP_TRIES ?? 1);
const ASKLINE = 'What will you miss most about the hostel?';
const ANSWER = 'The 2 a.m. maggi at the night canteen';
const REPORTED = 'Reported post number';
const HELD = 'Held post number';
const APPEALED = 'Appealed post number';
const WORD = 'glorpish';
/** The words muted on Mute and block (issue #48): seeded for Remove, typed for Add. */
const MUTED = 'zibbertoff';
const TYPED = 'quonkish';

let server: SeededServer;
let writer: TestAccount;
let reader: TestAccount;
let moderator: TestAccount;
let admin: TestAccount;
let muter: TestAccount;
let asklineId = '';
let postId = '';

// One server of the spec's own (an askline verified on the shared one would show on every page that
// lists them); its tests take turns on it.
test.describe.configure({ mode: 'default' });

/** "bb", "cb", ... "bc": a different word for each of up to 400 tries, of letters alone. */
const twoLetters = (i: number) =>
  String.fromCharCode(98 + (i % 20)) + String.fromCharCode(98 + Math.floor(i / 20));
let typed = 0;

async function seed(db: Db) {
  writer = await insertAccount(db, { username: 'meera_w', fullName: 'Meera W' });
  reader = await insertAccount(db, { username: 'ravi_r', fullName: 'Ravi R' });
  moderator = await insertAccount(db, { username: 'mod_m', fullName: 'Mod M', userType: 'moderator' });
  admin = await insertAccount(db, { username: 'ada_m', fullName: 'Ada M', userType: 'admin' });
  const [askline] = await db
    .insert(asklines)
    .values({ content: ASKLINE, createdBy: writer.userId, verified: true, reviewedBy: moderator.userId })
    .returning();
  asklineId = askline?.id ?? '';
  const start = Date.UTC(2026, 0, 10, 12);
  // The newest post: the first card of the feed (sorted newest first) and of the profile.
  const [post] = await db
    .insert(posts)
    .values({ userId: writer.userId, content: ANSWER, asklineId, createdAt: new Date(start + 86_400_000) })
    .returning();
  postId = post?.id ?? '';
  // A report for every try at Resolve (each tap resolves one) and at Acknowledge (the next one).
  const reported = await db
    .insert(posts)
    .values(
      Array.from({ length: TRIES * 4 }, (_, i) => ({
        userId: writer.userId,
        content: `${REPORTED} ${i + 1}`,
        createdAt: new Date(start + (i + 1) * 60_000),
      })),
    )
    .returning();
  await db
    .insert(reports)
    .values(
      reported.map((row, i) => ({ postId: row.id, reportCount: 1, createdAt: new Date(start + i * 60_000) })),
    );
  // A word for every try at Remove on the admins' word lists (issue #47).
  await db.insert(wordListTerms).values(
    Array.from({ length: TRIES * 2 }, (_, i) => ({
      list: 'insult',
      term: `${WORD} ${String.fromCharCode(98 + (i % 20))}${String.fromCharCode(98 + Math.floor(i / 20))}`,
      matchKey: `${WORD} ${i}`,
      addedBy: admin.userId,
    })),
  );
  // A muted word for every try at Remove on Mute and block (issue #48), of someone of its own: the
  // words hide nothing the other pages show.
  muter = await insertAccount(db, { username: 'tara_m', fullName: 'Tara M' });
  // Phrases whose folded keys differ (the fold makes "zibbertoff cb" and "zibbertoff kb" one word, and
  // one person mutes a word once), as many as the tries need.
  const muted = new Map<
    string,
    { userId: string; phrase: string } & NonNullable<ReturnType<typeof mutedPhrase>>
  >();
  for (let i = 0; muted.size < TRIES * 2; i++) {
    const phrase = `${MUTED} ${twoLetters(i)}`;
    const folded = mutedPhrase(phrase);
    if (!folded) throw new Error(`${phrase} has no letters`);
    if (!muted.has(folded.matchKey)) muted.set(folded.matchKey, { userId: muter.userId, phrase, ...folded });
  }
  await db.insert(mutedWords).values([...muted.values()]);
  // A held post for every try at Approve in the Held tab (issue #47).
  await db.insert(heldPosts).values(
    Array.from({ length: TRIES * 2 }, (_, i) => ({
      userId: writer.userId,
      content: `${HELD} ${i + 1}`,
      isAnonymous: true,
      reasons: [{ category: 'names_member', match: '@ravi_r' }],
      createdAt: new Date(start + (i + 1) * 60_000),
    })),
  );
  // A removed post with an open appeal for every try at Uphold in the Appeals tab (issue #47), removed
  // by another moderator: the one who taps may decide them.
  const remover = await insertAccount(db, { username: 'mod_n', fullName: 'Mod N', userType: 'moderator' });
  const removed = await db
    .insert(posts)
    .values(
      Array.from({ length: TRIES * 2 }, (_, i) => ({
        userId: writer.userId,
        content: `${APPEALED} ${i + 1}`,
        isAnonymous: true,
        deleted: true,
        createdAt: new Date(start + (i + 1) * 60_000),
      })),
    )
    .returning();
  const decisions = await db
    .insert(moderationDecisions)
    .values(
      removed.map((row) => ({
        kind: 'post_removed',
        postId: row.id,
        authorId: writer.userId,
        rule: 'spam',
        facts: 'An advert.',
        foundBy: 'staff',
        decidedBy: remover.userId,
      })),
    )
    .returning();
  await db.insert(appeals).values(
    decisions.map((decision, i) => ({
      decisionId: decision.id,
      text: 'It was not an advert.',
      createdAt: new Date(start + (i + 1) * 60_000),
    })),
  );
  // Superlatives (issue #52): the class of 2026 (VITC), everyone's here, is nominating.
  const [round] = await db
    .insert(superlativeRounds)
    .values({
      graduationYear: 2026,
      institution: 'VITC',
      phase: 'nominating',
      resultsAt: new Date(Date.now() + 30 * 86_400_000),
      createdBy: moderator.userId,
    })
    .returning();
  await db.insert(superlativeCategories).values({
    roundId: round?.id ?? '',
    title: 'Most likely to start a company',
    position: 1,
    approved: true,
  });
}

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  server = await startSeededServer(seed);
});

test.afterAll(async () => {
  await server?.stop();
});

/** Lighthouse's mobile profile, as DevTools applies it: CPU 4x slower, slow 4G, and a cold cache. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  // The page the signed-in tries leave by (/api/health) is no HTML of ours: Chromium asks for a
  // /favicon.ico there, which this server does not have.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  // Notes whether a page's first tap came before the page was live: a tap after proves nothing here.
  await page.addInitScript(() => {
    window.addEventListener(
      'click',
      (event) => {
        const marks = document.documentElement.dataset;
        if (!event.isTrusted || 'firstTap' in marks) return;
        marks.firstTap = marks.pageReady === 'true' && marks.headerReady === 'true' ? 'late' : 'early';
      },
      true,
    );
  });
}

interface Tap {
  name: string;
  /** Opens the page and returns the control (taps on a page that has only just started to load). */
  control(page: Page): Promise<Locator>;
  /** Before the tap, once the control shows: what the page says then, handed to `effect`. */
  before?(page: Page, control: Locator): Promise<string>;
  effect(page: Page, before: string): Promise<void>;
}

/** Opens `path` and returns as soon as the server's answer is in: the page is still to be drawn. */
async function open(page: Page, path: string) {
  await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
}

const EFFECT_MS = scaled(30_000);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

/** A post's Like, whichever it says: the tap turns it over. */
const like = (scope: Locator) => scope.getByRole('button', { name: /^(Like|Unlike), / });
const liked = async (_page: Page, control: Locator) => (await control.getAttribute('aria-pressed')) ?? '';
const likeTurned = (control: (page: Page) => Locator) => async (page: Page, before: string) => {
  await expect(control(page)).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true', {
    timeout: EFFECT_MS,
  });
};

const PAGES: { page: string; who: () => TestAccount | null; taps: Tap[] }[] = [
  {
    page: 'landing',
    who: () => null,
    taps: [
      {
        name: 'Create an account',
        async control(page) {
          await open(page, '/');
          return page
            .getByRole('region', { name: 'Get Started' })
            .getByRole('button', { name: 'Create an account' });
        },
        async effect(page) {
          const getStarted = page.getByRole('region', { name: 'Get Started' });
          await expect(getStarted.getByRole('button', { name: 'Sign Up' })).toBeVisible({
            timeout: EFFECT_MS,
          });
        },
      },
      {
        name: 'Sign In, with the name and password typed as the page loads',
        async control(page) {
          await open(page, '/');
          const getStarted = page.getByRole('region', { name: 'Get Started' });
          await getStarted.getByPlaceholder('Username or Email').fill(reader.username ?? '');
          await getStarted.getByLabel('Password', { exact: true }).fill(reader.password);
          return getStarted.getByRole('button', { name: 'Sign In', exact: true });
        },
        async effect(page) {
          await expect(page).toHaveURL(`${server.url}/dashboard`, { timeout: EFFECT_MS });
          // Signed out again for the next try, the kept copy of the session gone too (read on a page of
          // the same origin that runs no app: the app's requests for a session just ended would fail).
          await page.goto(`${server.url}/api/health`);
          await page.context().clearCookies();
          await page.evaluate(() => localStorage.clear());
        },
      },
    ],
  },
  {
    page: 'dashboard',
    who: () => reader,
    taps: [
      {
        name: 'Create',
        async control(page) {
          await open(page, '/dashboard?sort=newest');
          return nav(page).getByRole('button', { name: 'Create a post' });
        },
        async effect(page) {
          await expect(page.getByRole('form', { name: 'Create a post' })).toBeVisible({ timeout: EFFECT_MS });
        },
      },
      {
        name: 'the account menu',
        async control(page) {
          await open(page, '/dashboard?sort=newest');
          return nav(page).getByRole('button', { name: 'Account menu' });
        },
        async effect(page) {
          await expect(nav(page).getByRole('link', { name: 'About' })).toBeVisible({ timeout: EFFECT_MS });
        },
      },
      {
        name: 'the sort menu',
        async control(page) {
          await open(page, '/dashboard?sort=newest');
          return page.getByRole('button', { name: /^Filter:/ });
        },
        async effect(page) {
          await expect(page.getByRole('button', { name: 'Oldest First' })).toBeVisible({
            timeout: EFFECT_MS,
          });
        },
      },
      {
        name: 'Like',
        async control(page) {
          await open(page, '/dashboard?sort=newest');
          return like(card(page, ANSWER));
        },
        before: liked,
        effect: likeTurned((page) => like(card(page, ANSWER))),
      },
    ],
  },
  {
    page: 'profile',
    who: () => reader,
    taps: [
      {
        name: 'Like',
        async control(page) {
          await open(page, `/${writer.username}`);
          return like(card(page, ANSWER));
        },
        before: liked,
        effect: likeTurned((page) => like(card(page, ANSWER))),
      },
      {
        name: 'Share',
        async control(page) {
          await open(page, `/${writer.username}`);
          return card(page, ANSWER).getByRole('button', { name: 'Share' });
        },
        async effect(page) {
          await expect(card(page, ANSWER).getByRole('button', { name: 'Copy link' })).toBeVisible({
            timeout: EFFECT_MS,
          });
        },
      },
      {
        // Issue #52: the yearbook's Sign, drawn by the server in a chunk of its own, opens the form.
        name: 'Sign the yearbook',
        async control(page) {
          await open(page, `/${writer.username}`);
          return page.locator('#signatures').getByRole('button', { name: "Sign Meera's yearbook" });
        },
        async effect(page) {
          await expect(page.getByRole('textbox', { name: "Your message in Meera's yearbook" })).toBeFocused({
            timeout: EFFECT_MS,
          });
        },
      },
    ],
  },
  {
    page: 'post',
    who: () => reader,
    taps: [
      {
        name: 'Like',
        async control(page) {
          await open(page, `/${writer.username}/${postId}`);
          return like(card(page, ANSWER));
        },
        before: liked,
        effect: likeTurned((page) => like(card(page, ANSWER))),
      },
      {
        name: 'More options',
        async control(page) {
          await open(page, `/${writer.username}/${postId}`);
          return card(page, ANSWER).getByRole('button', { name: 'More options' });
        },
        async effect(page) {
          await expect(card(page, ANSWER).getByRole('button', { name: 'Report', exact: true })).toBeVisible({
            timeout: EFFECT_MS,
          });
        },
      },
      {
        // The thread under the post (issue #49): a lazy part the server draws with the page.
        name: "the thread's order",
        async control(page) {
          await open(page, `/${writer.username}/${postId}`);
          return page.getByRole('button', { name: 'Newest first' });
        },
        async effect(page) {
          await expect(page.getByRole('button', { name: 'Newest first' })).toHaveAttribute(
            'aria-pressed',
            'true',
            {
              timeout: EFFECT_MS,
            },
          );
        },
      },
      {
        name: 'Copy link in the navbar',
        async control(page) {
          await open(page, `/${writer.username}/${postId}`);
          return nav(page).getByRole('button', { name: 'Copy link' });
        },
        async effect(page) {
          await expect(nav(page).getByRole('button', { name: 'Copied link' })).toBeVisible({
            timeout: EFFECT_MS,
          });
        },
      },
    ],
  },
  {
    page: 'askline',
    who: () => reader,
    taps: [
      {
        name: 'Share askline',
        async control(page) {
          await open(page, `/askline/${asklineId}`);
          return page.getByRole('button', { name: 'Share askline' });
        },
        async effect(page) {
          await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible({ timeout: EFFECT_MS });
        },
      },
      {
        name: 'Like',
        async control(page) {
          await open(page, `/askline/${asklineId}`);
          return like(card(page, ANSWER));
        },
        before: liked,
        effect: likeTurned((page) => like(card(page, ANSWER))),
      },
    ],
  },
  {
    page: 'search',
    who: () => reader,
    taps: [
      {
        name: 'Posts, then Search, with the words typed as the page loads',
        async control(page) {
          await open(page, '/search');
          await page.getByRole('searchbox', { name: 'Search users and posts' }).fill('maggi');
          await page.getByRole('radio', { name: 'Posts' }).click();
          return page.getByRole('button', { name: 'Search', exact: true });
        },
        async effect(page) {
          await expect(page).toHaveURL(/[?&]q=maggi&type=posts$/, { timeout: EFFECT_MS });
          const found = page.getByRole('region', { name: /^Posts/ });
          await expect(found.getByRole('article').filter({ hasText: ANSWER })).toBeVisible({
            timeout: EFFECT_MS,
          });
        },
      },
    ],
  },
  {
    page: 'reports',
    who: () => moderator,
    taps: [
      {
        name: 'Resolve',
        async control(page) {
          await open(page, '/reports?sort=oldest');
          return page
            .getByRole('region', { name: 'Unresolved reports' })
            .getByRole('article')
            .first()
            .getByRole('button', { name: 'Resolve report' });
        },
        async before(page) {
          const first = page.getByRole('region', { name: 'Unresolved reports' }).getByRole('article').first();
          return postNamed(
            page,
            'Unresolved reports',
            /Reported post number \d+/.exec(await first.innerText()),
          );
        },
        async effect(page, before) {
          // The tap asks first; once asked, the app is live, and the answer is an ordinary tap.
          const dialog = page.getByRole('dialog', { name: 'Mark this report as resolved?' });
          await expect(dialog).toBeVisible({ timeout: EFFECT_MS });
          await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
          await expect(post(page, 'Unresolved reports', before)).toHaveCount(0, { timeout: EFFECT_MS });
        },
      },
      {
        name: 'Acknowledge',
        async control(page) {
          await open(page, '/reports?sort=oldest');
          return unacknowledged(page).getByRole('button', { name: 'Acknowledge' });
        },
        async before(page) {
          const name = /Reported post number \d+/.exec(await unacknowledged(page).innerText());
          return postNamed(page, 'Unresolved reports', name);
        },
        async effect(page, before) {
          await expect(
            post(page, 'Unresolved reports', before).getByText('Acknowledged by staff'),
          ).toBeVisible({
            timeout: EFFECT_MS,
          });
        },
      },
      {
        name: 'Approve, in the Held tab',
        async control(page) {
          await open(page, '/reports?tab=held');
          return page
            .getByRole('region', { name: 'Held posts' })
            .getByRole('article')
            .first()
            .getByRole('button', { name: 'Approve' });
        },
        async before(page) {
          const first = page.getByRole('region', { name: 'Held posts' }).getByRole('article').first();
          return postNamed(page, 'Held posts', /Held post number \d+/.exec(await first.innerText()));
        },
        async effect(page, before) {
          const dialog = page.getByRole('dialog', { name: 'Approve this post?' });
          await expect(dialog).toBeVisible({ timeout: EFFECT_MS });
          await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
          await expect(post(page, 'Held posts', before)).toHaveCount(0, { timeout: EFFECT_MS });
        },
      },
    ],
  },
  {
    page: 'word lists',
    who: () => admin,
    taps: [
      {
        name: 'Add, with nothing chosen',
        async control(page) {
          await open(page, '/admin/word-lists');
          return page.getByRole('form', { name: 'Add a word' }).getByRole('button', { name: 'Add' });
        },
        async effect(page) {
          await expect(page.getByText('Choose a list.')).toBeVisible({ timeout: EFFECT_MS });
        },
      },
      {
        name: 'Remove',
        async control(page) {
          await open(page, '/admin/word-lists');
          return page
            .getByRole('list', { name: 'Added words' })
            .getByRole('button', { name: /^Remove/ })
            .first();
        },
        async before(_page, control) {
          return (await control.getAttribute('aria-label')) ?? '';
        },
        async effect(page, before) {
          const word = before.replace(/^Remove /, '');
          const dialog = page.getByRole('dialog', { name: `Remove ${word}?` });
          await expect(dialog).toBeVisible({ timeout: EFFECT_MS });
          await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
          await expect(
            page.getByRole('list', { name: 'Added words' }).getByText(word, { exact: true }),
          ).toHaveCount(0, { timeout: EFFECT_MS });
        },
      },
      {
        name: 'Uphold, in the Appeals tab',
        async control(page) {
          await open(page, '/reports?tab=appeals');
          return page
            .getByRole('region', { name: 'Appeals' })
            .getByRole('article')
            .first()
            .getByRole('button', { name: 'Uphold' });
        },
        async before(page) {
          const first = page.getByRole('region', { name: 'Appeals' }).getByRole('article').first();
          return (/Appealed post number \d+/.exec(await first.innerText()) ?? [''])[0];
        },
        async effect(page, before) {
          const dialog = page.getByRole('dialog', { name: 'Uphold the removal?' });
          await expect(dialog).toBeVisible({ timeout: EFFECT_MS });
          await dialog.getByRole('button', { name: 'Uphold', exact: true }).click();
          const upheld = new RegExp(`${before}(?!\\d)`);
          await expect(
            page.getByRole('region', { name: 'Appeals' }).getByRole('article').filter({ hasText: upheld }),
          ).toHaveCount(0, { timeout: EFFECT_MS });
        },
      },
    ],
  },
  {
    page: 'mute and block',
    who: () => muter,
    taps: [
      {
        name: 'Add, with a word typed as the page loads',
        async control(page) {
          await open(page, '/profile/controls');
          const form = page.getByRole('form', { name: 'Mute a word' });
          await form.getByLabel('Word or phrase').fill(`${TYPED} ${twoLetters(typed++)}`);
          return form.getByRole('button', { name: 'Add' });
        },
        async before(page) {
          return page.getByRole('form', { name: 'Mute a word' }).getByLabel('Word or phrase').inputValue();
        },
        async effect(page, before) {
          await expect(mutedNow(page).getByText(`“${before}”`, { exact: true })).toHaveCount(1, {
            timeout: EFFECT_MS,
          });
        },
      },
      {
        name: 'Remove',
        async control(page) {
          await open(page, '/profile/controls');
          return mutedNow(page)
            .getByRole('button', { name: new RegExp(`^Remove “${MUTED}`) })
            .first();
        },
        async before(_page, control) {
          return (await control.getAttribute('aria-label')) ?? '';
        },
        async effect(page, before) {
          const word = before.replace(/^Remove /, '');
          await expect(mutedNow(page).getByText(word, { exact: true })).toHaveCount(0, {
            timeout: EFFECT_MS,
          });
          await expect(page.getByText(`Removed ${word}: posts with it show again.`)).toBeVisible({
            timeout: EFFECT_MS,
          });
        },
      },
    ],
  },
  {
    page: 'class',
    who: () => reader,
    taps: [
      {
        // Issue #52: the superlatives section, drawn by the server in a chunk of its own, opens the picker.
        name: 'Nominate a classmate',
        async control(page) {
          await open(page, '/class/2026');
          return page
            .locator('#superlatives')
            .getByRole('button', { name: 'Nominate a classmate for “Most likely to start a company”' });
        },
        async effect(page) {
          await expect(page.getByRole('searchbox', { name: 'Search your classmates' })).toBeFocused({
            timeout: EFFECT_MS,
          });
        },
      },
    ],
  },
  {
    // Issue #52: My yearbook page's boxes, ticked before the page is live, are ticked once it is.
    page: 'yearbook',
    who: () => writer,
    taps: [
      {
        name: "a post's box",
        async control(page) {
          await open(page, '/yearbook');
          return page.getByRole('checkbox', { name: new RegExp(ANSWER) });
        },
        before: async (_page, control) => String(await control.isChecked()),
        async effect(page, before) {
          const box = page.getByRole('checkbox', { name: new RegExp(ANSWER) });
          await (before === 'true'
            ? expect(box).not.toBeChecked({ timeout: EFFECT_MS })
            : expect(box).toBeChecked({ timeout: EFFECT_MS }));
          await expect(page.getByText(before === 'true' ? '0 of 20 chosen' : '1 of 20 chosen')).toBeVisible();
        },
      },
    ],
  },
];

const mutedNow = (page: Page) => page.getByRole('list', { name: 'Muted now' });

/**
 * The card in `region` whose text is exactly `text` ("Reported post number 3", never 30). Not by
 * `hasText`: a card's text runs its words into the next control's ("...number 30" for number 3 and
 * its 0 likes), so a pattern ending in "not followed by a digit" found none, and "gone" held trivially.
 */
function post(page: Page, region: string, text: string) {
  return page
    .getByRole('region', { name: region })
    .getByRole('article')
    .filter({ has: page.getByText(text, { exact: true }) });
}

/** The text a `before` found, once it is known to name exactly one card (so that "gone" means gone). */
async function postNamed(page: Page, region: string, found: RegExpExecArray | null): Promise<string> {
  const text = found?.[0] ?? '';
  await expect(post(page, region, text)).toHaveCount(1);
  return text;
}

/** The first report on the page that staff have not acknowledged yet. */
function unacknowledged(page: Page) {
  return page
    .getByRole('region', { name: 'Unresolved reports' })
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Acknowledge' }) })
    .first();
}

for (const [index, { page: name, who, taps }] of PAGES.entries()) {
  // A single try per control is shared out: the desktop project taps on every other page, the phone
  // project (which runs only tests tagged for it) on the rest; twenty tries run on both.
  const projects = TRIES > 1 ? PHONE : index % 2 === 1 ? PHONE_ONLY : {};
  test(`a tap made the moment it shows takes effect: the ${name} page`, projects, async ({ page }) => {
    test.setTimeout(scaled(60_000) * taps.length * TRIES);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const account = who();
    if (account) await signInByCookie(page, server.url, account.userId);
    await slowPhone(page);
    const early: string[] = [];
    for (let round = 0; round < TRIES; round++) {
      for (const tap of taps) {
        await test.step(`${tap.name}, try ${round + 1}`, async () => {
          const control = await tap.control(page);
          await expect(control).toBeVisible({ timeout: EFFECT_MS });
          const before = (await tap.before?.(page, control)) ?? '';
          await control.click();
          await tap.effect(page, before);
          if ((await page.locator('html[data-first-tap="early"]').count()) > 0) early.push(tap.name);
        });
      }
    }
    const made = TRIES * taps.length;
    console.log(`first taps on the ${name} page: ${early.length} of ${made} made before the page was live`);
    // Throttled as above, the page takes seconds to come alive: were most taps made after, the test
    // would have tried nothing.
    expect(early.length, `taps made before the page was live: ${early.join(', ')}`).toBeGreaterThanOrEqual(
      Math.ceil(made / 2),
    );
  });
}
