/** The feed's fetching rules (docs/product.md §4, §7, §8, §9), free of React so they can be unit-tested. */

import type { OtherSelections } from "@/lib/other-selections";
import type { CardListResponse, ComparisonCard, OnDemandResponse } from "@/lib/schemas/cards";
import { mapCard } from "./map-card";
import { isLandingSelection, MAX_FETCH_CATEGORIES, MAX_FETCH_COUNTRIES } from "./selection";
import type { NewsComparison, Selection } from "./types";

export const PAGE_SIZE = 12;
export const LANDING_LIMIT = 100;
export const PAIR_LIMIT = 50;
export const ON_DEMAND_WAIT_MS = 2000;

export const MESSAGES = {
  startup: "Failed to connect to backend. Using demo data.",
  backendError: (message: string | undefined) =>
    `Backend error: ${message || "Unknown error"} - using demo data`,
  empty: "No content available for selected filters - using demo data",
  outer: "Failed to load news. Please try again later.",
  loadMore: "Failed to load more news. Please try again.",
} as const;

export interface FeedCall {
  path: string;
  /** Present for a country/category pair (on-demand generation may follow an empty answer). */
  pair?: { country: string; category: string };
}

function cardsPath(params: Record<string, string>): string {
  return `/comparison-cards?${new URLSearchParams(params).toString()}`;
}

/** The calls a selection makes: none without a country or a category; one for the landing view; else one per pair. */
export function feedCalls(selection: Selection): FeedCall[] {
  if (selection.countries.length === 0 || selection.categories.length === 0) return [];
  if (isLandingSelection(selection)) return [{ path: cardsPath({ limit: String(LANDING_LIMIT) }) }];
  const calls: FeedCall[] = [];
  for (const country of selection.countries.slice(0, MAX_FETCH_COUNTRIES)) {
    for (const category of selection.categories.slice(0, MAX_FETCH_CATEGORIES)) {
      const params: Record<string, string> = { country };
      if (category !== "general") params.category = category; // 'general' is sent as no category
      params.limit = String(PAIR_LIMIT);
      calls.push({ path: cardsPath(params), pair: { country, category } });
    }
  }
  return calls;
}

export interface FeedDeps {
  get: (path: string) => Promise<CardListResponse>;
  onDemand: (body: { country: string; category: string }) => Promise<OnDemandResponse>;
  isAuthenticated: () => Promise<boolean>;
  sleep: (ms: number) => Promise<void>;
}

interface PairResult {
  cards: ComparisonCard[];
  /** The pair's own call failed (its on-demand follow-up failing only means "no cards"). */
  failed: boolean;
}

async function loadPair(
  call: FeedCall & { pair: NonNullable<FeedCall["pair"]> },
  deps: FeedDeps,
): Promise<PairResult> {
  let first: CardListResponse;
  try {
    first = await deps.get(call.path);
  } catch (error) {
    console.warn(`Fetching ${call.path} failed; treated as empty.`, error);
    return { cards: [], failed: true };
  }
  if (first.comparisonCards.length > 0 || first.metadata.suggestion !== "on_demand_generation")
    return { cards: first.comparisonCards, failed: false };
  if (!(await deps.isAuthenticated())) return { cards: [], failed: false };
  try {
    const generated = await deps.onDemand(call.pair);
    if (generated.action !== "generated") return { cards: [], failed: false };
    await deps.sleep(ON_DEMAND_WAIT_MS);
    return { cards: (await deps.get(call.path)).comparisonCards, failed: false };
  } catch (error) {
    console.warn(`On-demand generation failed for ${call.pair.country}/${call.pair.category}`, error);
    return { cards: [], failed: false };
  }
}

export interface CardSet {
  cards: ComparisonCard[];
  /** True when the server answered from its bundled demo snapshot. */
  serverDemo: boolean;
  /** How many country/category calls failed (each counted as empty in `cards`). */
  failedPairs: number;
  /** The landing view's stories in other selections, as the server counted them; null otherwise. */
  otherSelections: OtherSelections | null;
}

/**
 * Fetches a selection's cards. The landing call's failure is thrown; pairs are fetched
 * independently and a failing pair counts as empty. Cards in several pairs appear once.
 */
