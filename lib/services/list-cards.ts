import "server-only";

/**
 * The card list behind GET /api/v1/comparison-cards: the newest cards of a pair or of the landing
 * selection, within the news window.
 */

import { LANDING_PAGE } from "@/lib/catalog";
import { getPrisma } from "@/lib/db";
import { newsWindowStart } from "@/lib/news-window";
import type { CardListQuery, CardListResponse } from "@/lib/schemas/cards";
import { CARD_INCLUDE, toComparisonCard } from "./card-view";

/**
 * Newest comparison cards for a country/category pair, or for the landing selection when
 * neither is given (docs/product.md §7: six countries, category general). A valid pair with no cards
 * carries the on-demand generation suggestion.
 */
export async function listCards(query: CardListQuery, now = new Date()): Promise<CardListResponse> {
  const landing = !query.country && !query.category;
  const countries = query.country ? [query.country] : [...LANDING_PAGE.countries];
  const category = query.category ?? "general";
  const prisma = getPrisma();
  const since = newsWindowStart(now);
  const [cards, lastRun] = await Promise.all([
    prisma.comparisonCard.findMany({
      where: {
        retiredAt: null,
        category,
        countries: { hasSome: countries },
        latestPublishedAt: { gte: since },
      },
      orderBy: [{ latestPublishedAt: "desc" }, { id: "asc" }],
      take: query.limit,
      include: CARD_INCLUDE,
    }),
    prisma.ingestRun.findFirst({
      where: { finishedAt: { not: null }, status: { not: "failed" } },
      orderBy: { finishedAt: "desc" },
      select: { finishedAt: true },
    }),
  ]);
  const comparisonCards = cards.filter((c) => c.articles.length > 0).map(toComparisonCard);
  return {
    comparisonCards,
    metadata: {
      selection: landing ? "landing" : "pair",
      countries,
      category,
      limit: query.limit,
      count: comparisonCards.length,
      ...(comparisonCards.length === 0 ? { suggestion: "on_demand_generation" as const } : {}),
      isDemo: comparisonCards.some((c) => c.isDemo),
      lastUpdated: lastRun?.finishedAt?.toISOString() ?? null,
    },
  };
}
