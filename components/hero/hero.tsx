"use client";

/** The hero: the product's title and intro, the stats bar and the filter panel. */

import { heroAnalyzerSentence, heroIntro } from "@/lib/client/provider-words";
import type { ProviderInfo } from "@/lib/schemas/analysis";
import { FilterPanel, type FilterPanelProps } from "./filter-panel";
import { StatsBar, type StatsBarProps } from "./stats-bar";

type Props = FilterPanelProps & StatsBarProps & { provider: ProviderInfo | null };

/** Title, intro, stats bar and the 'News Sources' filter panel (docs/product.md §1, §2). */
export function Hero({
  articleCount,
  updatedAt,
  refreshing,
  onRefresh,
  dataStatus,
  provider,
  ...filters
}: Props) {
  return (
    <section aria-labelledby="page-title" className="pt-6 sm:pt-8">
      <h1 id="page-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Global Multi-Source News Analysis
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700" data-testid="hero-intro">
        {heroIntro(provider)}
      </p>
      {/* Who analyses is known once the server says; its lines are reserved so nothing below moves. */}
      <p className="mt-1 min-h-10 max-w-3xl text-sm text-slate-700 sm:min-h-5" data-testid="hero-analyzer">
        {heroAnalyzerSentence(provider)}
      </p>
      <StatsBar
        articleCount={articleCount}
        updatedAt={updatedAt}
        refreshing={refreshing}
        onRefresh={onRefresh}
        dataStatus={dataStatus}
      />
      <FilterPanel {...filters} />
    </section>
  );
}
