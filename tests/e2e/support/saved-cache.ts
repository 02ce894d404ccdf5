import type { Page } from '@playwright/test';

/**
 * Makes the next page load find the saved query cache `ms` older, as a visit that much later would.
 * The aging runs as that page starts, before the app reads the cache: aging it from the old page could be
 * undone by the old page's own throttled save landing after it (seen on a busy CI machine).
 */
export async function ageSavedCacheOnNextLoad(page: Page, ms: number): Promise<void> {
  await page.addInitScript((age) => {
    const raw = localStorage.getItem('yearbook-query-cache');
    if (!raw) return;
    const saved = JSON.parse(raw);
    for (const query of saved.clientState.queries) query.state.dataUpdatedAt -= age;
    localStorage.setItem('yearbook-query-cache', JSON.stringify(saved));
  }, ms);
}
