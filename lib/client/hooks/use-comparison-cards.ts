"use client";

/**
 * The feed's SWR hook: every card of the current selection, keyed by the API paths it calls,
 * with Load More's and Refresh's fetches (docs/decisions/080-feed-refetch-failures-and-totals.md).
 */

import { useCallback, useMemo, useState } from "react";
import useSWR, { preload } from "swr";
import type { CardListResponse, OnDemandResponse } from "@/lib/schemas/cards";
import { authorizedRequest, hasSession, publicRequest } from "../auth";
import {
  countArticles,
  feedCalls,
  loadFirstPage,
  loadMoreCards,
  MESSAGES,
  type FeedDeps,
  type FeedSnapshot,
} from "../feed";
import { mapCard } from "../map-card";
import { startupFailed } from "../startup";
import { defaultSelection } from "../selection";
import type { Selection } from "../types";

/** How often a page showing demo cards asks for live ones. */
const DEMO_REFRESH_MS = 15_000;

const deps: FeedDeps = {
  get: (path) => publicRequest<CardListResponse>(path),
  onDemand: (body) =>
    authorizedRequest<OnDemandResponse>("/comparison-cards/generate/on-demand", { method: "POST", body }),
  isAuthenticated: hasSession,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const demo = () => import("../demo-data").then((m) => m.demoComparisons());

const feedKey = (selection: Selection) => {
  const calls = feedCalls(selection);
  return calls.length ? calls.map((c) => c.path) : null;
};
const loadSnapshot = (selection: Selection) => loadFirstPage(selection, { ...deps, demo, startupFailed });

/** Starts the default selection's request as soon as the page's code runs, before hydration ends. */
export function preloadDefaultFeed(): void {
  const selection = defaultSelection();
  preload(feedKey(selection), () => loadSnapshot(selection));
}

// Any change of selection refetches page 1 (docs/product.md §4), also back to one seen before: SWR shows
// that selection's last list while it refetches (revalidateIfStale), and never skips the call
// as a duplicate of a recent one (dedupingInterval 0).
const OPTIONS = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: true,
  dedupingInterval: 0,
  shouldRetryOnError: false,
  // While the page shows demo cards (the server's snapshot or the built-in example), it asks again
  // every so often, so live cards replace them once the server's first fetch succeeds (decision 123).
  refreshInterval: (data?: FeedSnapshot) => (data?.serverDemo || data?.fallback ? DEMO_REFRESH_MS : 0),
};

/**
 * The feed (docs/product.md §4): every card of the selection, keyed by the API paths it calls. The feed view
 * shows them 12 at a time and keeps the page; Load More fetches the selection again.
 */
export function useComparisonCards(selection: Selection) {
  const key = feedKey(selection);
  const keyText = key?.join("|") ?? "";
  const { data, error, isValidating, mutate } = useSWR<FeedSnapshot>(
    key,
    () => loadSnapshot(selection),
    OPTIONS,
  );
  // Page 1 answers demo data for any backend failure, so it fails only when even the demo data
  // (loaded on demand) cannot be fetched: then 'Error Loading News', and Try Again refetches.
  const failed = data === undefined && error !== undefined;
  const [refreshes, setRefreshes] = useState(0);
  const cards = useMemo(() => data?.cards ?? [], [data]);
  const articleCount = useMemo(() => countArticles(cards), [cards]);

  // Rejects when any of the selection's calls fails; the list stays as it was.
  const loadMore = useCallback(async () => {
    const more = await loadMoreCards(selection, deps);
    await mutate({ ...data!, cards: more.map(mapCard), fetchedAt: Date.now() }, { revalidate: false });
  }, [selection, mutate, data]);

  const refresh = useCallback(async () => {
    setRefreshes((n) => n + 1);
    if (keyText) await mutate();
  }, [keyText, mutate]);

  return {
    /** Every card of the selection (the feed view shows them a page at a time). */
    cards,
    /** Changes with the selection and with every Refresh: the feed view starts again at page 1. */
    listKey: `${keyText}#${refreshes}`,
    /** The distinct articles of all the selection's cards ('Articles: {total}'). */
    articleCount,
    isLoading: key !== null && data === undefined && (!failed || isValidating),
    isRefreshing: isValidating && data !== undefined,
    /** The demo fallback's message (page 1), or docs/product.md §8's outer failure when nothing could be shown. */
    notice: data?.notice ?? (failed ? MESSAGES.outer : null),
    isFallback: data?.fallback ?? false,
    serverDemo: data?.serverDemo ?? false,
    /** The landing view's stories in other selections; null for another selection. */
    otherSelections: data?.otherSelections ?? null,
    updatedAt: data?.fetchedAt ?? null,
    loadMore,
    refresh,
  };
}
