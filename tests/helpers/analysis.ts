/** Shared pieces of the analysis integration tests (import after the test's settings are applied). */
import { analysisCacheStats } from "@/lib/analysis/cache";
import { PUBLIC_READER } from "@/lib/public-reader";
import { signAccessToken } from "@/lib/auth/tokens";

/** A fresh reader token per call: each token has its own analysis rate limit. */
export async function readerToken(): Promise<string> {
  return (await signAccessToken({ username: PUBLIC_READER.username, role: "reader" })).token;
}

/** The shared cache counters. */
export async function cacheCounters(): Promise<{ hits: number; misses: number; errors: number }> {
  const { hits, misses, errors } = await analysisCacheStats();
  return { hits, misses, errors };
}
