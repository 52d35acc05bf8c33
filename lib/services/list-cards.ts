import "server-only";

/**
 * The card list behind GET /api/v1/comparison-cards: the newest cards of a pair or of the landing
 * selection, within the news window.
 */

import { LANDING_PAGE } from "@/lib/catalog";
import { getPrisma } from "@/lib/db";
import { newsWindowStart } from "@/lib/news-window";
import { otherSelections, type OtherSelections } from "@/lib/other-selections";
import type { CardListQuery, CardListResponse } from "@/lib/schemas/cards";
import { liveCardsOfSelection, liveStoriesOutside } from "@/lib/storage/cards";
import { lastSuccessfulFinish } from "@/lib/storage/runs";
import { toComparisonCard } from "./card-view";

/** The live stories of the window outside the landing selection, and the pairs that reach them. */
async function outsideLanding(since: Date): Promise<OtherSelections> {
  const stories = await liveStoriesOutside(getPrisma(), since, [...LANDING_PAGE.countries]);
  return otherSelections(stories);
}

/**
 * Newest comparison cards for a country/category pair, or for the landing selection when
 * neither is given (docs/product.md §7: six countries, category general). A valid pair with no cards
 * carries the on-demand generation suggestion; the landing selection says how many stories wait
 * in other selections, and where (decision 143).
 */
export async function listCards(query: CardListQuery, now = new Date()): Promise<CardListResponse> {
  const landing = !query.country && !query.category;
  const countries = query.country ? [query.country] : [...LANDING_PAGE.countries];
  const category = query.category ?? "general";
  const prisma = getPrisma();
  const since = newsWindowStart(now);
  const [cards, lastUpdated, others] = await Promise.all([
    liveCardsOfSelection(prisma, { countries, category, since, limit: query.limit }),
    lastSuccessfulFinish(prisma),
    landing ? outsideLanding(since) : null,
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
      lastUpdated: lastUpdated?.toISOString() ?? null,
      ...(others ? { otherSelections: others } : {}),
    },
  };
}
