import { useCallback, useEffect, useState } from 'react';

/**
 * A state that goes back to `idle` by itself after `ms`: the copied state of SPEC §4 (2 s), the report
 * feedback (2 s) and Dislike (1 s). Setting it again, even to the same value, starts the time anew.
 */
export function useTransientState<T>(idle: T, ms: number): [T, (value: T) => void] {
  const [state, setState] = useState<{ value: T; at: number }>({ value: idle, at: 0 });

  useEffect(() => {
    if (state.at === 0) return;
    const timer = setTimeout(() => setState({ value: idle, at: 0 }), ms);
    return () => clearTimeout(timer);
  }, [state, idle, ms]);

  const set = useCallback((value: T) => setState({ value, at: performance.now() || 1 }), []);
  return [state.value, set];
}
