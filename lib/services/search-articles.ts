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
import { CARD_INCLUDE, sourceRef, toComparisonCard } from "./card-view";

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

/**
 * The live cards holding matching articles of the window: the story told by more outlets first,
 * then the one with more matching reports, then the newest. Same match as SEARCH_SQL, over every
 * matching article rather than the newest page of them, so a large story is never cut off.
 */
export const SEARCH_CARDS_SQL = `
SELECT h."cardId" FROM (
  SELECT ca."cardId", count(*) AS hits
  FROM "Article" a JOIN "CardArticle" ca ON ca."articleId" = a.id
  WHERE a."searchVector" @@ plainto_tsquery('english', $1)
    AND a."publishedAt" >= ($2::timestamptz AT TIME ZONE 'UTC')
    AND (cardinality($3::text[]) = 0 OR a."countries" && $3::text[])
  GROUP BY ca."cardId"
) h JOIN "ComparisonCard" c ON c.id = h."cardId"
WHERE c."retiredAt" IS NULL
ORDER BY c."sourceCount" DESC, h.hits DESC, c."latestPublishedAt" DESC, c.id ASC
LIMIT $4`;

/** The cards of `ids` in that order, as the card list answers them. */
async function cardsInOrder(ids: string[]): Promise<ComparisonCard[]> {
  if (ids.length === 0) return [];
  const rows = await getPrisma().comparisonCard.findMany({
    where: { id: { in: ids } },
    include: CARD_INCLUDE,
  });
  const byId = new Map(rows.filter((r) => r.articles.length > 0).map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [toComparisonCard(byId.get(id)!)] : []));
}

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
 * card it belongs to. With them, up to `limit` live cards holding matches, most outlets first.
 */
export async function searchArticles(
  { q, limit, country }: SearchQuery,
  now: Date = new Date(),
): Promise<SearchResponse> {
  const since = newsWindowStart(now).toISOString();
  const db = getDatabase();
  const [hits, cardIds] = await Promise.all([
    db.sql.query<Hit>(SEARCH_SQL, [q, since, country, limit]),
    db.sql.query<{ cardId: string }>(SEARCH_CARDS_SQL, [q, since, country, limit]),
  ]);
  const [sources, cards] = await Promise.all([outlets(), cardsInOrder(cardIds.map((r) => r.cardId))]);
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
