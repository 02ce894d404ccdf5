// The installed app's ways in (issue #29, first part): every page names the web manifest, which the
// server hands out with its type; its Create post shortcut and text shared to it from another app open
// the dashboard's Create post, the shared text as the draft, and the address forgets them.
import { expect, signedInAccount, test } from './fixtures';

test('every page names the manifest, served with its type and its icons', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const { icons } = (await manifest.json()) as { icons: { src: string; type: string }[] };
  for (const icon of icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toContain(icon.type);
  }
});

test("the app's Create post shortcut and shared text open Create post, once", async ({ page }) => {
  await signedInAccount(page);
  const panel = page.getByRole('form', { name: 'Create a post' });

  await page.goto('/dashboard?compose=1');
  await expect(panel.getByRole('textbox')).toHaveValue('');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(
    `/dashboard?share_title=${encodeURIComponent('Fest photos')}&share_text=${encodeURIComponent('Tag yourself by Friday')}`,
  );
  await expect(panel.getByRole('textbox')).toHaveValue('Fest photos\nTag yourself by Friday');
  await expect(page).toHaveURL(/\/dashboard$/);
  // A reload keeps the page, not the draft's opening.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(panel).toHaveCount(0);
});
