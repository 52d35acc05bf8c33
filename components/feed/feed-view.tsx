"use client";

/**
 * The feed: the list of comparison cards, its pages and Load More, and the loading, empty, error
 * and demo states around it (docs/decisions/041-feed-states-and-messages.md, 080).
 */

import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useMemo, useState } from "react";
import { hasMorePages, MESSAGES, PAGE_SIZE } from "@/lib/client/feed";
import type { NewsComparison, Selection } from "@/lib/client/types";
import type { OtherSelections } from "@/lib/other-selections";
import {
  DemoNotice,
  EmptyState,
  ErrorState,
  LoadingState,
  NoCountryState,
  SearchEmptyState,
  WarningBanner,
} from "./feed-states";
import { LoadMore } from "./load-more";
import { OtherSelectionsNav } from "./other-selections";

/** Cards arrive after the feed loads, so their code loads then too (it is prefetched at start). */
export const loadCardView = () => import("@/components/card/comparison-card");
const ComparisonCardView = lazy(() => loadCardView().then((m) => ({ default: m.ComparisonCardView })));

const NO_CATEGORY_HINT =
  "No category is selected: Refresh News shows General News for the selected countries.";

/** Cards mount one at a time, so no single commit blocks the main thread for long (decision 178). */
const BATCH = 1;

// A stable initial value: a fresh [] on every render would make React re-defer forever.
const NO_CARDS: NewsComparison[] = [];

interface Paging {
  /** The list the page belongs to (FeedView's listKey). */
  key: string;
  page: number;
  loadingMore: boolean;
  /** Shown next to the Load More button, where the reader is looking. */
  error: string | null;
}
const firstPage = (key: string): Paging => ({ key, page: 1, loadingMore: false, error: null });

/**
 * The feed's pages: the first 12 cards, 12 more for each Load More, which fetches the selection
 * again (on failure the list stays and says so). A new list key starts again at page 1.
 */
function usePages(
  cards: NewsComparison[],
  listKey: string,
  onePage: boolean,
  fetchMore: () => Promise<void>,
) {
  const [paging, setPaging] = useState<Paging>(() => firstPage(listKey));
  const current = paging.key === listKey ? paging : firstPage(listKey);
  const update = (change: Partial<Paging> | ((p: Paging) => Partial<Paging>)) =>
    setPaging((p) => {
      const base = p.key === listKey ? p : firstPage(listKey);
      return { ...base, ...(typeof change === "function" ? change(base) : change) };
    });
  const shown = useMemo(() => cards.slice(0, current.page * PAGE_SIZE), [cards, current.page]);
  const hasMore = !onePage && hasMorePages(cards.length, current.page);
  const loadMore = async () => {
    if (current.loadingMore || !hasMore) return;
    update({ loadingMore: true, error: null });
    try {
      await fetchMore();
      update((p) => ({ page: p.page + 1, loadingMore: false }));
    } catch {
      update({ loadingMore: false, error: MESSAGES.loadMore });
    }
  };
  return { shown, hasMore, loadingMore: current.loadingMore, error: current.error, loadMore };
}

interface Props {
  selection: Selection;
  /** A search's topic, its empty result's message (if it found nothing), and the way back. */
  search: { topic: string; empty: string | null; onClear: () => void } | null;
  /** Every card of the selection (shown 12 at a time), or the search's card. */
  cards: NewsComparison[];
  /** Changes with the selection and with every Refresh, which start again at page 1. */
  listKey: string;
  isLoading: boolean;
  error: string | null;
  isFallback: boolean;
  serverDemo: boolean;
  /** The landing view's stories in other selections (none while searching). */
  otherSelections: OtherSelections | null;
  onSelectPair: (country: string, category: string) => void;
  onRetry: () => void;
  onRefresh: () => void;
  /** Fetches the selection again for one more page; rejects when that fails (the list stays). */
  onLoadMore: () => Promise<void>;
  onDefaults: () => void;
  onToast: (message: string) => void;
}

/** The list of comparison cards, its pages, and the page states around it (docs/product.md §2, §4, §8). */
export function FeedView(props: Props) {
  // The demo fallback is one page; a search shows one card.
  const pages = usePages(props.cards, props.listKey, props.isFallback, props.onLoadMore);
  // SWR delivers data through a synchronous store update; deferring the list lets React render
  // the cards in an interruptible pass instead of one long task (Total Blocking Time).
  const deferred = useDeferredValue(pages.shown, NO_CARDS);
  const [mounted, setMounted] = useState(BATCH);
  useEffect(() => {
    if (mounted >= deferred.length) return;
    const timer = setTimeout(() => startTransition(() => setMounted((n) => n + BATCH)), 0);
    return () => clearTimeout(timer);
  }, [mounted, deferred.length]);
  const cards = deferred.length > mounted ? deferred.slice(0, mounted) : deferred;
  const p = { ...props, cards, isLoading: props.isLoading || (pages.shown.length > 0 && cards.length === 0) };
  // A search leaves the feed's page and its Load More failure as they were, for its return.
  const loadMoreError = p.search ? null : pages.error;
  const more = pages.hasMore && cards.length === deferred.length;
  let body: React.ReactNode;
  if (!p.search && p.selection.countries.length === 0) body = <NoCountryState onDefaults={p.onDefaults} />;
  else if (p.cards.length === 0 && p.isLoading) body = <LoadingState />;
  else if (p.cards.length === 0 && p.error) body = <ErrorState message={p.error} onRetry={p.onRetry} />;
  else if (p.cards.length === 0 && p.search?.empty)
    body = <SearchEmptyState message={p.search.empty} onBack={p.search.onClear} />;
  else if (p.cards.length === 0)
    body = (
      <EmptyState
        onRefresh={p.onRefresh}
        hint={p.selection.categories.length === 0 ? NO_CATEGORY_HINT : undefined}
      />
    );
  else
    // One boundary around the whole list: nothing below the cards shows before them (no layout shift).
    body = (
      <Suspense fallback={<LoadingState />}>
        {p.error && <WarningBanner message={p.error} />}
        {(p.isFallback || p.serverDemo) && <DemoNotice fallback={p.isFallback} />}
        {!p.search && p.otherSelections && (
          <OtherSelectionsNav others={p.otherSelections} onSelect={p.onSelectPair} />
        )}
        <ul className="space-y-6" aria-label="News comparisons">
          {p.cards.map((card) => (
            <li key={card.id}>
              <ComparisonCardView card={card} onToast={p.onToast} />
            </li>
          ))}
        </ul>
        {loadMoreError && (
          <div className="mt-6">
            <WarningBanner message={loadMoreError} />
          </div>
        )}
        {more && <LoadMore loading={pages.loadingMore} onLoadMore={() => void pages.loadMore()} />}
      </Suspense>
    );
  return (
    <section aria-label="News comparisons feed" className="mt-4">
      {p.search && (
        <p
          className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700"
          data-testid="search-status"
        >
          Search results for <strong className="min-w-0 wrap-anywhere">&ldquo;{p.search.topic}&rdquo;</strong>
          <button
            type="button"
            onClick={p.search.onClear}
            className="rounded-lg border border-slate-400 px-2 py-0.5 text-slate-800 hover:bg-slate-100"
          >
            Back to the feed
          </button>
        </p>
      )}
      {body}
    </section>
  );
}
