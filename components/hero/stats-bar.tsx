"use client";

/** The hero's stats bar: article count, last update, the live badge and Refresh. */

import { useNow } from "@/lib/client/hooks/use-now";
import { formatUpdated } from "@/lib/client/relative-time";
import { DataStatus } from "./data-status";

export interface StatsBarProps {
  articleCount: number;
  updatedAt: number | null;
  refreshing: boolean;
  onRefresh: () => void;
  /** Words beside the badge when the feed shows no live news (lib/client/data-status.ts). */
  dataStatus: string | null;
}

/**
 * 'Articles: {total}', 'Updated: {relative time}', the 'Live Analysis' badge with what the feed
 * shows when it is not live news, and Refresh (docs/product.md §2).
 */
export function StatsBar({ articleCount, updatedAt, refreshing, onRefresh, dataStatus }: StatsBarProps) {
  const now = useNow();
  return (
    // The values get their width reserved and Refresh its own column, so nothing moves or wraps
    // differently when the figures arrive (layout shift).
    <div className="mt-4 flex items-start gap-3 text-sm text-slate-700" data-testid="stats-bar">
      <div className="flex flex-1 flex-wrap items-center gap-x-4 gap-y-2">
        <span className="min-w-[6.5rem] tabular-nums">Articles: {articleCount}</span>
        <span className="min-w-[9.5rem]">
          Updated: {now === null ? "Never" : formatUpdated(updatedAt, Math.max(now, updatedAt ?? 0))}
        </span>
        <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">
          Live Analysis
        </span>
        {dataStatus && <DataStatus words={dataStatus} />}
      </div>
      <button
        type="button"
        onClick={onRefresh}
        disabled={refreshing}
        className="shrink-0 rounded-lg border border-slate-400 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
      >
        {refreshing ? "Refreshing..." : "Refresh"}
      </button>
    </div>
  );
}
