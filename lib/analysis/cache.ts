import "server-only";
import crypto from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { getDatabase, getDb } from "@/lib/db";
import { logger } from "@/lib/log";
import { comparison, type Comparison, type CompareArticlesBody, type ProviderInfo } from "@/lib/schemas/analysis";

/**
 * The server-side analysis cache (SPEC §9): one row per request in the Analysis table, keyed
 * by a hash of the request with the first 500 characters of each article's content, valid
 * for 24 hours and for the current cache version only, at most 1,000 rows (oldest evicted).
 * Hits, misses and errors are counted in the shared Counter table. A cache failure is
 * counted and logged, never fatal: the request is then answered by the provider.
 */

/** Bump when the analysis output changes, so older answers stop being served. SPEC §9: 1.0.0. */
export const CACHE_VERSION = "1.0.0";
export const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const CACHE_MAX_ENTRIES = 1_000;
/** SPEC §9 key type of a card analysis. */
export const CACHE_KEY_TYPE = "comparison_analysis";
const CONTENT_PREFIX = 500;

export const CACHE_COUNTERS = {
  hits: "analysis_cache_hits",
  misses: "analysis_cache_misses",
  errors: "analysis_cache_errors",
} as const;
type CounterName = keyof typeof CACHE_COUNTERS;

/**
 * The cache key of a request for a provider: the key type, the cache version, the provider
 * (one provider's answer is never served for another) and a sha256 of the request.
 */
export function analysisCacheKey(
  body: Pick<CompareArticlesBody, "articles" | "analysisType">,
  provider: Pick<ProviderInfo, "kind" | "model">,
  version = CACHE_VERSION,
): string {
  const canonical = JSON.stringify({
    analysisType: body.analysisType,
    articles: body.articles.map((a) => ({ title: a.title, source: a.source, summary: a.summary, content: a.content.slice(0, CONTENT_PREFIX) })),
  });
  const hash = crypto.createHash("sha256").update(canonical).digest("hex");
  return `${CACHE_KEY_TYPE}:${version}:${provider.kind}:${provider.model}:${hash}`;
}

async function bump(counter: CounterName): Promise<void> {
  const name = CACHE_COUNTERS[counter];
  await getDb().counter.upsert({ where: { name }, create: { name, value: 1n }, update: { value: { increment: 1 } } });
}

async function countError(error: unknown, operation: string): Promise<void> {
  logger.warn({ err: error, operation }, "analysis cache failed; answering without it");
  await bump("errors").catch(() => undefined);
}

/**
 * One round trip for the common case: take the row if it is valid now (counting its hit),
 * or else delete whatever stale row has the key, and count the hit or the miss. Times are
 * compared in UTC, as Prisma stores them.
 */
const READ_SQL = `
WITH hit AS (
  UPDATE "Analysis" SET hits = hits + 1, "lastHitAt" = ($2::timestamptz AT TIME ZONE 'UTC')
  WHERE "cacheKey" = $1 AND version = $3 AND "expiresAt" > ($2::timestamptz AT TIME ZONE 'UTC')
  RETURNING result
), stale AS (
  DELETE FROM "Analysis" WHERE "cacheKey" = $1 AND NOT EXISTS (SELECT 1 FROM hit)
), counted AS (
  INSERT INTO "Counter" (name, value, "updatedAt")
  SELECT CASE WHEN EXISTS (SELECT 1 FROM hit) THEN $4 ELSE $5 END, 1, ($2::timestamptz AT TIME ZONE 'UTC')
  ON CONFLICT (name) DO UPDATE SET value = "Counter".value + 1, "updatedAt" = EXCLUDED."updatedAt"
)
SELECT result FROM hit`;

/** A row that was counted as a hit turned out unreadable: it is a miss, and goes. */
const UNREADABLE_SQL = `
WITH gone AS (DELETE FROM "Analysis" WHERE "cacheKey" = $1)
INSERT INTO "Counter" (name, value, "updatedAt") VALUES ($3, 0, ($4::timestamptz AT TIME ZONE 'UTC')), ($5, 1, ($4::timestamptz AT TIME ZONE 'UTC'))
ON CONFLICT (name) DO UPDATE SET value = "Counter".value + CASE WHEN "Counter".name = $2 THEN -1 ELSE 1 END, "updatedAt" = EXCLUDED."updatedAt"`;

/** The cached answer for a key, if one is valid now (expired, old-version or unreadable rows are misses and are removed). */
export async function readCachedAnalysis(key: string, now = new Date()): Promise<Comparison | null> {
  try {
    const sql = getDatabase().sql;
    const rows = await sql.query<{ result: unknown }>(READ_SQL, [key, now.toISOString(), CACHE_VERSION, CACHE_COUNTERS.hits, CACHE_COUNTERS.misses]);
    if (!rows.length) return null;
    const parsed = comparison.safeParse(rows[0].result);
    if (parsed.success) return parsed.data;
    const hits = CACHE_COUNTERS.hits;
    await sql.query(UNREADABLE_SQL, [key, hits, hits, now.toISOString(), CACHE_COUNTERS.misses]);
    return null;
  } catch (error) {
    await countError(error, "read");
    return null;
  }
}

/** Stores an answer, drops expired and old-version rows, and evicts the oldest beyond the limit. */
export async function writeCachedAnalysis(key: string, answer: Comparison, cardId?: string, now = new Date()): Promise<void> {
  try {
    const db = getDb();
    // The card may be gone (or never existed): the answer is still worth keeping.
    const card = cardId ? await db.comparisonCard.findUnique({ where: { id: cardId }, select: { id: true } }) : null;
    const data = {
      cardId: card?.id ?? null,
      provider: answer.provider.kind,
      model: answer.provider.model,
      result: { ...answer, cached: false } as unknown as Prisma.InputJsonValue,
      version: CACHE_VERSION,
      hits: 0,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CACHE_TTL_MS),
      lastHitAt: null,
    };
    await db.analysis.upsert({ where: { cacheKey: key }, create: { cacheKey: key, ...data }, update: data });
    await db.analysis.deleteMany({ where: { OR: [{ expiresAt: { lte: now } }, { version: { not: CACHE_VERSION } }] } });
    await db.$executeRaw`DELETE FROM "Analysis" WHERE id IN (
      SELECT id FROM "Analysis" ORDER BY "createdAt" DESC, id DESC OFFSET ${CACHE_MAX_ENTRIES})`;
  } catch (error) {
    await countError(error, "write");
  }
}

export interface CacheStats {
  size: number;
  hits: number;
  misses: number;
  errors: number;
}

/** Entries and counters, for the cache statistics (SPEC §3). */
export async function analysisCacheStats(): Promise<CacheStats> {
  const db = getDb();
  const [size, counters] = await Promise.all([
    db.analysis.count(),
    db.counter.findMany({ where: { name: { in: Object.values(CACHE_COUNTERS) } } }),
  ]);
  const value = (name: string) => Number(counters.find((c) => c.name === name)?.value ?? 0n);
  return { size, hits: value(CACHE_COUNTERS.hits), misses: value(CACHE_COUNTERS.misses), errors: value(CACHE_COUNTERS.errors) };
}
