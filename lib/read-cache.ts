import "server-only";

/**
 * A short-lived in-process cache for read-heavy answers (card lists). Cards change only when
 * an ingest re-clusters, so a few seconds of staleness across instances is invisible to
 * readers; this instance's own rebuild clears it at once (invalidateReadCache).
 */

const TTL_MS = 5_000;
const MAX_ENTRIES = 500;

interface Entry {
  at: number;
  value: Promise<unknown>;
}

const holder = globalThis as unknown as {
  __newsReadCache?: Map<string, Entry>;
  __newsReadCacheGeneration?: number;
};
const entries = (holder.__newsReadCache ??= new Map());

/** Answers from the cache when fresh; concurrent misses share one computation. */
export function cachedRead<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  const value = compute();
  entries.set(key, { at: now, value });
  value.catch(() => entries.delete(key));
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return value;
}

/** Drops every cached answer (after cards change). */
export function invalidateReadCache(): void {
  entries.clear();
  holder.__newsReadCacheGeneration = readCacheGeneration() + 1;
}

/**
 * How many times this process emptied the read cache: what keeps answers longer than its five
 * seconds (an outlet's profile, lib/services/source-profiles.ts) compares it to know they are stale.
 */
export function readCacheGeneration(): number {
  return holder.__newsReadCacheGeneration ?? 0;
}
