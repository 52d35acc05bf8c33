import "server-only";

/**
 * The topic search behind GET /api/v1/search (docs/decisions/042-topic-search.md), served from
 * the full-text index the database keeps (docs/decisions/111-search-index.md): the matching
 * articles, and the story cards that hold them, most outlets first (decision 145).
 */

import { getDatabase, getPrisma } from "@/lib/db";
import { NEWS_WINDOW_HOURS, newsWindowStart } from "@/lib/news-window";
import { cachedRead } from "@/lib/read-cache";
import type { ComparisonCard } from "@/lib/schemas/cards";
import type { SearchQuery, SearchResponse } from "@/lib/schemas/search";
import { searchArticleHits } from "@/lib/storage/articles";
import { findCardRows, searchCardIds } from "@/lib/storage/cards";
import { listAllSources } from "@/lib/storage/sources";
import { sourceRef, toComparisonCard } from "./card-view";

/** The cards of `ids` in that order, as the card list answers them. */
async function cardsInOrder(ids: string[]): Promise<ComparisonCard[]> {
  if (ids.length === 0) return [];
  const rows = await findCardRows(getPrisma(), ids);
  const byId = new Map(rows.filter((r) => r.articles.length > 0).map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [toComparisonCard(byId.get(id)!)] : []));
}

/** The 19 outlets, read once per few seconds (the read cache) rather than once per search. */
const outlets = () =>
  cachedRead(
    "search:outlets",
    async () => new Map((await listAllSources(getPrisma())).map((s) => [s.id, s])),
  );

/**
 * Stored articles of the last 72 hours whose title and summary hold every word of `q`, in any
 * form of the word (English stemming: "bridges" finds "bridge"), case-insensitively, newest
 * first, optionally only those covering the given countries; each with its source and the live
 * card it belongs to. With them, up to `limit` live cards holding matches, most outlets first.
 */
export async function searchArticles(
  { q, limit, country }: SearchQuery,
  now: Date = new Date(),
): Promise<SearchResponse> {
  const since = newsWindowStart(now).toISOString();
  const { sql } = getDatabase();
  const search = { q, since, country, limit };
  const [hits, cardIds] = await Promise.all([searchArticleHits(sql, search), searchCardIds(sql, search)]);
  const [sources, cards] = await Promise.all([outlets(), cardsInOrder(cardIds)]);
  const results = hits.map((a) => ({
    id: a.id,
    title: a.title,
    summary: a.summary,
    url: a.url,
    publishedAt: new Date(a.publishedAt).toISOString(),
    imageUrl: a.imageUrl,
    category: a.category,
    countries: a.countries,
    source: sourceRef(sources.get(a.sourceId)!),
    cardId: a.cardId,
  }));
  return {
    query: q,
    results,
    cards,
    metadata: { count: results.length, limit, countries: country, windowHours: NEWS_WINDOW_HOURS },
  };
}
