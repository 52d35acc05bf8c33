"use client";

/** The hero's 'News Sources' filter panel, a drawer on phones. */

import { useCallback, useEffect, useRef, useState } from "react";
import { useEscape } from "@/lib/client/hooks/use-escape";
import type { ComparisonOptions } from "@/lib/catalog";
import { isLandingSelection } from "@/lib/client/selection";
import type { Selection } from "@/lib/client/types";
import { CategoryGrid } from "./category-grid";
import { CountryGroups } from "./country-groups";
import { SelectedChips } from "./selected-chips";

export interface FilterPanelProps {
  options: ComparisonOptions;
  selection: Selection;
  onToggleCountry: (id: string) => void;
  onToggleCategory: (id: string) => void;
  onClear: () => void;
  onDefaults: () => void;
}

type Tab = "countries" | "categories";

/**
 * The collapsible 'News Sources' panel (docs/product.md §2): collapsed, a button 'N countries • M categories';
 * open, tabs for countries (by region) and categories. Below the sm breakpoint it is a
 * full-screen drawer over a backdrop.
 */
export function FilterPanel({
  options,
  selection,
  onToggleCountry,
  onToggleCategory,
  onClear,
  onDefaults,
}: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>("countries");
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const n = selection.countries.length;
  const m = selection.categories.length;

  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);
  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);
  useEscape(close, open);

  return (
    <div className="mt-5 rounded-xl border border-slate-200 bg-white shadow-sm">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls="filter-panel"
        onClick={() => (open ? close() : setOpen(true))}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left hover:bg-slate-50"
      >
        <span className="font-semibold text-slate-900">News Sources</span>
        <span className="text-sm text-slate-700">
          {n} countries • {m} categories <span aria-hidden="true">{open ? "▴" : "▾"}</span>
        </span>
      </button>
      {open && (
        <>
          <div
            className="fixed inset-0 z-40 bg-slate-900/50 sm:hidden"
            onClick={close}
            data-testid="filter-backdrop"
            aria-hidden="true"
          />
          <div
            id="filter-panel"
            ref={panelRef}
            tabIndex={-1}
            role="region"
            aria-label="News source filters"
            className="fixed inset-0 z-50 flex w-full flex-col overflow-y-auto bg-white p-4 shadow-xl outline-none sm:static sm:z-auto sm:w-auto sm:overflow-visible sm:border-t sm:border-slate-200 sm:shadow-none"
          >
            <div className="mb-3 flex items-center justify-between sm:hidden">
              <h2 className="text-lg font-semibold">News Sources</h2>
              <button
                type="button"
                onClick={close}
                aria-label="Close filters"
                className="rounded-lg p-2 text-xl leading-none hover:bg-slate-100"
              >
                ×
              </button>
            </div>
            <div role="tablist" aria-label="Filter by" className="flex gap-2 border-b border-slate-200">
              {(["countries", "categories"] as const).map((t) => (
                <button
                  key={t}
                  id={`filter-tab-${t}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === t}
                  aria-controls={`filter-tabpanel-${t}`}
                  onClick={() => setTab(t)}
                  className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === t ? "border-blue-700 text-blue-800" : "border-transparent text-slate-700 hover:text-slate-900"}`}
                >
                  {t === "countries" ? `Countries (${n})` : `Categories (${m})`}
                </button>
              ))}
            </div>
            <div
              id={`filter-tabpanel-${tab}`}
              role="tabpanel"
              aria-labelledby={`filter-tab-${tab}`}
              className="flex-1 py-3"
            >
              {tab === "countries" ? (
                <>
                  <SelectedChips
                    selected={selection.countries}
                    landing={isLandingSelection(selection)}
                    onRemove={onToggleCountry}
                  />
                  <p className="mb-3 text-xs text-slate-700" data-testid="country-meaning">
                    A country shows the stories that an outlet based there reported, or whose reports name the
                    country. United States with General News alone is the landing view: General News from the
                    United States, the United Kingdom, Canada, Australia, Germany and France. Any other
                    selection fetches its first three countries and first two categories.
                  </p>
                  <CountryGroups
                    available={options.available.countries}
                    selected={selection.countries}
                    onToggle={onToggleCountry}
                  />
                </>
              ) : (
                <CategoryGrid
                  available={options.available.categories}
                  selected={selection.categories}
                  onToggle={onToggleCategory}
                />
              )}
            </div>
            <div className="flex gap-2 border-t border-slate-200 pt-3">
              <button
                type="button"
                onClick={onClear}
                className="flex-1 rounded-lg border border-slate-400 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 sm:flex-none"
              >
                <span className="sm:hidden">Clear All</span>
                <span className="hidden sm:inline">Clear</span>
              </button>
              <button
                type="button"
                onClick={onDefaults}
                className="flex-1 rounded-lg bg-blue-800 px-3 py-2 text-sm font-medium text-white hover:bg-blue-900 sm:flex-none"
              >
                <span className="sm:hidden">US + General</span>
                <span className="hidden sm:inline">Defaults</span>
              </button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
