import "server-only";

/**
 * The server-side analysis cache: one row per request in the Analysis table, keyed by a hash
 * of the whole request (every text in full: a key from a prefix let two requests that differ
 * only further on share an answer, docs/decisions/071-analysis-cache-key.md), valid for 24
 * hours and for the current cache version only, at most 1,000 rows (oldest evicted).
 * Hits, misses and errors are counted in the shared Counter table (batched, see below). A
 * cache failure is counted and logged, never fatal: the request is then answered by the provider.
 * A row holds an answer already grounded against exactly the texts its key hashes, by the check
 * of its version, so a hit is served as stored; the answers hit lately are also kept in memory,
 * so a hot card costs neither a read nor a parse (docs/decisions/039-cached-answer-as-stored.md).
 */

import crypto from "node:crypto";
import { getDatabase, getPrisma } from "@/lib/db";
import { deepFreeze } from "@/lib/frozen";
import { logger } from "@/lib/log";
import {
  addAnalysisHits,
  countAnalysisRows,
  readAnalysisRow,
  writeAnalysisRow,
} from "@/lib/storage/analyses";
import { addToCounter, readCounters } from "@/lib/storage/counters";
import {
  comparison,
  type Comparison,
  type CompareArticlesBody,
  type ProviderInfo,
} from "@/lib/schemas/analysis";

/**
 * Bump when the analysis output or the grounding check changes, so older answers stop being
 * served: a hit is not checked again (docs/product.md §9 started at 1.0.0; 1.1.0: issue 16's
 * analyzer; 1.2.0: issue 25's analyzer; 1.3.0: contradictions between claims, decision 051; 1.4.0:
 * the editors' review of issue 25: figures of different things, questions, "only" details; 1.5.0:
 * glued sentences split, a shared fact's action, agreed negations, vague magnitudes, decision 053;
 * 1.6.0: an outlet quoted in its own words unless it holds most of a sentence besides its names;
 * 1.7.0: issue 32's summary, counts, figures, tone and names, decision 135; the grounding check reads
 * word forms and named outlets, a model's answer is completed by the product (corroboration, bias
 * scores, angles and figures), and the request's dates are keyed).
 */
export const CACHE_VERSION = "1.7.0";
export const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const CACHE_MAX_ENTRIES = 1_000;
/** docs/product.md §9 key type of a card analysis. */
export const CACHE_KEY_TYPE = "comparison_analysis";

export const CACHE_COUNTERS = {
  hits: "analysis_cache_hits",
  misses: "analysis_cache_misses",
  errors: "analysis_cache_errors",
} as const;
type CounterName = keyof typeof CACHE_COUNTERS;

/**
 * The cache key of a request for a provider: the key type, the cache version, the provider
 * (one provider's answer is never served for another) and a sha256 of the whole request.
 */
export function analysisCacheKey(
  body: Pick<CompareArticlesBody, "articles" | "analysisType">,
  provider: Pick<ProviderInfo, "kind" | "model">,
  version = CACHE_VERSION,
): string {
  const canonical = JSON.stringify({
    analysisType: body.analysisType,
    articles: body.articles.map((a) => ({
      title: a.title,
      source: a.source,
      summary: a.summary,
      content: a.content,
      // A model is told each article's date (lib/analysis/model-prompt.ts).
      ...(a.publishedAt ? { publishedAt: a.publishedAt } : {}),
    })),
  });
  const hash = crypto.createHash("sha256").update(canonical).digest("hex");
  return `${CACHE_KEY_TYPE}:${version}:${provider.kind}:${provider.model}:${hash}`;
}

/**
 * Hits and misses are counted in memory and written in one short transaction every couple of
 * seconds (and before statistics are read, and at shutdown: the analysis service asks for that):
 * a cached answer then costs one read and no write, instead of a synchronous commit per request
 * and, with several instances, a queue on the counter row.
 */
interface Pending {
  counters: Record<CounterName, number>;
  keys: Map<string, { hits: number; lastHitAt: Date }>;
  timer: NodeJS.Timeout | null;
  /** The write under way, so a flush asked for meanwhile (at shutdown) settles after it. */
  writing: Promise<void> | null;
}
const FLUSH_EVERY_MS = 2_000;
const holder = globalThis as unknown as { __newsAnalysisPending?: Pending };
const pending = (holder.__newsAnalysisPending ??= {
  counters: { hits: 0, misses: 0, errors: 0 },
  keys: new Map(),
  timer: null,
  writing: null,
});

