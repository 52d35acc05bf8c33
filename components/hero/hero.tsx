"use client";
import { FilterPanel, type FilterPanelProps } from "./filter-panel";
import { StatsBar, type StatsBarProps } from "./stats-bar";

type Props = FilterPanelProps & StatsBarProps;

/** Title, intro, stats bar and the 'News Sources' filter panel (SPEC §1, §2). */
export function Hero({ articleCount, updatedAt, refreshing, onRefresh, ...filters }: Props) {
  return (
    <section aria-labelledby="page-title" className="pt-6 sm:pt-8">
      <h1 id="page-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Global Multi-Source News Analysis
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Cached content from the last 72 hours with AI-powered perspective comparison. See how outlets across the world
        cover the same story; the analysis is powered by a backend AI model.
      </p>
      <StatsBar articleCount={articleCount} updatedAt={updatedAt} refreshing={refreshing} onRefresh={onRefresh} />
      <FilterPanel {...filters} />
    </section>
  );
}
