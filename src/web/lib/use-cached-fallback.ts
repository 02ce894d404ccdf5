import { useEffect, useState } from 'react';
import { FRESH_MS } from './query-client';

interface FallbackQuery<T> {
  data: T | undefined;
  dataUpdatedAt: number;
  isFetching: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * SPEC §9's cached fallbacks over a query whose data is kept across reloads (TanStack persistence).
 * A kept copy is always asked for again (lib/query-client.ts); meanwhile:
 * - data fetched since the page opened, or a kept copy under five minutes old, shows at once (and
 *   the server's answer replaces it when it comes);
 * - an older kept copy shows when the fetch takes longer than `fallbackAfterMs` or fails;
 * - after falling back, the query is asked again every `retryEveryMs`, up to `retries` times.
 * `fromCache` says a kept copy is on screen while the server is slow (past `fallbackAfterMs`) or
 * failed.
 */
export function useCachedFallback<T>(
  query: FallbackQuery<T>,
  options: { fallbackAfterMs: number; retryEveryMs?: number; retries?: number },
): { data: T | undefined; fromCache: boolean } {
  const { fallbackAfterMs, retryEveryMs = 5_000, retries = 0 } = options;
  const [openedAt] = useState(Date.now);
  const [waitedLong, setWaitedLong] = useState(false);
  const [attempts, setAttempts] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), fallbackAfterMs);
    return () => clearTimeout(timer);
  }, [fallbackAfterMs]);

  const fetchedNow = query.dataUpdatedAt >= openedAt;
  const keptFresh = query.dataUpdatedAt > openedAt - FRESH_MS;
  const show =
    query.data !== undefined && (fetchedNow || keptFresh || !query.isFetching || waitedLong || query.isError);
  const fromCache = show && !fetchedNow && ((query.isFetching && waitedLong) || query.isError);

  const { refetch, isFetching } = query;
  useEffect(() => {
    if (!fromCache || isFetching || attempts >= retries) return;
    const timer = setTimeout(() => {
      setAttempts((count) => count + 1);
      void refetch();
    }, retryEveryMs);
    return () => clearTimeout(timer);
  }, [fromCache, isFetching, attempts, retries, retryEveryMs, refetch]);

  return { data: show ? query.data : undefined, fromCache };
}
