import type { Page } from '@playwright/test';

const DRAWN_PAGE =
  /<div id="root"[^>]*>[\s\S]*<\/div><script type="application\/json" id="page-state">[\s\S]*?<\/script>/;

/**
 * Serves the pages at `url` as the bare app shell: without what the server drew into them and the
 * answers it drew them with, as a page arrives whose answers could not come with it (the server's
 * renderer unavailable, a cached shell). The browser then asks for everything itself, and its own
 * waiting states (SPEC §2 Auth gate, §9 fallbacks) are what shows.
 */
export async function serveAppShellOnly(page: Page, url: string | RegExp): Promise<void> {
  await page.route(url, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    if (!DRAWN_PAGE.test(html)) throw new Error(`${route.request().url()} was not drawn by the server`);
    await route.fulfill({ response, body: html.replace(DRAWN_PAGE, () => '<div id="root"></div>') });
  });
}
