import "server-only";

/**
 * The analysis use case behind POST /api/v1/analysis/compare-articles: cache, provider, grounding
 * check (and a model's answer completed by the product), fallback, and the outcome counted for the
 * operator's metrics (docs/decisions/030-analysis-providers.md, 032-analysis-cache.md,
 * 130-model-answer-shape.md).
 */

import {
  analysisCacheKey,
  flushAnalysisCounters,
  readCachedAnalysis,
  writeCachedAnalysis,
} from "@/lib/analysis/cache";
import { AnalysisError, type AnalysisFailure } from "@/lib/analysis/errors";
import type { CardReading } from "@/lib/analysis/card-corroboration";
import { completeAnswer } from "@/lib/analysis/checked-answer";
import { groundAnswerOffThread, readCardOffThread } from "./analysis-off-thread";
import type { AnalysisProvider, ModelDraft, ProviderAnalysis } from "@/lib/analysis/provider";
import { recordAnalysis, recordGrounding, recordProviderFailure } from "@/lib/analysis/outcomes";
import { analysisProviders } from "./analysis-providers";
import { WorkerBusyError } from "@/lib/workers/errors";
import { onShutdown, trackTask } from "@/lib/lifecycle/shutdown";
import { deepFreeze } from "@/lib/frozen";
import { logger } from "@/lib/log";
import { inTurn } from "@/lib/storage/yield";
import type { CompareArticlesBody, CompareArticlesResponse, Comparison } from "@/lib/schemas/analysis";

// A shutdown writes the cache's hit and miss counts still held in memory, before the database closes.
onShutdown(() => void trackTask(flushAnalysisCounters()));

/** Identical requests that arrive together share one provider call (and one cache write). */
const inFlight = new Map<string, Promise<Comparison>>();

/**
 * Cache keys of the bodies the route wrapper keeps (lib/http/request-body.ts hands the same frozen
 * body to every request with the same bytes): each is hashed once, not per request.
 */
const keys = new WeakMap<CompareArticlesBody, string>();

/** The body's cache key for this process's provider (fixed at start, so it may be kept). */
async function keyOf(body: CompareArticlesBody): Promise<string> {
  // Hashing every text of a large request takes a turn of its own (lib/storage/yield.ts).
  const key = await inTurn(() => analysisCacheKey(body, analysisProviders().primary.info()));
  keys.set(body, key);
  return key;
}

/**
 * The response of a cache hit, made once per answer the cache holds in memory (the same object for
 * each hit) and frozen, so it is serialized once too (lib/http/respond.ts).
 */
const responses = new WeakMap<Comparison, CompareArticlesResponse>();
function asCached(hit: Comparison): CompareArticlesResponse {
  let response = responses.get(hit);
  if (!response) responses.set(hit, (response = deepFreeze({ comparison: { ...hit, cached: true } })));
  return response;
}

/** Every point of an answer, whatever its list. */
const pointCount = (a: ProviderAnalysis | ModelDraft) =>
  a.commonPoints.length +
  a.differences.length +
  (a.angles?.length ?? 0) +
  (a.figures?.length ?? 0) +
  ("conflicts" in a ? a.conflicts.length : 0);

/** True when the grounding check left nothing of an answer: every point it had, or any summary. */
function nothingGrounded(raw: ProviderAnalysis | ModelDraft, grounded: ProviderAnalysis): boolean {
  return (pointCount(raw) > 0 && pointCount(grounded) === 0) || !grounded.summary.trim();
}

/**
 * Runs a provider and the grounding checker; an answer with nothing grounded left is rejected. A
 * model's answer is completed with the product's own reading of the card, which runs in the
 * worker pool from the start, while the model writes and beside the check.
 */
async function groundedAnswer(
  provider: AnalysisProvider,
  body: CompareArticlesBody,
): Promise<ProviderAnalysis> {
  const started = performance.now();
  let reading: Promise<CardReading> | null = null;
  if (provider.info().kind === "openai-compatible") {
    reading = readCardOffThread(body.articles);
    reading.catch(() => undefined); // awaited below, or not needed when the provider fails
  }
  const raw = await provider.analyze(body.articles, body.analysisType);
  const grounded = await groundAnswerOffThread(raw, body.articles);
  if ("draft" in grounded) reading ??= readCardOffThread(body.articles);
  const { analysis, report } = completeAnswer(grounded, "draft" in grounded ? await reading : null);
  recordGrounding(report);
  const log = {
    provider: raw.provider.kind,
    model: raw.provider.model,
    ms: Math.round(performance.now() - started),
  };
  if (report.notes.length)
    logger.warn({ ...log, repairs: report.notes }, "analysis answer repaired by the grounding checker");
  if (nothingGrounded(raw, analysis)) {
    throw new AnalysisError("The AI provider's answer cited nothing the articles support.", "ungrounded");
  }
  logger.info(log, "analysis generated");
  return analysis;
}

/** Why a provider's call failed, in one word for the metrics (lib/analysis/errors.ts). */
function causeOf(error: unknown): AnalysisFailure | "busy" {
  if (error instanceof AnalysisError) return error.failure;
  return error instanceof WorkerBusyError ? "busy" : "failed";
}

async function generate(key: string, body: CompareArticlesBody): Promise<Comparison> {
  const { primary, fallback } = analysisProviders();
  const kind = primary.info().kind;
  try {
    const answer = await groundedAnswer(primary, body);
    const result: Comparison = { ...answer, cached: false, generatedAt: new Date().toISOString() };
    await writeCachedAnalysis(key, result, body.comparisonCardId);
    recordAnalysis(kind, "answered");
    return result;
  } catch (error) {
    recordProviderFailure(kind, causeOf(error));
    if (!fallback) {
      recordAnalysis(kind, "failed");
      throw error;
    }
    const reason = error instanceof AnalysisError ? error.message : "The AI provider failed.";
    logger.warn(
      { err: error },
      "AI provider failed; the local analyzer answers (ANALYSIS_FALLBACK_TO_LOCAL)",
    );
    // Not cached: the next request should try the configured provider again.
    const answer = await groundedAnswer(fallback, body).catch((e: unknown) => {
      recordAnalysis(kind, "failed");
      throw e;
    });
    recordAnalysis(kind, "fallback");
    return {
      ...answer,
      cached: false,
      generatedAt: new Date().toISOString(),
      fallbackReason: `${reason} The local analyzer answered instead.`,
    };
  }
}

/**
 * Compares a card's articles: from the cache when a valid answer exists, else from the configured
 * provider. A hit is served as stored: it was grounded against exactly these texts (the key hashes
 * them all) by the check of the current cache version (docs/decisions/039-cached-answer-as-stored.md).
 */
export async function analyzeArticles(body: CompareArticlesBody): Promise<CompareArticlesResponse> {
  const key = keys.get(body) ?? (await keyOf(body));
  const hit = await readCachedAnalysis(key);
  if (hit) return asCached(hit);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = generate(key, body).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return { comparison: await pending };
}
