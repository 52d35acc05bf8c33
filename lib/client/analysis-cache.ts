/**
 * The browser's local analysis cache (docs/product.md §4, §5, §8, §9): entries {data, timestamp,
 * expiresAt, version} under `ai_analysis_cache`, statistics under `ai_analysis_cache_stats`.
 * Storage and clock are injected so the rules are unit-tested without a browser.
 */

export const CACHE_VERSION = "1.0.0";
export const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_ENTRIES = 1000;
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
export const CACHE_STORAGE_KEY = "ai_analysis_cache";
export const STATS_STORAGE_KEY = "ai_analysis_cache_stats";
/** Only this much of each article's content goes into a key. */
export const KEY_CONTENT_CHARS = 500;

export type CacheKeyType = "comparison_analysis" | "article_analysis" | "topic_generation";

export interface CacheEntry<T = unknown> {
  data: T;
  timestamp: number;
  expiresAt: number;
  version: string;
}

export interface CacheStats {
  hits: number;
  misses: number;
  errors: number;
  lastAccess: number | null;
  size: number;
  /** Percent of lookups answered from the cache, 0..100. */
  hitRate: number;
}

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** docs/product.md §5: data present, numeric timestamp and expiresAt, current version, expiry in the future. */
export function isValidEntry(entry: unknown, now: number): entry is CacheEntry {
  if (!entry || typeof entry !== "object") return false;
  const e = entry as Partial<CacheEntry>;
  return (
    e.data !== undefined &&
    e.data !== null &&
    typeof e.timestamp === "number" &&
    Number.isFinite(e.timestamp) &&
    typeof e.expiresAt === "number" &&
    Number.isFinite(e.expiresAt) &&
    e.version === CACHE_VERSION &&
    e.expiresAt > now
  );
}

/** cyrb53: a fast 53-bit string hash, plenty for cache keys (not for security). */
export function hashString(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A JSON text with sorted keys and every `content` string cut to its first 500 characters. */
function canonical(value: unknown, key?: string): string {
  if (typeof value === "string")
    return JSON.stringify(key === "content" ? value.slice(0, KEY_CONTENT_CHARS) : value);
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v)).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, k)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The key of a request: its type and a hash of the request (content cut to 500 characters). */
export function cacheKey(type: CacheKeyType, request: unknown): string {
  return `${type}_${hashString(canonical(request))}`;
}

interface StoredStats {
  hits: number;
  misses: number;
  errors: number;
  lastAccess: number | null;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);

export class AnalysisCache {
  private entries = new Map<string, CacheEntry>();
  private stats: StoredStats = { hits: 0, misses: 0, errors: 0, lastAccess: null };

  constructor(
    private readonly storage: StorageLike | null,
    private readonly now: () => number = Date.now,
  ) {
    this.load();
  }

  /** Reads storage, dropping invalid entries; a read failure resets the cache to empty. */
  load(): void {
    this.entries = new Map();
    if (!this.storage) return;
    try {
      const raw = this.storage.getItem(CACHE_STORAGE_KEY);
      if (raw) {
        const parsed: unknown = JSON.parse(raw);
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
          throw new Error("cache is not an object");
        const now = this.now();
        for (const [key, entry] of Object.entries(parsed as Record<string, unknown>)) {
          if (isValidEntry(entry, now)) this.entries.set(key, entry);
        }
        this.evict();
      }
    } catch (error) {
      console.warn("Analysis cache unreadable; starting empty.", error);
      this.entries = new Map();
      this.safeRemove(CACHE_STORAGE_KEY);
    }
    try {
      const raw = this.storage.getItem(STATS_STORAGE_KEY);
      const s = raw ? (JSON.parse(raw) as Partial<StoredStats>) : {};
      this.stats = {
        hits: num(s.hits),
        misses: num(s.misses),
        errors: num(s.errors),
        lastAccess: typeof s.lastAccess === "number" ? s.lastAccess : null,
      };
    } catch {
      this.stats = { hits: 0, misses: 0, errors: 0, lastAccess: null };
      this.safeRemove(STATS_STORAGE_KEY);
    }
  }

  /** The cached data for `key`, or null; a lookup: a hit or a miss is counted. */
  get<T>(key: string): T | null {
    const data = this.peek<T>(key);
    if (data !== null) this.stats.hits++;
    else this.stats.misses++;
    this.touch();
    return data;
  }