export async function loadCardSet(selection: Selection, deps: FeedDeps): Promise<CardSet> {
  const calls = feedCalls(selection);
  if (calls.length === 0) return { cards: [], serverDemo: false, failedPairs: 0, otherSelections: null };
  if (!calls[0].pair) {
    const res = await deps.get(calls[0].path);
    return {
      cards: res.comparisonCards,
      serverDemo: res.metadata.isDemo === true,
      failedPairs: 0,
      otherSelections: res.metadata.otherSelections ?? null,
    };
  }
  const results = await Promise.all(calls.map((c) => loadPair(c as Parameters<typeof loadPair>[0], deps)));
  const seen = new Set<string>();
  const cards = results.flatMap((r) => r.cards).filter((c) => !seen.has(c.cardId) && seen.add(c.cardId));
  cards.sort((a, b) => Date.parse(b.mainHeadline.publishedAt) - Date.parse(a.mainHeadline.publishedAt));
  return {
    cards,
    serverDemo: cards.length > 0 && cards.every((c) => c.isDemo),
    failedPairs: results.filter((r) => r.failed).length,
    otherSelections: null,
  };
}

/**
 * Load More's fetch of the selection. Any failed call fails it: docs/product.md §4 keeps the list already
 * shown and sets 'Failed to load more news. Please try again.', whereas the pairs that did
 * answer would replace that list with a shorter one (or, when all failed, with nothing).
 */
export async function loadMoreCards(selection: Selection, deps: FeedDeps): Promise<ComparisonCard[]> {
  const set = await loadCardSet(selection, deps);
  if (set.failedPairs > 0) throw new Error(`${set.failedPairs} of the selection's card calls failed`);
  return set.cards;
}

export interface FeedSnapshot {
  /** Every card of the selection; the page shows them PAGE_SIZE at a time. */
  cards: NewsComparison[];
  /** The message shown over the cards (the demo fallback's reason), or null. */
  notice: string | null;
  /** True when `cards` is the built-in demo comparison. */
  fallback: boolean;
  serverDemo: boolean;
  /** The landing view's stories in other selections (shown over the demo fallback too); null otherwise. */
  otherSelections: OtherSelections | null;
  fetchedAt: number;
}

/**
 * Page 1: the selection's cards, or the built-in demo data with docs/product.md §8's message. Rejects
 * only when the demo data itself cannot be loaded.
 */
export async function loadFirstPage(
  selection: Selection,
  deps: FeedDeps & {
    demo: () => Promise<NewsComparison[]>;
    startupFailed: () => Promise<boolean>;
    now?: () => number;
  },
): Promise<FeedSnapshot> {
  const now = deps.now ?? Date.now;
  const fallback = async (notice: string, others: OtherSelections | null = null): Promise<FeedSnapshot> => ({
    cards: await deps.demo(),
    notice,
    fallback: true,
    serverDemo: false,
    otherSelections: others,
    fetchedAt: now(),
  });
  // Every fallback is awaited inside the try: demo data that cannot be loaded is an outer failure too.
  try {
    let set: CardSet;
    try {
      set = await loadCardSet(selection, deps);
    } catch (error) {
      if (await deps.startupFailed()) return await fallback(MESSAGES.startup);
      return await fallback(MESSAGES.backendError(error instanceof Error ? error.message : undefined));
    }
    if (set.cards.length === 0) return await fallback(MESSAGES.empty, set.otherSelections);
    return {
      cards: set.cards.map(mapCard),
      notice: null,
      fallback: false,
      serverDemo: set.serverDemo,
      otherSelections: set.otherSelections,
      fetchedAt: now(),
    };
  } catch (error) {
    console.warn("Loading the feed failed", error);
    // Rejects when the demo data cannot be loaded either; the page then shows MESSAGES.outer.
    return fallback(MESSAGES.outer);
  }
}

/**
 * docs/product.md §4's region filter (not exposed in the interface): keeps the cards with at least one
 * article from an outlet of the given regions; no region given keeps every card.
 */
export function filterByRegions(cards: NewsComparison[], regions: string[]): NewsComparison[] {
  if (regions.length === 0) return cards;
  return cards.filter((c) => c.articles.some((a) => a.sourceInfo && regions.includes(a.sourceInfo.region)));
}

/**
 * 'Articles: {total}' of the stats bar: the distinct articles of every card the selection loaded,
 * not only of the page shown, so Load More does not change it (docs/decisions/080-feed-refetch-failures-and-totals.md).
 */
export function countArticles(cards: NewsComparison[]): number {
  return new Set(cards.flatMap((c) => c.articles.map((a) => a.sourceUrl))).size;
}

/** Whether more cards remain beyond `page` pages. */
export function hasMorePages(total: number, page: number): boolean {
  return total > page * PAGE_SIZE;
}
