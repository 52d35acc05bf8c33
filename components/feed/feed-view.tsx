"use client";
import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useState } from "react";
import type { NewsComparison, Selection } from "@/lib/client/types";
import { DemoNotice, EmptyState, ErrorState, LoadingState, NoCountryState, WarningBanner } from "./feed-states";
import { LoadMore } from "./load-more";

/** Cards arrive after the feed loads, so their code loads then too (it is prefetched at start). */
export const loadCardView = () => import("@/components/card/comparison-card");
const ComparisonCardView = lazy(() => loadCardView().then((m) => ({ default: m.ComparisonCardView })));

const NO_CATEGORY_HINT = "No category is selected: Refresh News shows General News for the selected countries.";

/** Cards mount two at a time, so no single commit blocks the main thread for long. */
const BATCH = 2;

// A stable initial value: a fresh [] on every render would make React re-defer forever.
const NO_CARDS: NewsComparison[] = [];

interface Props {
  selection: Selection;
  search: { topic: string; onClear: () => void } | null;
  cards: NewsComparison[];
  isLoading: boolean;
  error: string | null;
  /** Shown next to the Load More button, where the reader is looking. */
  loadMoreError: string | null;
  hasMore: boolean;
  isLoadingMore: boolean;
  isFallback: boolean;
  serverDemo: boolean;
  onRetry: () => void;
  onRefresh: () => void;
  onLoadMore: () => void;
  onDefaults: () => void;
  onToast: (message: string) => void;
}

/** The list of comparison cards and the page states around it (SPEC §2, §4, §8). */
export function FeedView(props: Props) {
  // SWR delivers data through a synchronous store update; deferring the list lets React render
  // the cards in an interruptible pass instead of one long task (Total Blocking Time).
  const deferred = useDeferredValue(props.cards, NO_CARDS);
  const [mounted, setMounted] = useState(BATCH);
  useEffect(() => {
    if (mounted >= deferred.length) return;
    const timer = setTimeout(() => startTransition(() => setMounted((n) => n + BATCH)), 0);
    return () => clearTimeout(timer);
  }, [mounted, deferred.length]);
  const cards = deferred.length > mounted ? deferred.slice(0, mounted) : deferred;
  const p = { ...props, cards, isLoading: props.isLoading || (props.cards.length > 0 && cards.length === 0) };
  const more = p.hasMore && cards.length === deferred.length;
  let body: React.ReactNode;
  if (!p.search && p.selection.countries.length === 0) body = <NoCountryState onDefaults={p.onDefaults} />;
  else if (p.cards.length === 0 && p.isLoading) body = <LoadingState />;
  else if (p.cards.length === 0 && p.error) body = <ErrorState message={p.error} onRetry={p.onRetry} />;
  else if (p.cards.length === 0)
    body = <EmptyState onRefresh={p.onRefresh} hint={p.selection.categories.length === 0 ? NO_CATEGORY_HINT : undefined} />;
  else
    // One boundary around the whole list: nothing below the cards shows before them (no layout shift).
    body = (
      <Suspense fallback={<LoadingState />}>
        {p.error && <WarningBanner message={p.error} />}
        {(p.isFallback || p.serverDemo) && <DemoNotice fallback={p.isFallback} />}
        <ul className="space-y-6" aria-label="News comparisons">
          {p.cards.map((card) => (
            <li key={card.id}>
              <ComparisonCardView card={card} onToast={p.onToast} />
            </li>
          ))}
        </ul>
        {p.loadMoreError && (
          <div className="mt-6">
            <WarningBanner message={p.loadMoreError} />
          </div>
        )}
        {more && <LoadMore loading={p.isLoadingMore} onLoadMore={p.onLoadMore} />}
      </Suspense>
    );
  return (
    <section aria-label="News comparisons feed" className="mt-4">
      {p.search && (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="search-status">
          Search results for <strong>&ldquo;{p.search.topic}&rdquo;</strong>
          <button type="button" onClick={p.search.onClear} className="rounded-lg border border-slate-400 px-2 py-0.5 text-slate-800 hover:bg-slate-100">
            Back to the feed
          </button>
        </p>
      )}
      {body}
    </section>
  );
}
