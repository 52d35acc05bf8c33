/**
 * The topic search (docs/product.md §4, §5, §8, §9; docs/decisions/042-topic-search.md): the story
 * cards holding matches, most outlets first, then the matching articles no card holds
 * (decision 145).
 */

import type { SearchResponse, SearchResult } from "@/lib/schemas/search";
import { mapCard, placeholderAnalysis, sourceInfo } from "./map-card";
import type { Article, NewsComparison } from "./types";

export const SEARCH_ARTICLES = 10;
export const SEARCH_CATEGORY = "global-search";

export const searchMessages = {
  /** docs/product.md §8's words for an empty result; every country is searched, and it says so. */
  none: (topic: string) => `No articles found for "${topic}" in any country`,
  failed: (topic: string) => `Failed to search for "${topic}". Please try again.`,
};

/** The search call: the topic over every country and category, at most 10 articles and 10 cards. */
export function searchPath(topic: string): string {
  const params = new URLSearchParams({ q: topic, limit: String(SEARCH_ARTICLES) });
  return `/search?${params.toString()}`;
}

/**
 * What a search shows: the story cards holding matches in the server's order (more outlets
 * first), then one 'Global Perspectives' card of the matching articles none of them holds.
 */
export function searchCards(topic: string, res: Pick<SearchResponse, "results" | "cards">): NewsComparison[] {
  const held = new Set(res.cards.map((c) => c.cardId));
  const loose = res.results.filter((r) => !r.cardId || !held.has(r.cardId));
  return [...res.cards.map(mapCard), ...(loose.length ? [searchCard(topic, loose)] : [])];
}

/** The one synthetic card 'Global Perspectives: {topic}' holding up to 10 articles, with no further pages. */
export function searchCard(topic: string, results: SearchResult[]): NewsComparison {
  const articles: Article[] = results.slice(0, SEARCH_ARTICLES).map((r) => ({
    id: `search-${r.id}`,
    title: r.title,
    summary: r.summary,
    content: r.summary,
    source: r.source.name,
    sourceUrl: r.url,
    publishedAt: r.publishedAt,
    imageUrl: r.imageUrl,
    category: r.category,
    likes: 0,
    comments: 0,
    isLiked: false,
    sentiment: "neutral",
    biasScore: 0,
    sourceInfo: sourceInfo(r.source),
  }));
  return {
    id: `search-${topic.toLowerCase()}`,
    topic: `Global Perspectives: ${topic}`,
    articles,
    aiAnalysis: placeholderAnalysis(),
    publishedAt: articles[0]?.publishedAt ?? new Date().toISOString(),
    category: SEARCH_CATEGORY,
    likes: 0,
    comments: 0,
    isLiked: false,
    bias: null,
    isDemo: false,
    lowConfidence: false,
    coverage: null,
  };
}
