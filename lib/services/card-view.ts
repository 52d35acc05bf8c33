import "server-only";

/**
 * Stored cards in the API's shapes: the card list's cards, a card in full, and an article's
 * outlet, for the card and search services.
 */

import { storyCoverage } from "@/lib/coverage";
import type { CardArticle, CardDetail, ComparisonCard, FullArticle, SourceRef } from "@/lib/schemas/cards";
import { BIAS_RATING_SOURCE, biasRatingOf, knownSource, type BiasRating } from "@/lib/sources/registry";
import type { CardRow } from "@/lib/storage/cards";

type ArticleRow = CardRow["articles"][number]["article"];

/** An article's outlet as cards and search results show it. */
export function sourceRef(s: ArticleRow["source"]): SourceRef {
  return {
    id: s.id,
    name: s.name,
    region: s.region,
    country: s.country,
    biasRating: biasRatingOf(s.biasRating),
    biasRatingSource: s.biasRatingSource,
    color: s.color,
    icon: s.icon,
    // Kept in the registry, not the database (decision 120); every stored outlet is seeded from it.
    paywall: knownSource(s.id)?.paywall ?? "none",
  };
}

function cardArticle(a: ArticleRow): CardArticle {
  return {
    id: a.id,
    title: a.title,
    description: a.summary,
    source: sourceRef(a.source),
    url: a.url,
    publishedAt: a.publishedAt.toISOString(),
    urlToImage: a.imageUrl,
  };
}

/** Counts the card's distinct outlets per bias rating; a side with no outlet while the other has some is a blindspot. */
function biasOf(rows: ArticleRow[]): ComparisonCard["bias"] {
  const ratingBySource = new Map(rows.map((a) => [a.sourceId, biasRatingOf(a.source.biasRating)]));
  const count = (r: BiasRating) => [...ratingBySource.values()].filter((v) => v === r).length;
  const left = count("center-left");
  const center = count("center");
  const right = count("center-right");
  const blindspot = left > 0 && right === 0 ? "right" : right > 0 && left === 0 ? "left" : null;
  return { left, center, right, blindspot, ratingSource: BIAS_RATING_SOURCE };
}

/** A stored card in the API shape of docs/product.md §3 (main headline first, related articles after). */
export function toComparisonCard(card: CardRow): ComparisonCard {
  const rows = card.articles.map((m) => m.article);
  const [main, ...related] = rows;
  return {
    cardId: card.id,
    topic: card.topic,
    mainHeadline: cardArticle(main),
    relatedArticles: related.map(cardArticle),
    category: card.category,
    country: card.country,
    totalArticles: rows.length,
    createdAt: card.createdAt.toISOString(),
    ...(card.summary ? { summary: card.summary } : {}),
    updatedAt: card.updatedAt.toISOString(),
    countries: card.countries,
    sourceCount: new Set(rows.map((a) => a.sourceId)).size,
    confidence: card.confidence,
    bias: biasOf(rows),
    isDemo: card.isDemo,
  };
}

/** The card with every article in full and how its coverage grew, for GET /comparison-cards/{id}. */
export function toCardDetail(card: CardRow, supersedes?: string): CardDetail {
  const articles: FullArticle[] = card.articles.map(({ article: a, position }) => ({
    ...cardArticle(a),
    summary: a.summary,
    content: a.content,
    author: a.author,
    category: a.category,
    countries: a.countries,
    position,
  }));
  return {
    ...toComparisonCard(card),
    articles,
    coverage: storyCoverage(articles),
    ...(supersedes ? { supersedes } : {}),
  };
}
