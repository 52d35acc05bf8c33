import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  AnalysisCache,
  CACHE_STORAGE_KEY,
  CACHE_VERSION,
  cacheKey,
  DEFAULT_TTL_MS,
  isValidEntry,
  MAX_ENTRIES,
  STATS_STORAGE_KEY,
} from "@/lib/client/analysis-cache";
import { MemoryStorage } from "./memory-storage";

let storage: MemoryStorage;
const T0 = 1_700_000_000_000;
let clock = T0;
const now = () => clock;
const entry = (over: Record<string, unknown> = {}) => ({
  data: { a: 1 },
  timestamp: T0,
  expiresAt: T0 + 1000,
  version: CACHE_VERSION,
  ...over,
});

beforeEach(() => {
  storage = new MemoryStorage();
  clock = T0;
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("validity (docs/product.md §5)", () => {
  it.each([
    ["a complete, current entry", entry(), true],
    ["no data", entry({ data: undefined }), false],
    ["null data", entry({ data: null }), false],
    ["a string timestamp", entry({ timestamp: "1" }), false],
    ["a missing expiresAt", entry({ expiresAt: undefined }), false],
    ["another version", entry({ version: "0.9.0" }), false],
    ["an expiry now", entry({ expiresAt: T0 }), false],
    ["not an object", "x", false],
  ])("%s → %s", (_n, e, valid) => {
    expect(isValidEntry(e, clock)).toBe(valid);
  });
});

describe("keys", () => {
  const req = (content: string) => ({
    articles: [{ title: "T", source: "S", summary: "s", content }],
    analysisType: "comprehensive",
  });
  it("are the key type and a hash of the request", () => {
    expect(cacheKey("comparison_analysis", req("x"))).toMatch(/^comparison_analysis_[0-9a-z]+$/);
    expect(cacheKey("article_analysis", req("x"))).toMatch(/^article_analysis_/);
    expect(cacheKey("topic_generation", { topic: "x" })).toMatch(/^topic_generation_/);
  });
  it("use only the first 500 characters of content", () => {
    const base = "c".repeat(500);
    expect(cacheKey("comparison_analysis", req(`${base}AAA`))).toBe(
      cacheKey("comparison_analysis", req(`${base}BBB`)),
    );
    expect(cacheKey("comparison_analysis", req(`${base.slice(1)}A`))).not.toBe(
      cacheKey("comparison_analysis", req(`${base.slice(1)}B`)),
    );
  });
  it("do not depend on property order, but on every other field", () => {
    expect(cacheKey("comparison_analysis", { a: 1, b: 2 })).toBe(
      cacheKey("comparison_analysis", { b: 2, a: 1 }),
    );
    expect(cacheKey("comparison_analysis", req("x"))).not.toBe(
      cacheKey("comparison_analysis", { ...req("x"), analysisType: "bias" }),
    );
  });
});

describe("AnalysisCache", () => {
  it("stores entries with data, timestamp, expiresAt and version 1.0.0, and persists them", () => {
    const cache = new AnalysisCache(storage, now);
    cache.set("k", { summary: "s" });
    const stored = JSON.parse(storage.getItem(CACHE_STORAGE_KEY)!);
    expect(stored).toEqual({
      k: { data: { summary: "s" }, timestamp: clock, expiresAt: clock + DEFAULT_TTL_MS, version: "1.0.0" },
    });
    expect(new AnalysisCache(storage, now).get("k")).toEqual({ summary: "s" });
  });

  it("expires entries after 24 hours", () => {
    const cache = new AnalysisCache(storage, now);
    cache.set("k", 1);
    clock += DEFAULT_TTL_MS - 1;
    expect(cache.get("k")).toBe(1);
    clock += 1;
    expect(cache.get("k")).toBeNull();
    expect(cache.getStats().size).toBe(0);
  });

  it("counts hits, misses and the hit rate; a peek counts nothing until its hit is recorded", () => {
    const cache = new AnalysisCache(storage, now);
    cache.set("k", 1);
    cache.get("k");
    cache.get("nope");
    expect(cache.peek("nope")).toBeNull();
    cache.get("k");
    clock += 5;
    expect(cache.peek("k")).toBe(1);
    expect(cache.getStats()).toMatchObject({ hits: 2, misses: 1 });
    cache.recordHit();
    expect(cache.getStats()).toEqual({
      hits: 3,
      misses: 1,
      errors: 0,
      lastAccess: clock,
      size: 1,
      hitRate: 75,
    });
    expect(JSON.parse(storage.getItem(STATS_STORAGE_KEY)!)).toEqual({
      hits: 3,
      misses: 1,
      errors: 0,
      lastAccess: clock,
    });
    expect(new AnalysisCache(storage, now).getStats().hits).toBe(3);
  });

  it("answers a hit rate of 0 with no lookups", () => {
    expect(new AnalysisCache(storage, now).getStats()).toEqual({
      hits: 0,
      misses: 0,
      errors: 0,
      lastAccess: null,
      size: 0,
      hitRate: 0,
    });
  });

  it(`keeps at most ${MAX_ENTRIES} entries, evicting the oldest first`, () => {
    const cache = new AnalysisCache(storage, now);
    for (let i = 0; i < MAX_ENTRIES + 5; i++) {
      clock += 1;
      cache.set(`k${i}`, i);
    }
    expect(cache.getStats().size).toBe(MAX_ENTRIES);
    expect(cache.get("k4")).toBeNull();
    expect(cache.get("k5")).toBe(5);
    expect(cache.get(`k${MAX_ENTRIES + 4}`)).toBe(MAX_ENTRIES + 4);
  });

  it("drops invalid entries on load (wrong version, expired, malformed)", () => {
    storage.setItem(
      CACHE_STORAGE_KEY,
      JSON.stringify({
        good: entry(),
        old: entry({ version: "0.1.0" }),
        expired: entry({ expiresAt: T0 - 1 }),
        broken: { data: 1 },
      }),
    );
    const cache = new AnalysisCache(storage, now);
    expect(cache.getStats().size).toBe(1);
    expect(cache.get("good")).toEqual({ a: 1 });
  });

  it.each([
    ["not JSON", "{oops"],
    ["an array", "[1,2]"],
    ["a number", "42"],
  ])("resets to empty when the stored cache is %s", (_n, raw) => {
    storage.setItem(CACHE_STORAGE_KEY, raw);
    storage.setItem(STATS_STORAGE_KEY, "also broken");
    const cache = new AnalysisCache(storage, now);
    expect(cache.getStats()).toEqual({
      hits: 0,
      misses: 0,
      errors: 0,
      lastAccess: null,
      size: 0,
      hitRate: 0,
    });
    expect(storage.getItem(CACHE_STORAGE_KEY)).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it("resets to empty when storage itself cannot be read", () => {
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(new AnalysisCache(throwing, now).getStats().size).toBe(0);
  });

  it("counts persist errors and keeps working in memory", () => {
    const cache = new AnalysisCache(storage, now);
    storage.failWrites = true;
    cache.set("k", 1);
    expect(cache.get("k")).toBe(1);
    expect(cache.getStats().errors).toBeGreaterThanOrEqual(2);
  });

  it("invalidates one key, clears all, and cleans up expired entries", () => {
    const cache = new AnalysisCache(storage, now);
    cache.set("a", 1, 10);
    cache.set("b", 2);
    cache.invalidate("b");
    expect(cache.peek("b")).toBeNull();
    clock += 11;
    expect(cache.cleanup()).toBe(1);
    cache.set("c", 3);
    cache.clear();
    expect(cache.getStats()).toMatchObject({ size: 0, hits: 0, misses: 0 });
    expect(JSON.parse(storage.getItem(CACHE_STORAGE_KEY)!)).toEqual({});
  });

  it("runs cleanup and persist every hour", () => {
    vi.useFakeTimers();
    try {
      const cache = new AnalysisCache(storage, now);
      cache.set("short", 1, 1000);
      const stop = cache.startMaintenance();
      clock += 2000;
      vi.advanceTimersByTime(60 * 60 * 1000 - 1);
      expect(JSON.parse(storage.getItem(CACHE_STORAGE_KEY)!)).toHaveProperty("short");
      vi.advanceTimersByTime(1);
      expect(JSON.parse(storage.getItem(CACHE_STORAGE_KEY)!)).toEqual({});
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
