// SPEC §9's cached fallbacks, on the hook alone with a fake clock: which copy shows when, and the
// background retries after falling back.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FRESH_MS } from './query-client';
import { useCachedFallback } from './use-cached-fallback';

const OPTIONS = { fallbackAfterMs: 3_000, retryEveryMs: 5_000, retries: 3 };
const NOW = Date.UTC(2026, 10, 24, 12);

interface QueryState {
  data: string | undefined;
  dataUpdatedAt: number;
  isFetching: boolean;
  isError: boolean;
}

function renderFallback(initial: QueryState) {
  const refetch = vi.fn(async () => undefined);
  const view = renderHook((state: QueryState) => useCachedFallback({ ...state, refetch }, OPTIONS), {
    initialProps: initial,
  });
  return { ...view, refetch };
}

describe('useCachedFallback', () => {
  it('shows an answer fetched since the page opened at once, not as a kept copy', () => {
    vi.useFakeTimers({ now: NOW });
    const { result } = renderFallback({
      data: 'fresh',
      dataUpdatedAt: NOW,
      isFetching: false,
      isError: false,
    });
    expect(result.current).toEqual({ data: 'fresh', fromCache: false });
  });

  it('shows a kept copy under five minutes old at once while the server is asked, without a note', () => {
    vi.useFakeTimers({ now: NOW });
    const kept = { data: 'kept', dataUpdatedAt: NOW - FRESH_MS + 60_000, isFetching: true, isError: false };
    const { result, rerender } = renderFallback(kept);
    expect(result.current).toEqual({ data: 'kept', fromCache: false });
    // The server answers: its copy replaces the kept one.
    rerender({ data: 'server', dataUpdatedAt: NOW + 200, isFetching: false, isError: false });
    expect(result.current).toEqual({ data: 'server', fromCache: false });
  });

  it('waits for an older kept copy: nothing for 3 s, then the copy with the slow-server note', () => {
    vi.useFakeTimers({ now: NOW });
    const { result } = renderFallback({
      data: 'old',
      dataUpdatedAt: NOW - 60 * 60 * 1000,
      isFetching: true,
      isError: false,
    });
    expect(result.current).toEqual({ data: undefined, fromCache: false });
    act(() => vi.advanceTimersByTime(2_900));
    expect(result.current.data).toBeUndefined();
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toEqual({ data: 'old', fromCache: true });
  });

  it('after a failure shows the kept copy and asks again every 5 s, three times at most', () => {
    vi.useFakeTimers({ now: NOW });
    const failed = { data: 'old', dataUpdatedAt: NOW - 60 * 60 * 1000, isFetching: false, isError: true };
    const { result, refetch, rerender } = renderFallback(failed);
    expect(result.current).toEqual({ data: 'old', fromCache: true });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      act(() => vi.advanceTimersByTime(5_000));
      expect(refetch).toHaveBeenCalledTimes(attempt);
      // Each retry fails again.
      rerender({ ...failed, isFetching: true });
      rerender({ ...failed });
    }
    act(() => vi.advanceTimersByTime(60_000));
    expect(refetch).toHaveBeenCalledTimes(3);
  });
});
