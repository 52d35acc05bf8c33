/**
 * The contract between the analysis service and its providers (an OpenAI-compatible model, the
 * local analyzer).
 */

import type { AnalysisArticle, CitedPoint, Comparison, ProviderInfo } from "@/lib/schemas/analysis";
import type { analysisType } from "@/lib/schemas/analysis";
import type { z } from "zod";

export type AnalysisType = z.infer<typeof analysisType>;

/**
 * What a provider answers: the comparison without the fields the service owns (cached,
 * generatedAt, fallbackReason), with `provider` naming who actually answered. The model is
 * part of the answer, not only of the provider, because an OpenAI-compatible server reports
 * the model that answered only in its response.
 */
export type ProviderAnalysis = Omit<Comparison, "cached" | "generatedAt" | "fallbackReason">;

/**
 * A model's answer before the product checks it and computes its numbers (lib/analysis/model-answer.ts):
 * the comparison's texts and lists, the conflicts the model sees between outlets, and per article
 * its sentiment and the wording the model says leans, but no accuracy figure and no bias score.
 */
export interface ModelDraft {
  draft: "model";
  commonPoints: CitedPoint[];
  angles: CitedPoint[];
  figures: CitedPoint[];
  /** Claims or figures of one thing that the model says cannot both be true. */
  conflicts: CitedPoint[];
  differences: CitedPoint[];
  summary: string;
  frontendSummary: string;
  biasAnalysis: string;
  emotionalTone: string;
  articles: ModelArticleNotes[];
  provider: ProviderInfo;
}

/** What a model says of one article: its sentiment, and the wording of its own voice that leans. */
export interface ModelArticleNotes {
  index: number;
  source: string;
  sentiment: Comparison["articles"][number]["sentiment"];
  /** Phrases the model quotes from the article as leaning; only those the article holds count. */
  wording: string[];
  lean: "left" | "right" | "none";
}

/** One analysis back end (OpenAI-compatible model or the local analyzer). */
export interface AnalysisProvider {
  /** Who answers, before any analysis runs (the page names it in its texts). */
  info(): ProviderInfo;
  /**
   * Analyses one card's articles. Every analysis type computes every field (docs/product.md §3 shows
   * them all); the type is part of the cache key so a later specialisation stays possible.
   */
  analyze(articles: AnalysisArticle[], type: AnalysisType): Promise<ProviderAnalysis | ModelDraft>;
}

export const LOCAL_PROVIDER_INFO: ProviderInfo = {
  kind: "local",
  model: "local-analyzer-v1",
  label: "Local analyzer (no AI model: deterministic text comparison on this server)",
};
