/** Shared pieces of the analysis integration tests (import after the test's settings are applied). */
import { CACHE_COUNTERS } from "@/lib/analysis/cache";
import { signAccessToken } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db";
import { PUBLIC_READER } from "@/lib/auth/public-reader";

/** A fresh reader token per call: each token has its own analysis rate limit. */
export async function readerToken(): Promise<string> {
  return (await signAccessToken({ username: PUBLIC_READER.username, role: "reader" })).token;
}

/** The shared cache counters, as numbers. */
export async function cacheCounters(): Promise<{ hits: number; misses: number; errors: number }> {
  const rows = await getDb().counter.findMany({ where: { name: { in: Object.values(CACHE_COUNTERS) } } });
  const value = (name: string) => Number(rows.find((r) => r.name === name)?.value ?? 0n);
  return { hits: value(CACHE_COUNTERS.hits), misses: value(CACHE_COUNTERS.misses), errors: value(CACHE_COUNTERS.errors) };
}
