// Fixed-window counters per key (client address + route, or an identifier being tried). In process
// memory for now; production mode moves the same interface to Redis so every instance shares it.
export interface RateLimiter {
  /** Counts one hit; true when the key is still within its limit. */
  hit(key: string, limit: number, windowMs: number): boolean;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = now();
  return {
    hit(key, limit, windowMs) {
      const time = now();
      if (time - lastSweep > 60_000) {
        for (const [k, w] of windows) if (time - w.startedAt > windowMs) windows.delete(k);
        lastSweep = time;
      }
      const current = windows.get(key);
      if (!current || time - current.startedAt >= windowMs) {
        windows.set(key, { startedAt: time, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= limit;
    },
  };
}
