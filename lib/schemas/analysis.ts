/**
 * The analysis contract (docs/product.md §3 "AI analysis", §7 POST /analysis/compare-articles), shared by
 * the route, both providers and the browser. Every common point and difference cites the
 * indices (0-based, into the request's `articles`) of the articles that support it.
 */

import { z } from "zod";
import { text } from "./common";
import { ANALYSIS_LIMITS } from "./analysis-limits";

export { ANALYSIS_LIMITS };

export const analysisArticle = z.object({
  title: text().trim().min(1, "is required").max(ANALYSIS_LIMITS.titleMax),
  content: text().max(ANALYSIS_LIMITS.contentMax).default(""),
  source: text().trim().min(1, "is required").max(ANALYSIS_LIMITS.sourceMax),
  summary: text().max(ANALYSIS_LIMITS.summaryMax).default(""),
  /** When the outlet published it (ISO 8601); a model is told each article's date. */
  publishedAt: z.iso.datetime({ offset: true }).optional(),
});
export type AnalysisArticle = z.infer<typeof analysisArticle>;

export const analysisType = z.enum(["comprehensive", "bias", "factual", "sentiment"]);

export const compareArticlesBody = z.object({
  articles: z.array(analysisArticle).min(ANALYSIS_LIMITS.minArticles).max(ANALYSIS_LIMITS.maxArticles),
  analysisType: analysisType.default("comprehensive"),
  comparisonCardId: text().trim().min(1).max(100).optional(),
});
export type CompareArticlesBody = z.infer<typeof compareArticlesBody>;

export const citedPoint = z.object({
  text: z.string().min(1),
  /** Indices of the supporting articles; common points cite at least two distinct outlets. */
  citations: z.array(z.number().int().min(0)).min(1),
});
export type CitedPoint = z.infer<typeof citedPoint>;

export const sentiment = z.enum(["positive", "negative", "neutral"]);

export const articleAssessment = z.object({
  index: z.number().int().min(0),
  source: z.string(),
  sentiment,
  /** -1 (left) .. +1 (right); docs/product.md §9 bands on the absolute value. */
  biasScore: z.number().min(-1).max(1),
  /**
   * The wording of the article's own voice that moved its score from its outlet's rating (a
   * model's answer; absent when the score is the rating alone).
   */
  biasWording: z.array(z.string()).optional(),
});

export const providerInfo = z.object({
  kind: z.enum(["openai-compatible", "local"]),
  /** The model that answered, as the provider named it; "local-analyzer-v1" for the local one. */
  model: z.string(),
  /** A sentence the page shows, e.g. "Local analyzer (no AI model; deterministic, runs on this server)". */
  label: z.string(),
});
export type ProviderInfo = z.infer<typeof providerInfo>;

export const comparison = z.object({
  commonPoints: z.array(citedPoint),
  differences: z.array(citedPoint),
  /**
   * Either provider's further findings (absent only from answers stored before a model gave them): one line per outlet saying
   * what it leads with, citing its article; and figures for the same thing compared across
   * outlets, citing the articles that give them.
   */
  angles: z.array(citedPoint).optional(),
  figures: z.array(citedPoint).optional(),
  summary: z.string(),
  biasAnalysis: z.string(),
  /**
   * 0..100: the product's own corroboration share, whichever provider answered (see
   * factualAccuracyMethod; a model's conflicts that the articles bear out count against it). Never a model's guess.
   */
  factualAccuracy: z.number().min(0).max(100),
  /** One sentence saying exactly what factualAccuracy measures for this answer. */
  factualAccuracyMethod: z.string(),
  /**
   * The counts behind factualAccuracy: of `total` compared details (distinct names and numbers
   * two or more outlets give, conflicts), `corroborated` are reported alike by two or more outlets.
   */
  corroboration: z
    .object({ corroborated: z.number().int().min(0), total: z.number().int().min(0) })
    .optional(),
  emotionalTone: z.string(),
  frontendSummary: z.string(),
  articles: z.array(articleAssessment),
  provider: providerInfo,
  cached: z.boolean(),
  generatedAt: z.string(),
  /** Set when the configured AI provider failed and settings allowed the local analyzer to answer. */
  fallbackReason: z.string().optional(),
});
export type Comparison = z.infer<typeof comparison>;

export const compareArticlesResponse = z.object({ comparison });
export type CompareArticlesResponse = z.infer<typeof compareArticlesResponse>;
