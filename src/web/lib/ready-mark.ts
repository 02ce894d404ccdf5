// Marks the document once a part of the page is live (hydrated, or drawn in the browser): the page at
// <html data-page-ready>, the session-aware navbar at <html data-header-ready>. Until then a page the
// server drew can be read but its buttons do nothing yet. Either mark waits also for every lazily
// loaded part the server drew (each post card's actions, the bell), listed on the page with how many
// copies of each it drew, as `<div id="root" data-parts="key*copies …">` (lib/lazy-page.ts): React
// takes each over later, when its chunk has arrived, and a part whose props changed meanwhile is drawn
// again, after a moment without its actions. Taps made before both marks are kept and made then (lib/early-input.ts); the e2e tests
// wait for them before they click (tests/e2e/fixtures.ts), as a person would wait for the page.
import { useEffect } from 'react';

const live = new Map<string, number>();
const waiting = new Set<() => void>();

/**
 * Counts the copies of a lazily loaded part that are live (+1 when one has been taken over or drawn,
 * -1 when it goes); one that failed to load counts as all of them (its boundary shows the error).
 */
export function countLivePart(key: string, change: 1 | -1 | 'failed'): void {
  live.set(key, change === 'failed' ? Number.POSITIVE_INFINITY : (live.get(key) ?? 0) + change);
  for (const check of waiting) check();
}

/** How many copies of each part the server drew on this page (none when the browser drew it). */
function drawnParts(): [string, number][] {
  const listed = document.getElementById('root')?.dataset.parts?.split(' ').filter(Boolean) ?? [];
  return listed.map((part) => {
    const [key = '', copies = '1'] = part.split('*');
    return [key, Number(copies)];
  });
}

export function useReadyMark(part: 'page' | 'header'): void {
  useEffect(() => {
    const parts = drawnParts();
    const check = () => {
      if (!parts.every(([key, copies]) => (live.get(key) ?? 0) >= copies)) return;
      waiting.delete(check);
      document.documentElement.dataset[`${part}Ready`] = 'true';
    };
    waiting.add(check);
    check();
    return () => {
      waiting.delete(check);
    };
  }, [part]);
}

export function ReadyMark({ part }: { part: 'page' | 'header' }) {
  useReadyMark(part);
  return null;
}
