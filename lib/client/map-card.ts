/** docs/product.md §3 mapping from the backend's comparison card to the page's news comparison. */

import type { CardArticle, ComparisonCard } from "@/lib/schemas/cards";
import { LOW_CARD_CONFIDENCE } from "@/lib/catalog";
import { RELATED_ARTICLE_FALLBACKS } from "@/lib/schemas/analysis-limits";
import { storyCoverage } from "@/lib/coverage";
import type { AiAnalysis, Article, CoverageSummary, NewsComparison, SourceInfo } from "./types";

export const PLACEHOLDER_ACCURACY = 85;
/** Id of the built-in demo comparison (lib/client/demo-data.ts); it is no stored card. */
export const DEMO_CARD_ID = "demo-climate-summit";

/** The analysis a card holds before a run (docs/product.md §3: accuracy 85, text pointing at the button). */
export function placeholderAnalysis(): AiAnalysis {
  return {
    commonPoints: [],
    differences: [],
    summary: "Click 'Start AI Analysis' to compare how these sources cover the story.",
    biasAnalysis: "Click 'Start AI Analysis' to analyse each source's editorial perspective.",
    factualAccuracy: PLACEHOLDER_ACCURACY,
    emotionalTone: "Not analysed yet",
    isAnalyzed: false,
    isLoading: false,
  };
}

/** What an article panel shows of its outlet (a card's article and a search result carry the same). */
export function sourceInfo(source: CardArticle["source"]): SourceInfo {
  const { id, name, region, biasRating, biasRatingSource, color, icon, paywall } = source;
  return { id, name, region, biasRating, biasRatingSource, color, icon, paywall };
}

const counters = { likes: 0, comments: 0, isLiked: false } as const;

/** The main headline: summary and content both come from the description. */
export function mapMainArticle(card: ComparisonCard): Article {
  const a = card.mainHeadline;
  return {
    id: `main-${card.cardId}`,
    title: a.title,
    summary: a.description,
    content: a.description,
    source: a.source.name,
    sourceUrl: a.url,
    publishedAt: a.publishedAt,
    imageUrl: a.urlToImage,
    category: card.category || "general",
    ...counters,
    sentiment: "neutral",
    biasScore: 0,
    sourceInfo: sourceInfo(a.source),
  };
}

/**
 * A related article: fallbacks 'Related article' and 'Content not available', no image, and its own
 * publication time (docs/product.md §3 gave it the card's creation time, which put one time on
 * every outlet's panel and made the panels disagree with "First reported by": decision 140).
 */
export function mapRelatedArticle(
  card: ComparisonCard,
  a: CardArticle & { content?: string },
  index: number,
): Article {
  return {
    id: `related-${card.cardId}-${index}`,
    title: a.title,
    summary: a.description || RELATED_ARTICLE_FALLBACKS.summary,
    content: a.content || RELATED_ARTICLE_FALLBACKS.content,
    source: a.source.name,
    sourceUrl: a.url,
    publishedAt: a.publishedAt,
    imageUrl: null,
    category: card.category || "general",
    ...counters,
    sentiment: "neutral",
    biasScore: 0,
    sourceInfo: sourceInfo(a.source),
  };
}

/** The card's coverage line, from its articles' own publication times. */
export function coverageSummary(card: ComparisonCard): CoverageSummary {
  const reports = [card.mainHeadline, ...card.relatedArticles];
  const coverage = storyCoverage(reports);
  return {
    firstSource: reports.find((r) => r.source.id === coverage.firstSourceId)!.source.name,
    firstSourceId: coverage.firstSourceId,
    firstPublishedAt: coverage.firstPublishedAt,
    lastPublishedAt: coverage.lastPublishedAt,
    outlets: new Set(reports.map((r) => r.source.id)).size,
  };
}

/** One backend card as the page shows it; its date is the story's first report's, as its coverage line says. */
export function mapCard(card: ComparisonCard): NewsComparison {
  const coverage = coverageSummary(card);
  return {
    id: card.cardId,
    topic: card.topic || card.mainHeadline.title,
    articles: [mapMainArticle(card), ...card.relatedArticles.map((a, i) => mapRelatedArticle(card, a, i))],
    aiAnalysis: placeholderAnalysis(),
    publishedAt: coverage.firstPublishedAt,
    category: card.category || "general",
    ...counters,
    bias: card.bias ?? null,
    isDemo: card.isDemo === true,
    lowConfidence: typeof card.confidence === "number" && card.confidence < LOW_CARD_CONFIDENCE,
    coverage,
  };
}
