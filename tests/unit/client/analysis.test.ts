import { beforeEach, describe, expect, it, vi } from "vitest";
import { AnalysisCache } from "@/lib/client/analysis-cache";
import { analysisRequest, cachedAnalysis, runAnalysis, withAssessments } from "@/lib/client/analysis";
import { mapCard } from "@/lib/client/map-card";
import { demoComparisons } from "@/lib/client/demo-data";
import type { AiAnalysis } from "@/lib/client/types";
import type { Comparison } from "@/lib/schemas/analysis";
import { backendCard } from "./card-fixture";
import { MemoryStorage } from "./memory-storage";

const comparison: Comparison = {
  commonPoints: [{ text: "Both report the vote.", citations: [0, 1] }],
  differences: [{ text: "Only one names the cost.", citations: [2] }],
  summary: "Long summary.",
  biasAnalysis: "Balanced.",
  factualAccuracy: 92,
  factualAccuracyMethod: "Corroboration.",
  emotionalTone: "Measured",
  frontendSummary: "Short summary.",
  articles: [{ index: 1, source: "CNN", sentiment: "negative", biasScore: -0.3 }],
  provider: { kind: "local", model: "local-analyzer-v1", label: "Local analyzer" },
  cached: false,
  generatedAt: "2025-03-01T00:00:00Z",
};

let cache: AnalysisCache;
beforeEach(() => {
  cache = new AnalysisCache(new MemoryStorage());
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("analysisRequest", () => {
  it("sends each article's title, content, source, summary and own date with the card id, comprehensive", () => {
    const card = backendCard("c1");
    card.relatedArticles[0] = { ...card.relatedArticles[0], publishedAt: "2025-02-28T21:15:00.000Z" };
    const body = analysisRequest(mapCard(card));
    expect(body.analysisType).toBe("comprehensive");
    expect(body.comparisonCardId).toBe("c1");
    // Each article carries its own time, on the page and in the request (decision 140).
    expect(mapCard(card).articles[1].publishedAt).toBe("2025-02-28T21:15:00.000Z");
    expect(body.articles[1]).toEqual({
      title: "Title c1-b",
      content: "Content not available",
      source: "CNN",
      summary: "Description c1-b",
      publishedAt: "2025-02-28T21:15:00.000Z",
    });
  });
  it("sends no card id for the built-in demo comparison", () => {
    expect(analysisRequest(demoComparisons()[0]).comparisonCardId).toBeUndefined();
  });
});

describe("runAnalysis (docs/product.md §4)", () => {
  it("goes 10 → 30 → 90 → 100 and caches the answer", async () => {
    const card = mapCard(backendCard("c1"));
    const steps: [number | undefined, string | undefined][] = [];
    const request = vi.fn(async () => ({ comparison }));
    const pause = vi.fn(async () => undefined);
    const result = await runAnalysis(card, {
      cache,
      request,
      pause,
      onProgress: (a: AiAnalysis) => steps.push([a.progress, a.currentStep]),
    });
    expect(pause.mock.calls).toEqual([[300], [300]]);
    expect(steps).toEqual([
      [10, "Checking cache..."],
      [30, "Sending articles to backend AI..."],
      [90, "Processing analysis results..."],
    ]);
    expect(result).toMatchObject({
      isAnalyzed: true,
      isLoading: false,
      progress: 100,
      currentStep: "Complete",
      summary: "Short summary.",
      factualAccuracy: 92,
      commonPoints: comparison.commonPoints,
      differences: comparison.differences,
      biasAnalysis: "Balanced.",
      emotionalTone: "Measured",
    });
    expect(cache.getStats()).toMatchObject({ size: 1, misses: 1, hits: 0 });

    const again = await runAnalysis(card, { cache, request, onProgress: () => undefined });
    expect(again.isAnalyzed).toBe(true);
    expect(request).toHaveBeenCalledTimes(1);
    expect(cache.getStats()).toMatchObject({ hits: 1, misses: 1 });
  });

  it("opens a cached card already analysed, counting nothing itself (the card records its hit when shown)", async () => {
    const card = mapCard(backendCard("c1"));
    expect(cachedAnalysis(card, cache)).toBeNull();
    expect(cache.getStats().misses).toBe(0);
    await runAnalysis(card, { cache, request: async () => ({ comparison }), onProgress: () => undefined });
    expect(cache.getStats()).toMatchObject({ hits: 0, misses: 1 });
    expect(cachedAnalysis(card, cache)).toMatchObject({ isAnalyzed: true, factualAccuracy: 92 });
    expect(cachedAnalysis(card, cache)).toMatchObject({ isAnalyzed: true });
    expect(cache.getStats()).toMatchObject({ hits: 0, misses: 1 });
  });

  it("fails with the texts of docs/product.md §4", async () => {
    const card = mapCard(backendCard("c1"));
    const result = await runAnalysis(card, {
      cache,
      request: async () => {
        throw new Error("502");
      },
      onProgress: () => undefined,
    });
    expect(result).toMatchObject({
      isLoading: false,
      isAnalyzed: false,
      progress: 0,
      currentStep: "Analysis failed",
      summary: "Backend AI analysis failed. Please try again later.",
      biasAnalysis: "Unable to complete analysis due to technical issues.",
    });
    expect(cache.getStats().size).toBe(0);
  });

  it("applies per-article sentiment and bias", async () => {
    const card = mapCard(backendCard("c1"));
    const result = await runAnalysis(card, {
      cache,
      request: async () => ({ comparison }),
      onProgress: () => undefined,
    });
    const articles = withAssessments(card.articles, result);
    expect(articles[1]).toMatchObject({ sentiment: "negative", biasScore: -0.3, assessed: true });
    expect(articles[0]).toMatchObject({ sentiment: "neutral", biasScore: 0 });
    // Before an analysis nothing is assessed: the panels say so rather than show the placeholders.
    expect(withAssessments(card.articles, card.aiAnalysis)).toBe(card.articles);
    expect(card.articles.some((a) => a.assessed)).toBe(false);
  });
});
