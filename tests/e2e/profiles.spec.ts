// Profiles in a real browser against the real server (SPEC §2 Profile setup, Profile page, Edit
// Profile; §5 rules and messages): sign up, set up with a photo, see the profile, edit every field and
// the password, and the live username check.

import { createCameraJpeg } from '../support/images';
import { scaled } from '../support/machine-factor';
import { expect, expectNoSeriousA11yViolations, signedInAccount, test, uniqueUsername } from './fixtures';
import { uniqueEmail } from './support/mailbox';
import { ageSavedCacheOnNextLoad, expectSavedInCache } from './support/saved-cache';
import { signUpAndConfirm } from './support/sign-up';

const PASSWORD = 'hostel-maggi-7';

/** A camera-sized photo, so the browser really has to shrink it. */
const cameraPhoto = () => createCameraJpeg({ width: 2400, height: 1800 });

test('sign up, set up a profile with a photo, and see it on the profile page', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  await signUpAndConfirm(page, uniqueEmail('asha'), PASSWORD);
  await expect(page).toHaveURL(/\/profile\/setup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your profile');
  const create = page.getByRole('button', { name: 'Create Profile' });
  await expect(create).toBeDisabled();
  await expect(page.getByText('Choose wisely! Usernames cannot be changed later.')).toBeVisible();
  // SPEC §5 defaults: VITC and 2028.
  await expect(page.getByLabel('Institution')).toHaveValue('VITC');
  await expect(page.getByLabel('Graduation Year')).toHaveValue('2028');

  // The rule is checked as the person types, availability once they pause.
  const usernameInput = page.getByLabel('Username');
  await usernameInput.fill('a..b');
  await expect(
    page
      .getByText(
        'Username can only contain letters, numbers, periods, and underscores. It must start and end with a letter, number, or underscore.',
      )
      .first(),
  ).toBeVisible();
  const username = uniqueUsername('Asha.R');
  await usernameInput.fill(username);
  await expect(usernameInput).toHaveValue(username.toLowerCase());
  await expect(page.getByText('Username is available')).toBeVisible();
  // Still disabled: the full name is missing.
  await expect(create).toBeDisabled();

  // A file that is not an image is refused before anything is sent.
  const photoInput = page.getByLabel('Change Photo');
  await photoInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(page.getByText('Please select an image file')).toBeVisible();
  await photoInput.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
  await expect(page.getByText('Please select an image file')).toBeHidden();
  await expect(page.locator('img[src^="blob:"]')).toBeVisible({ timeout: scaled(15_000) });

  await page.getByLabel('Full Name').fill('Asha Raman');
  await page.getByLabel('Instagram URL').fill('https://instagram.com/asha.raman');
  await page.getByLabel('Bio').fill('Coffee, compilers and @demo_user.');
  await expect(page.getByText('33/160 characters')).toBeVisible();
  await page.getByLabel('Institution').selectOption('VITV');
  await page.getByLabel('Graduation Year').selectOption('2027');
  await page.getByLabel('Date of Birth (optional)').fill('2004-02-29');
  await expectNoSeriousA11yViolations(page);

  await expect(create).toBeEnabled();
  await create.click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: scaled(15_000) });

  // The profile menu knows who this is now, and leads to the profile.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${username.toLowerCase()}$`));
  const header = page.locator('main header');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Asha Raman');
  await expect(page.locator('main header').getByText(`@${username.toLowerCase()}`)).toBeVisible();
  await expect(header.getByText('VIT Vellore')).toBeVisible();
  await expect(header.getByText('Class of 2027')).toBeVisible();
  await expect(header.getByText(/^Joined /)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Asha Raman on Instagram' })).toHaveAttribute(
    'href',
    'https://instagram.com/asha.raman',
  );
  // The mention in the bio links to that profile.
  await expect(header.getByRole('link', { name: '@demo_user' })).toHaveAttribute('href', '/demo_user');
  const photo = header.locator('img[src^="/uploads/"]');
  await expect(photo).toBeVisible();
  const size = await photo.evaluate((img: HTMLImageElement) => ({
    w: img.naturalWidth,
    h: img.naturalHeight,
  }));
  expect(Math.max(size.w, size.h)).toBeLessThanOrEqual(1200);
  await expect(header.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a taken username is shown live and blocks Create Profile', async ({ page }) => {
  const taken = uniqueUsername('ravi');
  await signedInAccount(page, { username: taken });
  // Another person, signed up but without a profile yet: their session replaces the first.
  await signedInAccount(page, { profile: false });
  await page.goto('/profile/setup');
  await page.getByLabel('Full Name').fill('Another Ravi');
  await page.getByLabel('Username').fill(taken.toUpperCase());
  await expect(page.getByText('Username is already taken').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Profile' })).toBeDisabled();
});

