// Google sign-in in the browser against a local OpenID Connect server (nothing leaves the machine):
// the button shows only where Google is configured, a new account lands on profile setup, and a
// refusal comes back to the card as 'Google authentication error: …' with a clean address.
import { OAuth2Server } from 'oauth2-mock-server';
import { expect, test } from './fixtures';
import { type SeededServer, startSeededServer } from './support/seeded-server';

let oidc: OAuth2Server;
let server: SeededServer;
let refuseNext = false;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      sub: 'google-e2e-1',
      email: 'rohan.g@example.com',
      email_verified: true,
      name: 'Rohan G',
      aud: 'e2e-client',
    });
  });
  oidc.service.on('beforeUserinfo', (response) => {
    response.body = {
      sub: 'google-e2e-1',
      email: 'rohan.g@example.com',
      email_verified: true,
      name: 'Rohan G',
    };
  });
  oidc.service.on('beforeAuthorizeRedirect', (redirect) => {
    if (!refuseNext) return;
    refuseNext = false;
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', 'access_denied');
    redirect.url.searchParams.set('error_description', 'The user denied access');
  });
  server = await startSeededServer(async () => {}, {
    GOOGLE_CLIENT_ID: 'e2e-client',
    GOOGLE_CLIENT_SECRET: 'e2e-secret',
    GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await oidc?.stop();
});

test('a refusal at Google comes back as the spec message, and the address is cleaned', async ({ page }) => {
  refuseNext = true;
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const card = page.getByRole('region', { name: 'Get Started' });
  await expect(card.getByText('Google authentication error: The user denied access')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/`);
});

test('a new Google account lands on profile setup, signed in', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(`${server.url}/profile/setup`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText('Signed in as rohan.g@example.com')).toBeVisible();
});
