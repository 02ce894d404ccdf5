import { lazyPage } from '../lib/lazy-page';

/**
 * The askline of the day (issue #51), for the pages that show it (the dashboard, and the empty search
 * and notifications): its own chunk, drawn by the server with the page and preloaded beside it, so it
 * costs none of these pages' first JavaScript.
 */
export const AsklineOfTheDay = lazyPage('features/asklines/components/askline-of-the-day.tsx', () =>
  import('../features/asklines/components/askline-of-the-day').then((m) => m.AsklineOfTheDay),
);
