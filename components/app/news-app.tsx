"use client";

/**
 * The reader's screen as one client tree (docs/decisions/040-reader-page-architecture.md): it
 * holds the selection, the topic and the open panel, and wires the feed, search, options,
 * provider and session hooks to the header, hero and feed.
 */

import { lazy, Suspense, useCallback, useState } from "react";
import { FeedView, loadCardView } from "@/components/feed/feed-view";
import { StatusLine } from "@/components/feed/status-line";
import { SiteHeader } from "@/components/header/site-header";
import { Hero } from "@/components/hero/hero";
import { loadFilterPanelBody } from "@/components/hero/filter-panel";
import { PanelLoading } from "@/components/app/panel-loading";
import { Toast } from "@/components/app/toast";
import { dataStatus } from "@/lib/client/data-status";
import { countArticles } from "@/lib/client/feed";
import { preloadDefaultFeed, useComparisonCards } from "@/lib/client/hooks/use-comparison-cards";
import { useOptions } from "@/lib/client/hooks/use-options";
import { preloadProvider, useProvider } from "@/lib/client/hooks/use-provider";
import { useNow } from "@/lib/client/hooks/use-now";
import { useSession } from "@/lib/client/hooks/use-session";
import { useTopicSearch } from "@/lib/client/hooks/use-topic-search";
import { defaultSelection, refreshSelection, toggle } from "@/lib/client/selection";
import { startApp } from "@/lib/client/startup";
import type { Selection } from "@/lib/client/types";

type Panel = "cache" | "settings" | null;

// In the browser, start-up (login, options), the first feed request and the analysis provider begin
// as soon as this code runs, in parallel with hydration. The card code follows once the page is idle
// (loading it earlier puts its evaluation in the middle of hydration: measured, it costs blocking time),
// and so does the open filter panel's.
if (typeof window !== "undefined") {
  void startApp();
  preloadDefaultFeed();
  preloadProvider();
  const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1));
  idle(() => void Promise.all([loadCardView(), loadFilterPanelBody()]));
}

// Opened on demand only: kept out of the first-load JavaScript (budget: 150 KB gzipped).
const CacheStatsModal = lazy(() =>
  import("@/components/cache/cache-stats-modal").then((m) => ({ default: m.CacheStatsModal })),
);
const SettingsPanel = lazy(() =>
  import("@/components/header/settings-panel").then((m) => ({ default: m.SettingsPanel })),
);

const PANEL_IDS = { cache: "cache-stats", settings: "settings-panel" } as const;

/** The single screen of docs/product.md §2: header, hero with stats and filters, status line, cards. */
export function NewsApp() {
  const [selection, setSelection] = useState<Selection>(defaultSelection);
  const [topic, setTopic] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [toast, setToast] = useState<string | null>(null);
  const session = useSession();
  const { options, loaded: optionsLoaded } = useOptions();
  const feed = useComparisonCards(selection);
  const provider = useProvider();
  const search = useTopicSearch(topic);
  const now = useNow();
  // Beside the contract's 'Live Analysis' badges: whether what the feed shows is live news.
  const status = dataStatus({ demo: feed.isFallback || feed.serverDemo, cards: feed.cards }, now);

  // Any change to the selection refetches page 1 (the feed is keyed by it) and leaves a search.
  const changeSelection = useCallback((next: Selection) => {
    setTopic(null);
    setSelection(next);
  }, []);
  const refresh = () => {
    const next = refreshSelection(selection);
    if (next) changeSelection(next);
    else void feed.refresh();
  };
  const togglePanel = (p: Exclude<Panel, null>) => setPanel((open) => (open === p ? null : p));
  const closePanel = useCallback(() => setPanel(null), []);

  const searching = topic !== null;
  const view = searching
    ? { cards: search.cards, isLoading: search.isLoading, error: search.failure, retry: search.retry }
    : { cards: feed.cards, isLoading: feed.isLoading, error: feed.notice, retry: refresh };
  const articleCount = searching ? countArticles(view.cards) : feed.articleCount;

  return (
    <>
      <SiteHeader
        onSearch={(q) => setTopic(q)}
        dataStatus={status}
        cacheOpen={panel === "cache"}
        settingsOpen={panel === "settings"}
        onToggleCache={() => togglePanel("cache")}
        onToggleSettings={() => togglePanel("settings")}
      />
      {/* While a panel's code loads, an element with its id stands in, so the header button's
          aria-controls always names an element that exists. */}
      <Suspense fallback={panel && <PanelLoading id={PANEL_IDS[panel]} />}>
        {panel === "cache" && <CacheStatsModal onClose={closePanel} />}
        {panel === "settings" && (
          <SettingsPanel authenticated={session.authenticated} cards={feed.cards} onClose={closePanel} />
        )}
      </Suspense>
      <main id="main" className="mx-auto max-w-7xl px-4 pb-16">
        <Hero
          articleCount={articleCount}
          updatedAt={feed.updatedAt}
          refreshing={feed.isRefreshing}
          onRefresh={refresh}
          dataStatus={status}
          provider={provider}
          options={options}
          selection={selection}
          onToggleCountry={(id) =>
            changeSelection({ ...selection, countries: toggle(selection.countries, id) })
          }
          onToggleCategory={(id) =>
            changeSelection({ ...selection, categories: toggle(selection.categories, id) })
          }
          onClear={() => changeSelection({ countries: [], categories: [] })}
          onDefaults={() => changeSelection(defaultSelection())}
        />
        <StatusLine
          connected={session.ready && session.authenticated && optionsLoaded}
          selection={selection}
        />
        <FeedView
          selection={selection}
          search={searching ? { topic: topic!, empty: search.empty, onClear: () => setTopic(null) } : null}
          cards={view.cards}
          listKey={feed.listKey}
          isLoading={view.isLoading}
          error={view.error}
          isFallback={!searching && feed.isFallback}
          serverDemo={!searching && feed.serverDemo}
          otherSelections={searching ? null : feed.otherSelections}
          onSelectPair={(country, category) =>
            changeSelection({ countries: [country], categories: [category] })
          }
          onRetry={view.retry}
          onRefresh={refresh}
          onLoadMore={feed.loadMore}
          onDefaults={() => changeSelection(defaultSelection())}
          onToast={setToast}
        />
      </main>
      <Toast message={toast} onDone={() => setToast(null)} />
    </>
  );
}
