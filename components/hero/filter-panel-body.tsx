"use client";

/**
 * The open 'News Sources' panel: its tabs, the selected countries' chips with what a country
 * means, the countries by region, the categories, Clear and Defaults. Loaded when the page is idle
 * (it is shut at first), so its code is not part of the first load.
 */

import { useEffect, useRef } from "react";
import { isLandingSelection } from "@/lib/client/selection";
import { CategoryGrid } from "./category-grid";
import { CountryGroups } from "./country-groups";
import type { FilterPanelProps, FilterTab } from "./filter-panel";
import { SelectedChips } from "./selected-chips";

type BodyProps = FilterPanelProps & { tab: FilterTab; setTab: (t: FilterTab) => void; close: () => void };

/** The drawer's title bar on phones, with its close button. */
function DrawerTitle({ close }: { close: () => void }) {
  return (
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
  );
}

/** The two tabs, each with how many of its kind are selected. */
function FilterTabs({ tab, setTab, selection }: Pick<BodyProps, "tab" | "setTab" | "selection">) {
  const n = selection.countries.length;
  const m = selection.categories.length;
  return (
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
  );
}

/** The countries tab: the selected chips, what a country means, and the countries by region. */
function CountriesTab({ options, selection, onToggleCountry }: BodyProps) {
  return (
    <>
      <SelectedChips
        selected={selection.countries}
        landing={isLandingSelection(selection)}
        onRemove={onToggleCountry}
      />
      <p className="mb-3 text-xs text-slate-700" data-testid="country-meaning">
        A country shows the stories that an outlet based there reported, or whose reports name the country.
        United States with General News alone is the landing view: General News from the United States, the
        United Kingdom, Canada, Australia, Germany and France. Any other selection fetches its first three
        countries and first two categories.
      </p>
      <CountryGroups
        available={options.available.countries}
        selected={selection.countries}
        onToggle={onToggleCountry}
      />
    </>
  );
}

/** Clear (everything off) and Defaults (the landing selection). */
function PanelActions({ onClear, onDefaults }: Pick<BodyProps, "onClear" | "onDefaults">) {
  return (
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
  );
}

/** The open panel; it takes the focus when it opens, and `close` gives it back to the toggle. */
export function FilterPanelBody(props: BodyProps) {
  const { options, selection, onToggleCategory, tab, close } = props;
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => panelRef.current?.focus(), []);
  return (
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
        <DrawerTitle close={close} />
        <FilterTabs {...props} />
        <div
          id={`filter-tabpanel-${tab}`}
          role="tabpanel"
          aria-labelledby={`filter-tab-${tab}`}
          className="flex-1 py-3"
        >
          {tab === "countries" ? (
            <CountriesTab {...props} />
          ) : (
            <CategoryGrid
              available={options.available.categories}
              selected={selection.categories}
              onToggle={onToggleCategory}
            />
          )}
        </div>
        <PanelActions {...props} />
      </div>
    </>
  );
}
