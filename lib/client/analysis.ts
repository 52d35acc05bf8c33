/** One card's analysis run (docs/product.md §4): cache first, then the backend, with the progress steps of docs/product.md §9. */

import type { CompareArticlesBody, Comparison } from "@/lib/schemas/analysis";
import { ANALYSIS_LIMITS } from "@/lib/schemas/analysis-limits";
import { cacheKey, type AnalysisCache } from "./analysis-cache";
import { SEND_STEP } from "./provider-words";
import { isStoredCard } from "./stored-card";
import type { AiAnalysis, Article, NewsComparison } from "./types";

export const STEPS = {
  cache: { progress: 10, currentStep: "Checking cache..." },
  send: { progress: 30, currentStep: SEND_STEP },
  process: { progress: 90, currentStep: "Processing analysis results..." },
  done: { progress: 100, currentStep: "Complete" },
} as const;

export const FAILURE = {
  currentStep: "Analysis failed",
  summary: "Backend AI analysis failed. Please try again later.",
  biasAnalysis: "Unable to complete analysis due to technical issues.",
} as const;

/**
 * The request body: the card's articles as docs/product.md §3 sends them (title, content, source,
 * summary), with the date each was published when the page knows it.
 */
export function analysisRequest(card: NewsComparison): CompareArticlesBody {
  return {
    articles: card.articles.slice(0, ANALYSIS_LIMITS.maxArticles).map((a) => ({
      title: a.title.slice(0, ANALYSIS_LIMITS.titleMax),
      content: a.content.slice(0, ANALYSIS_LIMITS.contentMax),
      source: a.source.slice(0, ANALYSIS_LIMITS.sourceMax),
      summary: a.summary.slice(0, ANALYSIS_LIMITS.summaryMax),
      ...(a.publishedAt && !Number.isNaN(Date.parse(a.publishedAt))
        ? { publishedAt: new Date(a.publishedAt).toISOString() }
        : {}),
    })),
    analysisType: "comprehensive",
    comparisonCardId: isStoredCard(card) ? card.id : undefined,
  };
}

/** Whether the card can be analysed: the server compares two articles at least (a one-result search has one). */
export function canAnalyse(card: Pick<NewsComparison, "articles">): boolean {
  return card.articles.length >= ANALYSIS_LIMITS.minArticles;
}

export function analysisCacheKey(card: NewsComparison): string {
  return cacheKey("comparison_analysis", analysisRequest(card));
}

/** The response's analysis fields in the page's shape. */
export function toAiAnalysis(c: Comparison): AiAnalysis {
  return {
    commonPoints: c.commonPoints,
    differences: c.differences,
    ...(c.angles ? { angles: c.angles } : {}),
    ...(c.figures ? { figures: c.figures } : {}),
    summary: c.frontendSummary || c.summary,
    biasAnalysis: c.biasAnalysis,
    factualAccuracy: c.factualAccuracy,
    emotionalTone: c.emotionalTone,
    isAnalyzed: true,
    isLoading: false,
    ...STEPS.done,
    factualAccuracyMethod: c.factualAccuracyMethod,
    corroboration: c.corroboration,
    provider: c.provider,
    generatedAt: c.generatedAt,
    fallbackReason: c.fallbackReason,
    assessments: c.articles.map(({ index, sentiment, biasScore }) => ({ index, sentiment, biasScore })),
  };
}

/** docs/product.md §4 failure: loading off, progress 0, the failure step, summary and bias texts. */
export function failedAnalysis(previous: AiAnalysis): AiAnalysis {
  return { ...previous, isLoading: false, isAnalyzed: false, progress: 0, ...FAILURE };
}

/** A cached analysis for the card, counting nothing (the card records its hit once it is shown). */
export function cachedAnalysis(card: NewsComparison, cache: AnalysisCache): AiAnalysis | null {
  const hit = cache.peek<Comparison>(analysisCacheKey(card));
  return hit ? toAiAnalysis(hit) : null;
}

/** How long the quick steps (10 and 90) stay on screen, so a reader sees each one. */
export const STEP_PAUSE_MS = 300;

export interface RunDeps {
  cache: AnalysisCache;
  request: (body: CompareArticlesBody) => Promise<{ comparison: Comparison }>;
  onProgress: (analysis: AiAnalysis) => void;
  /** Lets the browser paint a step; a no-op in tests. */
  pause?: (ms: number) => Promise<void>;
}

/** Runs the steps 10 → 30 → 90 → 100 and answers the final analysis (or the failure state). */
export async function runAnalysis(card: NewsComparison, deps: RunDeps): Promise<AiAnalysis> {
  const start: AiAnalysis = { ...card.aiAnalysis, isLoading: true, isAnalyzed: false, ...STEPS.cache };
  const pause = deps.pause ?? (async () => undefined);
  deps.onProgress(start);
  try {
    await pause(STEP_PAUSE_MS);
    const body = analysisRequest(card);
    const key = cacheKey("comparison_analysis", body);
    const cached = deps.cache.get<Comparison>(key);
    if (cached) return toAiAnalysis(cached);
    deps.onProgress({ ...start, ...STEPS.send });
    const { comparison } = await deps.request(body);
    deps.onProgress({ ...start, ...STEPS.process });
    deps.cache.set(key, comparison);
    await pause(STEP_PAUSE_MS);
    return toAiAnalysis(comparison);
  } catch (error) {
    console.warn("AI analysis failed", error);
    return failedAnalysis(card.aiAnalysis);
  }
}

/**
 * The card's articles with the analysis's per-article sentiment and bias score applied, each marked
 * assessed; an article the analysis did not assess keeps its placeholders, unmarked.
 */
export function withAssessments(articles: Article[], analysis: AiAnalysis): Article[] {
  if (!analysis.isAnalyzed || !analysis.assessments) return articles;
  return articles.map((a, i) => {
    const found = analysis.assessments?.find((x) => x.index === i);
    return found ? { ...a, sentiment: found.sentiment, biasScore: found.biasScore, assessed: true } : a;
  });
}
