/**
 * Which cards the page shows are stored ones, with an id the server knows: every card of the feed
 * except the built-in demo comparison and a search result (both made in the browser).
 */
import { DEMO_CARD_ID } from "./map-card";
import { SEARCH_CATEGORY } from "./search";
import type { NewsComparison } from "./types";

export function isStoredCard(card: Pick<NewsComparison, "id" | "category">): boolean {
  return card.id !== DEMO_CARD_ID && card.category !== SEARCH_CATEGORY;
}
