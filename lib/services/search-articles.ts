import "server-only";

/** The topic search behind GET /api/v1/search (docs/decisions/042-topic-search.md). */

import { getPrisma } from "@/lib/db";
import { NEWS_WINDOW_HOURS, newsWindowStart } from "@/lib/news-window";
import type { SearchQuery, SearchResponse } from "@/lib/schemas/search";
import { sourceRef } from "./card-view";

/** Prisma passes `contains` into LIKE unescaped: make % and _ literal (backslash is PostgreSQL's LIKE escape). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Stored articles of the last 72 hours whose title or summary contains `q` (case-insensitive),
 * newest first, optionally only those covering the given countries; each with its source and
 * the live card it belongs to.
 */
export async function searchArticles(
  { q, limit, country }: SearchQuery,
  now: Date = new Date(),
): Promise<SearchResponse> {
  const pattern = literal(q);
  const since = newsWindowStart(now);
  const rows = await getPrisma().article.findMany({
    where: {
      publishedAt: { gte: since },
      OR: [
        { title: { contains: pattern, mode: "insensitive" } },
        { summary: { contains: pattern, mode: "insensitive" } },
      ],
      ...(country.length ? { countries: { hasSome: country } } : {}),
    },
    orderBy: [{ publishedAt: "desc" }, { id: "asc" }],
    take: limit,
    include: {
      source: true,
      cards: {
        where: { card: { retiredAt: null } },
        select: { cardId: true },
        orderBy: { cardId: "asc" },
        take: 1,
      },
    },
  });
  return {
    query: q,
    results: rows.map((a) => ({
      id: a.id,
      title: a.title,
      summary: a.summary,
      url: a.url,
      publishedAt: a.publishedAt.toISOString(),
      imageUrl: a.imageUrl,
      category: a.category,
      countries: a.countries,
      source: sourceRef(a.source),
      cardId: a.cards[0]?.cardId ?? null,
    })),
    metadata: { count: rows.length, limit, countries: country, windowHours: NEWS_WINDOW_HOURS },
  };
}