  /**
   * The cached data for `key`, or null, counting nothing: a card looks while it renders, and
   * React may render it more than once before it is shown. The card counts its hit with
   * `recordHit` once it is on screen; a card with nothing cached replaced no API call, so no miss.
   */
  peek<T>(key: string): T | null {
    try {
      const entry = this.entries.get(key);
      const valid = isValidEntry(entry, this.now());
      if (entry && !valid) this.entries.delete(key);
      return valid ? (entry.data as T) : null;
    } catch (error) {
      this.fail("get", error);
      return null;
    }
  }

  /** Counts a hit found with `peek`. */
  recordHit(): void {
    this.stats.hits++;
    this.touch();
  }

  private touch(): void {
    try {
      this.stats.lastAccess = this.now();
      this.persistStats();
    } catch (error) {
      this.fail("get", error);
    }
  }

  /** Stores `data` under `key` for `ttlMs` (24 hours by default), evicting the oldest beyond 1,000. */
  set<T>(key: string, data: T, ttlMs: number = DEFAULT_TTL_MS): void {
    try {
      const now = this.now();
      this.entries.delete(key);
      this.entries.set(key, { data, timestamp: now, expiresAt: now + ttlMs, version: CACHE_VERSION });
      this.stats.lastAccess = now;
      this.evict();
      this.persist();
    } catch (error) {
      this.fail("set", error);
    }
  }

  invalidate(key: string): void {
    try {
      this.entries.delete(key);
      this.persist();
    } catch (error) {
      this.fail("invalidate", error);
    }
  }

  /** Empties the cache and its statistics (the settings panel's "Clear analysis cache"). */
  clear(): void {
    this.entries.clear();
    this.stats = { hits: 0, misses: 0, errors: 0, lastAccess: null };
    this.persist();
  }

  /** Drops expired and invalid entries; answers how many went. */
  cleanup(): number {
    const now = this.now();
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (!isValidEntry(entry, now)) {
        this.entries.delete(key);
        removed++;
      }
    }
    return removed;
  }

  /** Writes entries and statistics to storage; a failure is logged and counted. */
  persist(): void {
    if (!this.storage) return;
    try {
      this.storage.setItem(CACHE_STORAGE_KEY, JSON.stringify(Object.fromEntries(this.entries)));
    } catch (error) {
      this.stats.errors++;
      console.warn("Analysis cache could not be saved.", error);
    }
    this.persistStats();
  }

  getStats(): CacheStats {
    const { hits, misses } = this.stats;
    const lookups = hits + misses;
    return { ...this.stats, size: this.entries.size, hitRate: lookups ? (hits / lookups) * 100 : 0 };
  }

  /** Runs cleanup and persist every hour; answers a function that stops it. */
  startMaintenance(every: number = MAINTENANCE_INTERVAL_MS): () => void {
    const timer = setInterval(() => {
      this.cleanup();
      this.persist();
    }, every);
    return () => clearInterval(timer);
  }

  private evict(): void {
    if (this.entries.size <= MAX_ENTRIES) return;
    const oldestFirst = [...this.entries].sort(([, a], [, b]) => a.timestamp - b.timestamp);
    for (const [key] of oldestFirst.slice(0, this.entries.size - MAX_ENTRIES)) this.entries.delete(key);
  }

  private persistStats(): void {
    if (!this.storage) return;
    try {
      this.storage.setItem(STATS_STORAGE_KEY, JSON.stringify(this.stats));
    } catch (error) {
      this.stats.errors++;
      console.warn("Analysis cache statistics could not be saved.", error);
    }
  }

  private fail(operation: string, error: unknown): void {
    this.stats.errors++;
    console.warn(`Analysis cache ${operation} failed.`, error);
  }

  private safeRemove(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      // Storage unavailable: nothing to remove.
    }
  }
}

let browserCache: AnalysisCache | null = null;

/** The page's one cache over window.localStorage, with its hourly cleanup and persist started. */
export function getAnalysisCache(): AnalysisCache {
  if (!browserCache) {
    let storage: StorageLike | null = null;
    try {
      storage = window.localStorage;
    } catch {
      storage = null;
    }
    browserCache = new AnalysisCache(storage);
    browserCache.startMaintenance();
  }
  return browserCache;
}
