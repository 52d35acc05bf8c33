"use client";
import { useCallback, useMemo, useState } from "react";
import useSWR, { preload } from "swr";
import type { CardListResponse, OnDemandResponse } from "@/lib/schemas/cards";
import { authorizedRequest, hasSession, publicRequest } from "../auth";
import { countArticles, feedCalls, loadFirstPage, loadMoreCards, MESSAGES, PAGE_SIZE, type FeedDeps, type FeedSnapshot } from "../feed";
import { mapCard } from "../map-card";
import { startupFailed } from "../startup";
import { defaultSelection } from "../selection";
import type { Selection } from "../types";

const deps: FeedDeps = {
  get: (path) => publicRequest<CardListResponse>(path),
  onDemand: (body) => authorizedRequest<OnDemandResponse>("/comparison-cards/generate/on-demand", { method: "POST", body }),
  isAuthenticated: hasSession,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

interface Paging {
  key: string;
  page: number;
  loadingMore: boolean;
  error: string | null;
}
const firstPage = (key: string): Paging => ({ key, page: 1, loadingMore: false, error: null });

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

/**
 * The feed (SPEC §4): the selection's cards keyed by the API paths it calls, shown 12 at a
 * time. Load More fetches again and shows one more page; Refresh goes back to page 1.
 */
export function useComparisonCards(selection: Selection) {
  const key = feedKey(selection);
  const keyText = key?.join("|") ?? "";
  // Any change of selection refetches page 1 (SPEC §4), also back to one seen before: SWR shows
  // that selection's last list while it refetches (revalidateIfStale), and never skips the call
  // as a duplicate of a recent one (dedupingInterval 0).
  const { data, error, isValidating, mutate } = useSWR<FeedSnapshot>(
    key,
    () => loadSnapshot(selection),
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: true, dedupingInterval: 0, shouldRetryOnError: false },
  );
  // Page 1 answers demo data for any backend failure, so it fails only when even the demo data
  // (loaded on demand) cannot be fetched: then 'Error Loading News', and Try Again refetches.
  const failed = data === undefined && error !== undefined;
  const [paging, setPaging] = useState<Paging>(() => firstPage(keyText));
  // A new selection starts again at page 1.
  const current = useMemo(() => (paging.key === keyText ? paging : firstPage(keyText)), [paging, keyText]);
  const update = useCallback(
    (change: Partial<Paging> | ((p: Paging) => Partial<Paging>)) =>
      setPaging((p) => {
        const base = p.key === keyText ? p : firstPage(keyText);
        return { ...base, ...(typeof change === "function" ? change(base) : change) };
      }),
    [keyText],
  );

  const all = useMemo(() => data?.cards ?? [], [data]);
  const articleCount = useMemo(() => countArticles(all), [all]);
  const hasMore = !data?.fallback && all.length > current.page * PAGE_SIZE;
  const cards = useMemo(() => all.slice(0, current.page * PAGE_SIZE), [all, current.page]);

  const loadMore = useCallback(async () => {
    if (current.loadingMore || !hasMore) return;
    update({ loadingMore: true, error: null });
    try {
      const cards = await loadMoreCards(selection, deps);
      await mutate({ ...data!, cards: cards.map(mapCard), fetchedAt: Date.now() }, { revalidate: false });
      update((p) => ({ page: p.page + 1, loadingMore: false }));
    } catch {
      update({ loadingMore: false, error: MESSAGES.loadMore });
    }
  }, [current.loadingMore, hasMore, update, selection, mutate, data]);

  const refresh = useCallback(async () => {
    update(firstPage(keyText));
    if (keyText) await mutate();
  }, [keyText, update, mutate]);

  return {
    cards,
    /** The distinct articles of all the selection's cards ('Articles: {total}'). */
    articleCount,
    hasMore,
    isLoading: key !== null && data === undefined && (!failed || isValidating),
    isRefreshing: isValidating && data !== undefined && !current.loadingMore,
    isLoadingMore: current.loadingMore,
    /** The demo fallback's message (page 1), or SPEC §8's outer failure when nothing could be shown. */
    notice: data?.notice ?? (failed ? MESSAGES.outer : null),
    /** 'Failed to load more news. Please try again.' after a failed Load More. */
    loadMoreError: current.error,
    isFallback: data?.fallback ?? false,
    serverDemo: data?.serverDemo ?? false,
    updatedAt: data?.fetchedAt ?? null,
    loadMore,
    refresh,
  };
}
