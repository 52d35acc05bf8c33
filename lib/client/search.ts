/** The topic search (docs/product.md §4, §5, §8, §9; docs/decisions/042-topic-search.md). */

import type { SearchResult } from "@/lib/schemas/search";
import { placeholderAnalysis, sourceInfo } from "./map-card";
import type { Article, NewsComparison } from "./types";

export const SEARCH_COUNTRIES = 5;
export const SEARCH_ARTICLES = 10;
export const SEARCH_CATEGORY = "global-search";

export const searchMessages = {
  /** docs/product.md §8's words; with no country selected every country was searched, and it says so. */
  none: (topic: string, countries: string[]) =>
    `No articles found for "${topic}" in ${countries.length ? "selected countries" : "any country"}`,
  failed: (topic: string) => `Failed to search for "${topic}". Please try again.`,
};

/** The search call: the topic, the first 5 selected countries, at most 10 articles. */
export function searchPath(topic: string, countries: string[]): string {
  const params = new URLSearchParams({ q: topic, limit: String(SEARCH_ARTICLES) });
  for (const c of countries.slice(0, SEARCH_COUNTRIES)) params.append("country", c);
  return `/search?${params.toString()}`;
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
    reportedAt: r.publishedAt,
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
