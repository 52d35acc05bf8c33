import "server-only";

/**
 * The topic search behind GET /api/v1/search (docs/decisions/042-topic-search.md), served from
 * the full-text index the database keeps, in one statement (docs/decisions/111-search-index.md).
 */

import { getDatabase, getPrisma } from "@/lib/db";
import { NEWS_WINDOW_HOURS, newsWindowStart } from "@/lib/news-window";
import { cachedRead } from "@/lib/read-cache";
import type { SearchQuery, SearchResponse } from "@/lib/schemas/search";
import { sourceRef } from "./card-view";

/**
 * The matching articles, newest first, each with its live card. "searchVector" is the English
 * full-text of title and summary that the database generates and indexes
 * (prisma/migrations/*_article_search); plainto_tsquery takes any text (no operators, never a
 * syntax error) and asks for every word of it, stemmed as the column is. The card is looked up
 * for the page of hits only. Times are stored in UTC without a zone.
 */
export const SEARCH_SQL = `
WITH hits AS (
  SELECT id, "publishedAt" FROM "Article"
  WHERE "searchVector" @@ plainto_tsquery('english', $1)
    AND "publishedAt" >= ($2::timestamptz AT TIME ZONE 'UTC')
    AND (cardinality($3::text[]) = 0 OR "countries" && $3::text[])
  ORDER BY "publishedAt" DESC, id ASC
  LIMIT $4
)
SELECT a.id, a.title, a.summary, a.url, a."imageUrl", a.category::text AS category, a.countries,
  a."sourceId", a."publishedAt" AT TIME ZONE 'UTC' AS "publishedAt",
  (SELECT ca."cardId" FROM "CardArticle" ca JOIN "ComparisonCard" c ON c.id = ca."cardId"
   WHERE ca."articleId" = a.id AND c."retiredAt" IS NULL ORDER BY ca."cardId" LIMIT 1) AS "cardId"
FROM hits JOIN "Article" a ON a.id = hits.id
ORDER BY hits."publishedAt" DESC, hits.id ASC`;

interface Hit {
  id: string;
  title: string;
  summary: string;
  url: string;
  imageUrl: string | null;
  category: string;
  countries: string[];
  sourceId: string;
  publishedAt: Date;
  cardId: string | null;
}

/** The 19 outlets, read once per few seconds (the read cache) rather than once per search. */
const outlets = () =>
  cachedRead(
    "search:outlets",
    async () => new Map((await getPrisma().source.findMany()).map((s) => [s.id, s])),
  );

/**
 * Stored articles of the last 72 hours whose title and summary hold every word of `q`, in any
 * form of the word (English stemming: "bridges" finds "bridge"), case-insensitively, newest
 * first, optionally only those covering the given countries; each with its source and the live
 * card it belongs to.
 */
export async function searchArticles(
  { q, limit, country }: SearchQuery,
  now: Date = new Date(),
): Promise<SearchResponse> {
  const since = newsWindowStart(now).toISOString();
  const hits = await getDatabase().sql.query<Hit>(SEARCH_SQL, [q, since, country, limit]);
  const sources = await outlets();
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
    metadata: { count: results.length, limit, countries: country, windowHours: NEWS_WINDOW_HOURS },
  };
}
