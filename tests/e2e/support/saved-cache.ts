import { expect, type Page } from '@playwright/test';

const SAVED_CACHE = 'yearbook-query-cache';

/** Waits until the page has saved `text` in its query cache (saves are throttled to once a second). */
export async function expectSavedInCache(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', SAVED_CACHE))
    .toContain(text);
}

/**
 * Makes the next page load find the saved query cache `ms` older, as a visit that much later would.
 * The aging runs as that page starts, before the app reads the cache: aging it from the old page could be
 * undone by the old page's own throttled save landing after it (seen on a busy CI machine).
 */
export async function ageSavedCacheOnNextLoad(page: Page, ms: number): Promise<void> {
  await page.addInitScript(
    ({ age, key }) => {
      const raw = localStorage.getItem(key);
      if (!raw) return;
      const saved = JSON.parse(raw);
      for (const query of saved.clientState.queries) query.state.dataUpdatedAt -= age;
      localStorage.setItem(key, JSON.stringify(saved));
    },
    { age: ms, key: SAVED_CACHE },
  );
}
