// Marks the document once a part of the page is live (hydrated, or drawn in the browser): the page at
// <html data-page-ready>, the session-aware navbar at <html data-header-ready>. Until then a page the
// server drew can be read but its buttons do nothing yet; the e2e tests wait for these marks before
// they click (tests/e2e/fixtures.ts), as a person would wait for the page to respond.
import { useEffect } from 'react';

export function useReadyMark(part: 'page' | 'header'): void {
  useEffect(() => {
    document.documentElement.dataset[`${part}Ready`] = 'true';
  }, [part]);
}

export function ReadyMark({ part }: { part: 'page' | 'header' }) {
  useReadyMark(part);
  return null;
}
