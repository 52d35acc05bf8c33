"use client";

/**
 * The statistics of the browser's own analysis cache, in the panel the header's cache button
 * opens (docs/decisions/044-local-analysis-cache.md).
 */

import { useState } from "react";
import { PopoverDialog } from "@/components/app/popover-dialog";
import { getAnalysisCache, type CacheStats } from "@/lib/client/analysis-cache";

/** 'AI Analysis Cache Statistics' (docs/product.md §2): refreshed when it opens; the header button or × closes it. */
export function CacheStatsModal({ onClose }: { onClose: () => void }) {
  // Rendered only after the button is pressed, so the statistics are read fresh on each open.
  const [stats] = useState<CacheStats>(() => getAnalysisCache().getStats());
  const rows: [string, string][] = [
    ["Cache size", `${stats.size} ${stats.size === 1 ? "entry" : "entries"}`],
    ["Hit rate", `${stats.hitRate.toFixed(1)}%`],
    ["Cache hits", String(stats.hits)],
    ["Cache misses", String(stats.misses)],
    ["Errors", String(stats.errors)],
    ["Last access", stats.lastAccess ? new Date(stats.lastAccess).toLocaleString() : "Never"],
  ];
  return (
    <PopoverDialog
      id="cache-stats"
      title="AI Analysis Cache Statistics"
      closeLabel="Close cache statistics"
      onClose={onClose}
    >
      <dl className="mt-3 grid grid-cols-2 gap-y-1.5 text-sm" data-testid="cache-stats">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd
              className="text-right font-semibold text-slate-900"
              data-testid={`cache-${label.toLowerCase().replace(/ /g, "-")}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-700">
        The cache stores AI analysis results locally in this browser for 24 hours. The hit rate shows how
        often cached results replace new API calls.
      </p>
    </PopoverDialog>
  );
}
