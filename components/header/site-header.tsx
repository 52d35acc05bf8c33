"use client";

/**
 * The page's sticky header: title, topic search, the live badge and the cache and settings
 * buttons.
 */

import { ChartIcon, GearIcon } from "@/components/app/icons";
import { DataStatus } from "@/components/hero/data-status";
import { SearchBox } from "./search-box";

interface Props {
  onSearch: (topic: string | null) => void;
  /** Words beside the badge when the feed shows no live news. */
  dataStatus: string | null;
  cacheOpen: boolean;
  settingsOpen: boolean;
  onToggleCache: () => void;
  onToggleSettings: () => void;
}

/**
 * The sticky header of docs/product.md §2: title, tagline, topic search, 'Live Analysis' badge (with
 * what the feed shows when it is not live news) and two buttons.
 */
export function SiteHeader({
  onSearch,
  dataStatus,
  cacheOpen,
  settingsOpen,
  onToggleCache,
  onToggleSettings,
}: Props) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 sm:gap-x-3 sm:flex-nowrap sm:py-3">
        <div className="min-w-0 flex-1 sm:flex-none">
          {/* On phones the title wraps rather than be cut, leaving room for the badge beside it. */}
          <p className="text-base font-bold leading-tight text-slate-900 sm:truncate sm:text-lg">
            Global Multi-Source News Analysis
          </p>
          <p className="text-xs text-slate-600">Cross-Source News Analysis</p>
        </div>
        <div className="order-last w-full sm:order-none sm:ml-auto sm:w-auto sm:max-w-sm sm:flex-1">
          <SearchBox onSearch={onSearch} />
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center">
          <span className="whitespace-nowrap rounded-full bg-green-100 px-2 py-1 text-xs font-medium text-green-800 sm:px-2.5">
            Live Analysis
          </span>
          {dataStatus && <DataStatus words={dataStatus} className="max-w-[9rem] text-right sm:max-w-none" />}
        </div>
        <HeaderButton
          label="AI analysis cache statistics"
          controls="cache-stats"
          open={cacheOpen}
          onClick={onToggleCache}
        >
          <ChartIcon />
        </HeaderButton>
        <HeaderButton
          label="Settings"
          controls="settings-panel"
          open={settingsOpen}
          onClick={onToggleSettings}
        >
          <GearIcon />
        </HeaderButton>
      </div>
    </header>
  );
}

function HeaderButton(p: {
  label: string;
  controls: string;
  open: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={p.label}
      aria-expanded={p.open}
      aria-controls={p.open ? p.controls : undefined}
      onClick={p.onClick}
      className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      {p.children}
    </button>
  );
}