test.describe('editing', () => {
  // A wrong current password is answered 400; the browser logs it as a failed resource. A new password
  // ends the old session, and the bell lets go of its stream until the answer's new cookie is set
  // (lib/session-swap.ts): no 401 is allowed.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('edit every field and the password, then back to the profile after saving', async ({ page }) => {
    // A photo compressed in the browser, five saves and a sign-in.
    test.setTimeout(scaled(90_000));
    const username = uniqueUsername('meera');
    await signedInAccount(page, { username, fullName: 'meera Tester', password: PASSWORD });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Profile');
    const usernameField = page.getByLabel('Username');
    await expect(usernameField).toHaveValue(username);
    await expect(usernameField).toHaveAttribute('readonly', '');
    await expect(page.getByText('Usernames cannot be changed after account creation.')).toBeVisible();

    await page.getByLabel('Full Name').fill('Meera Krishnan');
    await page.getByLabel('Instagram URL').fill('https://www.instagram.com/meera.k');
    await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/meera-k');
    await page.getByLabel('Bio').fill('x'.repeat(160));
    await expect(page.getByText('160/160 characters')).toBeVisible();
    await page.getByLabel('Bio').fill('Debate club, night canteen, final-year ECE.');
    await page.getByLabel('Institution').selectOption('VITV');
    await page.getByLabel('Graduation Year').selectOption('2025');
    await page.getByLabel('Date of Birth (optional)').fill('2003-07-14');
    await page
      .getByLabel('Change Photo')
      .setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
    await expect(page.locator('img[src^="blob:"]')).toBeVisible({ timeout: scaled(15_000) });

    // The password fields appear on request, and each rule of SPEC §5 speaks in turn.
    await expect(page.getByLabel('New Password', { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText("Leave blank if you don't want to change your password.")).toBeVisible();
    const save = page.getByRole('button', { name: 'Save Changes' });
    await page.getByLabel('New Password', { exact: true }).fill('newpass-1');
    await save.click();
    await expect(page.getByText('Current password is required to change your password')).toBeVisible();
    await page.getByLabel('Current Password').fill(PASSWORD);
    await page.getByLabel('Confirm New Password').fill('newpass-2');
    await save.click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await save.click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('newpass-1');
    await page.getByLabel('Confirm New Password').fill('newpass-1');
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Current Password').fill(PASSWORD);
    await save.click();
    await expect(page.getByText('Profile and password updated successfully')).toBeVisible();
    // SPEC §2: back to the profile two seconds later.
    await expect(page).toHaveURL(new RegExp(`/${username}$`), { timeout: scaled(5_000) });
    const header = page.locator('main header');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meera Krishnan');
    await expect(header.getByText('Debate club, night canteen, final-year ECE.')).toBeVisible();
    await expect(header.getByText('VIT Vellore')).toBeVisible();
    await expect(header.getByText('Class of 2025')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Meera Krishnan on LinkedIn' })).toBeVisible();
    await expect(header.locator('img[src^="/uploads/"]')).toBeVisible();

    // The new password signs in (by username); the old one no longer does.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    const card = page.getByRole('region', { name: 'Get Started' });
    await card.getByPlaceholder('Username or Email').fill(username);
    await card.getByLabel('Password', { exact: true }).fill('newpass-1');
    await card.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Cancel goes back to the profile without saving', async ({ page }) => {
    const username = uniqueUsername('kiran');
    await signedInAccount(page, { username, fullName: 'kiran Tester' });
    await page.goto('/profile');
    await page.getByLabel('Full Name').fill('Should Not Save');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/${username}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('kiran Tester');
  });
});

test.describe('a missing user', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('says the user does not exist, with a way back to the dashboard', async ({ page }) => {
    await signedInAccount(page);
    await page.goto('/nobody_zz_404');
    await expect(page.getByText('The user nobody_zz_404 does not exist')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('when the picture upload fails', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test('setup says so and creates the profile without a picture', async ({ page }) => {
    await signedInAccount(page, { profile: false });
    await page.goto('/profile/setup');
    await page.route('**/api/profiles/*/photo', (route) => route.abort('connectionreset'));
    const username = uniqueUsername('nila');
    await page.getByLabel('Username').fill(username);
    await expect(page.getByText('Username is available')).toBeVisible();
    await page.getByLabel('Full Name').fill('Nila V');
    await page
      .getByLabel('Change Photo')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
    await expect(page.locator('img[src^="blob:"]')).toBeVisible({ timeout: scaled(15_000) });
    await page.getByRole('button', { name: 'Create Profile' }).click();
    // Told through the announcer (an assertive live region), which stays across the move to the dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('[aria-live="assertive"]')).toHaveText(
      'Failed to upload profile picture. Your profile will be created without a picture.',
    );
    await page.goto(`/${username}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nila V');
    await expect(page.locator('main header img')).toHaveCount(0);
  });
});

test.describe('a slow server', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  // A page the server draws comes with its profile; the browser asks on its own when someone moves
  // to the profile from another screen, and that is where a slow answer is waited out.
  test('the profile page shows the saved copy after 5 seconds', async ({ page }) => {
    const username = uniqueUsername('devi');
    await signedInAccount(page, { username, fullName: 'devi Tester' });
    await page.goto(`/${username}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('devi Tester');
    // Age the saved copy past its five fresh minutes, as a visit tomorrow would find it.
    await expectSavedInCache(page, '"queryKey":["profile"');
    await ageSavedCacheOnNextLoad(page, 10 * 60 * 1000);
    await page.goto('/dashboard');
    await page.route('**/api/profiles/*', () => {
      // Never answers.
    });
    await page.clock.install();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page.getByText('Loading profile...')).toBeVisible();
    // SPEC §9: the saved copy after 5 seconds (the page's clock, moved by the test).
    await page.clock.fastForward(5_100);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('devi Tester');
    await expect(
      page.getByText('The server is slow to answer: showing your saved copy of this profile.'),
    ).toBeVisible();
  });
});
