// Google sign-in in the browser against a local OpenID Connect server (nothing leaves the machine):
// the button shows only where Google is configured, a new account lands on profile setup, and a
// refusal comes back to the card as 'Google authentication error: …' with a clean address.
import { type MockGoogle, startMockGoogle } from '../support/mock-google';
import { expect, pageIsLive, test } from './fixtures';
import { SEEDED_SERVER_START_MS, type SeededServer, startSeededServer } from './support/seeded-server';

let google: MockGoogle;
let server: SeededServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(SEEDED_SERVER_START_MS);
  google = await startMockGoogle({ sub: 'google-e2e-1', email: 'rohan.g@example.com', name: 'Rohan G' });
  server = await startSeededServer(async () => {}, google.settings);
});
test.afterAll(async () => {
  await server?.stop();
  await google?.stop();
});

test('a refusal at Google comes back as the spec message, and the address is cleaned', async ({ page }) => {
  google.refuseNext();
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const card = page.getByRole('region', { name: 'Get Started' });
  // On screen, not only in the page: on a phone the card is below the hero, and is scrolled to.
  await expect(card.getByText('Google authentication error: The user denied access')).toBeInViewport();
  await expect(page).toHaveURL(`${server.url}/`);
});

test('a new Google account lands on profile setup, signed in', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(`${server.url}/profile/setup`);
  await pageIsLive(page); // landed by a redirect, not by goto: its buttons work once it is live
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText('Signed in as rohan.g@example.com')).toBeVisible();
});
