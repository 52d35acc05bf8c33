/**
 * Fixed-window counters in this process's memory: the rate limits' store on one PGlite process
 * (lib/http/rate-limit.ts), and the outlet pages' per-client count in the proxy (proxy.ts), which
 * protects this instance's own CPU and so counts per instance. Plain data, no settings or database,
 * so the proxy's bundle can hold it.
 */

export interface Window {
  count: number;
  resetAt: Date;
}

export interface WindowStore {
  hit(key: string, windowMs: number, now: Date): Promise<Window>;
  /** Takes one hit back within the current window (never below zero). */
  release(key: string, now: Date): Promise<void>;
}

/** A store of windows in memory; ended windows are swept once a minute. */
export function memoryWindows(): WindowStore {
  const buckets = new Map<string, Window>();
  let lastSweep = 0;
  return {
    async hit(key, windowMs, now) {
      if (now.getTime() - lastSweep > 60_000) {
        lastSweep = now.getTime();
        for (const [k, w] of buckets) if (w.resetAt <= now) buckets.delete(k);
      }
      const current = buckets.get(key);
      const next =
        current && current.resetAt > now
          ? { count: current.count + 1, resetAt: current.resetAt }
          : { count: 1, resetAt: new Date(now.getTime() + windowMs) };
      buckets.set(key, next);
      return next;
    },
    async release(key, now) {
      const w = buckets.get(key);
      if (w && w.resetAt > now && w.count > 0) w.count--;
    },
  };
}
