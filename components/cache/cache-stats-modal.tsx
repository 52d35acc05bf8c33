"use client";
import { useEffect, useRef, useState } from "react";
import { getAnalysisCache, type CacheStats } from "@/lib/client/analysis-cache";

/** 'AI Analysis Cache Statistics' (SPEC §2): refreshed when it opens; the header button or × closes it. */
export function CacheStatsModal({ onClose }: { onClose: () => void }) {
  // Rendered only after the button is pressed, so the statistics are read fresh on each open.
  const [stats] = useState<CacheStats>(() => getAnalysisCache().getStats());
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  const rows: [string, string][] = [
        ["Cache size", `${stats.size} entries`],
        ["Hit rate", `${stats.hitRate.toFixed(1)}%`],
        ["Cache hits", String(stats.hits)],
        ["Cache misses", String(stats.misses)],
        ["Errors", String(stats.errors)],
    ["Last access", stats.lastAccess ? new Date(stats.lastAccess).toLocaleString() : "Never"],
  ];
  return (
    <div
      id="cache-stats"
      role="dialog"
      aria-labelledby="cache-stats-title"
      className="fixed inset-x-4 top-28 z-40 mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-5 shadow-2xl sm:top-20 sm:right-4 sm:left-auto sm:mx-0 sm:w-96"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="cache-stats-title" className="text-lg font-semibold text-slate-900">
          AI Analysis Cache Statistics
        </h2>
        <button ref={closeRef} type="button" onClick={onClose} aria-label="Close cache statistics" className="rounded-lg p-1 text-xl leading-none text-slate-700 hover:bg-slate-100">
          ×
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-y-1.5 text-sm" data-testid="cache-stats">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="text-right font-semibold text-slate-900" data-testid={`cache-${label.toLowerCase().replace(/ /g, "-")}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-700">
        The cache stores AI analysis results locally in this browser for 24 hours. The hit rate shows how often cached
        results replace new API calls.
      </p>
    </div>
  );
}
