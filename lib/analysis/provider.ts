/**
 * The contract between the analysis service and its providers (an OpenAI-compatible model, the
 * local analyzer).
 */

import type { AnalysisArticle, Comparison, ProviderInfo } from "@/lib/schemas/analysis";
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

/** One analysis back end (OpenAI-compatible model or the local analyzer). */
export interface AnalysisProvider {
  /** Who answers, before any analysis runs (the page names it in its texts). */
  info(): ProviderInfo;
  /**
   * Analyses one card's articles. Every analysis type computes every field (docs/product.md §3 shows
   * them all); the type is part of the cache key so a later specialisation stays possible.
   */
  analyze(articles: AnalysisArticle[], type: AnalysisType): Promise<ProviderAnalysis>;
}

export const LOCAL_PROVIDER_INFO: ProviderInfo = {
  kind: "local",
  model: "local-analyzer-v1",
  label: "Local analyzer (no AI model: deterministic text comparison on this server)",
};