function count(counter: CounterName, key?: string, at?: Date): void {
  pending.counters[counter]++;
  if (key && at) {
    const k = pending.keys.get(key);
    if (k) {
      k.hits++;
      if (at > k.lastHitAt) k.lastHitAt = at;
    } else pending.keys.set(key, { hits: 1, lastHitAt: at });
  }
  if (!pending.timer) {
    pending.timer = setTimeout(() => void flushAnalysisCounters(), FLUSH_EVERY_MS);
    pending.timer.unref();
  }
}

/**
 * Writes the counts gathered in memory to the shared Counter table and the rows' hit counts;
 * settles once every count made before the call is written (or logged as lost).
 */
export async function flushAnalysisCounters(): Promise<void> {
  const earlier = pending.writing;
  const write = (async () => {
    await earlier;
    await writeCounters();
  })();
  pending.writing = write;
  await write;
  if (pending.writing === write) pending.writing = null;
}

async function writeCounters(): Promise<void> {
  if (pending.timer) clearTimeout(pending.timer);
  pending.timer = null;
  const counters = pending.counters;
  const keys = pending.keys;
  pending.counters = { hits: 0, misses: 0, errors: 0 };
  pending.keys = new Map();
  const entries = (Object.keys(counters) as CounterName[]).filter((c) => counters[c] > 0);
  if (!entries.length && !keys.size) return;
  try {
    await getDatabase().sql.transaction(async (tx) => {
      for (const c of entries) await addToCounter(tx, CACHE_COUNTERS[c], counters[c]);
      for (const [key, k] of keys) await addAnalysisHits(tx, key, k.hits, k.lastHitAt);
    });
  } catch (error) {
    logger.warn({ err: error, counters }, "writing analysis cache counters failed; they are lost");
  }
}

function countError(error: unknown, operation: string): void {
  logger.warn({ err: error, operation }, "analysis cache failed; answering without it");
  count("errors");
}

/** Answers hit lately, per process: key → answer and when its row expires (oldest dropped first). */
const MEMORY_ENTRIES = 200;
const memory = new Map<string, { answer: Comparison; expiresAt: number }>();

function remember(key: string, answer: Comparison, expiresAt: number): void {
  deepFreeze(answer); // shared by every request that hits it
  memory.delete(key);
  memory.set(key, { answer, expiresAt });
  if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value!);
}

/**
 * The cached answer for a key, if one is valid now: from memory when it was hit lately, else
 * from its row. Expired, old-version or unreadable rows are misses; the answer computed next
 * replaces them (the write upserts by key).
 */
export async function readCachedAnalysis(key: string, now = new Date()): Promise<Comparison | null> {
  const kept = memory.get(key);
  if (kept && kept.expiresAt > now.getTime()) {
    count("hits", key, now);
    return kept.answer;
  }
  if (kept) memory.delete(key);
  try {
    const row = await readAnalysisRow(getDatabase().sql, key, CACHE_VERSION, now);
    const parsed = row ? comparison.safeParse(row.result) : null;
    if (parsed?.success) {
      count("hits", key, now);
      remember(key, parsed.data, row!.expiresMs);
      return parsed.data;
    }
    count("misses");
    return null;
  } catch (error) {
    countError(error, "read");
    return null;
  }
}

/** Stores an answer, drops expired and old-version rows, and evicts the oldest beyond the limit. */
export async function writeCachedAnalysis(
  key: string,
  answer: Comparison,
  cardId?: string,
  now = new Date(),
): Promise<void> {
  try {
    const row = {
      // The card may be gone (or never existed): the answer is still worth keeping, without it.
      cardId: cardId ?? null,
      provider: answer.provider.kind,
      model: answer.provider.model,
      result: { ...answer, cached: false },
      version: CACHE_VERSION,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CACHE_TTL_MS),
    };
    await writeAnalysisRow(getDatabase().sql, key, row, CACHE_MAX_ENTRIES);
  } catch (error) {
    countError(error, "write");
  }
}

export interface CacheStats {
  size: number;
  hits: number;
  misses: number;
  errors: number;
}

/** Entries and counters, for the cache statistics (docs/product.md §3). */
export async function analysisCacheStats(): Promise<CacheStats> {
  await flushAnalysisCounters();
  const db = getPrisma();
  const [size, counters] = await Promise.all([
    countAnalysisRows(db),
    readCounters(db, Object.values(CACHE_COUNTERS)),
  ]);
  const value = (name: string) => counters.get(name) ?? 0;
  return {
    size,
    hits: value(CACHE_COUNTERS.hits),
    misses: value(CACHE_COUNTERS.misses),
    errors: value(CACHE_COUNTERS.errors),
  };
}
