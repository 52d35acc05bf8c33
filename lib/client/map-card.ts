import type { CardArticle, ComparisonCard } from "@/lib/schemas/cards";
import { LOW_CARD_CONFIDENCE } from "@/lib/catalog";
import type { AiAnalysis, Article, NewsComparison, SourceInfo } from "./types";

/** SPEC §3 mapping from the backend's comparison card to the page's news comparison. */

export const PLACEHOLDER_ACCURACY = 85;
/** Id of the built-in demo comparison (lib/client/demo-data.ts); it is no stored card. */
export const DEMO_CARD_ID = "demo-climate-summit";

/** The analysis a card holds before a run (SPEC §3: accuracy 85, text pointing at the button). */
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

function sourceInfo(article: CardArticle): SourceInfo {
  const { name, region, biasRating, biasRatingSource, color, icon } = article.source;
  return { name, region, biasRating, biasRatingSource, color, icon };
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
    sourceInfo: sourceInfo(a),
  };
}

/** A related article: fallbacks 'Related article' and 'Content not available', the card's date, no image. */
export function mapRelatedArticle(card: ComparisonCard, a: CardArticle & { content?: string }, index: number): Article {
  return {
    id: `related-${card.cardId}-${index}`,
    title: a.title,
    summary: a.description || "Related article",
    content: a.content || "Content not available",
    source: a.source.name,
    sourceUrl: a.url,
    publishedAt: card.createdAt,
    imageUrl: null,
    category: card.category || "general",
    ...counters,
    sentiment: "neutral",
    biasScore: 0,
    sourceInfo: sourceInfo(a),
  };
}

/** One backend card as the page shows it. */
export function mapCard(card: ComparisonCard): NewsComparison {
  return {
    id: card.cardId,
    topic: card.topic || card.mainHeadline.title,
    articles: [mapMainArticle(card), ...card.relatedArticles.map((a, i) => mapRelatedArticle(card, a, i))],
    aiAnalysis: placeholderAnalysis(),
    publishedAt: card.mainHeadline.publishedAt || card.createdAt,
    category: card.category || "general",
    ...counters,
    bias: card.bias ?? null,
    isDemo: card.isDemo === true,
    lowConfidence: typeof card.confidence === "number" && card.confidence < LOW_CARD_CONFIDENCE,
  };
}
