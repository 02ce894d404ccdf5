// Every screen opens, fits the screen (nothing wider than the viewport) and passes an axe scan, on the
// shared server. The flows that use these screens (accounts, profiles, posts, moderation...) run once,
// at desktop width, where they scan the screens too; a flow does not change with the width, a layout
// does. So the phone project visits each member's and visitor's screen here, one visit each, and the
// staff screens at both widths (their flows are the moderation, roles and notice specs).
import type { Page } from '@playwright/test';
import {
  createE2eAccount,
  expect,
  expectNoSeriousA11yViolations,
  PHONE,
  PHONE_ONLY,
  signedInAccount,
  test,
} from './fixtures';

async function expectFitsTheScreen(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${path} is wider than the viewport`).toBeLessThanOrEqual(innerWidth);
}

/** Opens `path`, waits for its heading and its data, then checks the fit and the axe scan. */
async function visitScreen(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toHaveText(heading);
  await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0);
  await expectFitsTheScreen(page, path);
  await expectNoSeriousA11yViolations(page);
}

const STAFF_SCREENS = [
  { path: '/reports', heading: 'Reported Posts', userType: 'moderator' },
  { path: '/asklines/review', heading: 'Pending Asklines', userType: 'moderator' },
  { path: '/admin/log', heading: 'Moderation log', userType: 'admin' },
  { path: '/admin/notice', heading: 'Dashboard notice', userType: 'admin' },
  { path: '/admin/users', heading: 'Manage users', userType: 'admin' },
  { path: '/admin/word-lists', heading: 'Word lists', userType: 'admin' },
] as const;

for (const { path, heading, userType } of STAFF_SCREENS) {
  test(
    `${path} opens for the ${userType}, fits the screen and passes an axe scan`,
    PHONE,
    async ({ page }) => {
      await signedInAccount(page, { userType });
      await visitScreen(page, path, heading);
    },
  );
}

// Mute and block (issue #48) with something in each of its lists: long names, a word that stops at a
// time, a hidden anonymous post. Its flows (controls.spec.ts) see each list with one row at a time.
test(
  '/profile/controls with every list filled fits the screen and passes an axe scan',
  PHONE,
  async ({ page }) => {
    const writer = await createE2eAccount(page, { fullName: 'Meenakshi Venkataraman Iyer-Raghunathan' });
    const other = await createE2eAccount(page, { fullName: 'Bala Blocked' });
    const written = async (isAnonymous: boolean) => {
      const res = await page.request.post('/api/posts', {
        headers: { cookie: `${writer.cookie.name}=${writer.cookie.value}` },
        data: {
          content: `A post hidden from one reader, long enough to wrap on a phone: https://example.com/${isAnonymous}`,
          isAnonymous,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const hidden = [
      [await written(false), 'not_for_me'],
      [await written(true), 'muted_author'],
    ];
    await signedInAccount(page, { fullName: 'Screen Controls' });
    const made = [
      ['/api/controls/muted-words', { phrase: 'end semester exam results', duration: '24h' }],
      ['/api/controls/muted-words', { phrase: 'cricket' }],
      ['/api/controls/mutes', { username: writer.username }],
      ['/api/controls/blocks', { username: other.username }],
      ...hidden.map(([postId, reason]) => ['/api/controls/hidden-posts', { postId, reason }] as const),
    ] as const;
    for (const [path, data] of made) {
      const res = await page.request.post(path, { data });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    }
    await visitScreen(page, '/profile/controls', 'Mute and block');
    await expect(page.getByRole('list', { name: 'Hidden posts' }).getByRole('listitem')).toHaveCount(2);
  },
);

test.describe('at phone width', () => {
  // A broken token is refused with a 400 and a missing profile is a 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 40[04]/] });

  // A member's screens, in three groups of a few each: each group a test of its own (a dozen axe scans
  // in one test outlasted its time on a busy machine, and the groups run side by side).
  test("a member's own post and profile fit and pass axe scans", PHONE_ONLY, async ({ page }) => {
    const me = await signedInAccount(page, { fullName: 'Phone Member' });
    const made = await page.request.post('/api/posts', {
      data: { content: 'A post read on a phone', isAnonymous: false },
    });
    expect(made.status()).toBe(201);
    const { id: postId } = (await made.json()) as { id: string };
    await visitScreen(page, '/dashboard', 'Dashboard');
    await visitScreen(page, `/${me.username}`, 'Phone Member');
    await visitScreen(page, `/${me.username}/${postId}`, /.+/);
    // The same post, read by a visitor (no share actions, a sign-in offer).
    await page.context().clearCookies();
    await visitScreen(page, `/${me.username}/${postId}`, /.+/);
  });

  test("a member's settings fit and pass axe scans", PHONE_ONLY, async ({ page }) => {
    await signedInAccount(page, { fullName: 'Phone Member' });
    await visitScreen(page, '/profile', 'Edit Profile');
    await visitScreen(page, '/profile/account', 'Your data and account');
    await visitScreen(page, '/profile/controls', 'Mute and block');
  });

  test(
    "a member's search, asklines, notifications and others' pages fit and pass axe scans",
    PHONE_ONLY,
    async ({ page }) => {
      await signedInAccount(page, { fullName: 'Phone Member' });
      await visitScreen(page, '/search?q=phone', /.+/);
      await visitScreen(page, '/asklines', 'Verified Asklines');
      await visitScreen(page, '/notifications', 'Notifications');
      await visitScreen(page, '/class/2026', 'Class of 2026');
      await visitScreen(page, '/demo_user', /.+/);
      await visitScreen(page, '/nobody_at_all_here', /.+/);
    },
  );

  test("a new account's profile setup fits and passes an axe scan", PHONE_ONLY, async ({ page }) => {
    await signedInAccount(page, { profile: false });
    await visitScreen(page, '/profile/setup', 'Set up your profile');
  });

  test("a visitor's screens of mailed links fit and pass axe scans", PHONE_ONLY, async ({ page }) => {
    await visitScreen(page, '/reset-password?token=not-a-token', /.+/);
    await visitScreen(page, '/email-change?token=not-a-token', /.+/);
    await visitScreen(page, '/?confirm=not-a-token#get-started', /.+/);
  });
});
