"use client";

/** The hero's 'News Sources' filter panel, a drawer on phones. */

import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { PanelLoading } from "@/components/app/panel-loading";
import { useEscape } from "@/lib/client/hooks/use-escape";
import type { ComparisonOptions } from "@/lib/catalog";
import type { Selection } from "@/lib/client/types";

/** The open panel's code, fetched when the page is idle (components/app/news-app.tsx). */
export const loadFilterPanelBody = () => import("./filter-panel-body");
const FilterPanelBody = lazy(() => loadFilterPanelBody().then((m) => ({ default: m.FilterPanelBody })));

export interface FilterPanelProps {
  options: ComparisonOptions;
  selection: Selection;
  onToggleCountry: (id: string) => void;
  onToggleCategory: (id: string) => void;
  onClear: () => void;
  onDefaults: () => void;
}

export type FilterTab = "countries" | "categories";

/**
 * The collapsible 'News Sources' panel (docs/product.md §2): collapsed, a button 'N countries • M categories';
 * open, tabs for countries (by region) and categories. Below the sm breakpoint it is a
 * full-screen drawer over a backdrop.
 */
export function FilterPanel(props: FilterPanelProps) {
  const { selection } = props;
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<FilterTab>("countries");
  const toggleRef = useRef<HTMLButtonElement>(null);
  const n = selection.countries.length;
  const m = selection.categories.length;

  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);
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
        // Until its code has loaded (it is fetched when the page is idle), a stand-in holds the
        // panel's id: the open button's aria-controls names it.
        <Suspense fallback={<PanelLoading id="filter-panel" />}>
          <FilterPanelBody {...props} tab={tab} setTab={setTab} close={close} />
        </Suspense>
      )}
    </div>
  );
}
