/** Filter selection rules of docs/product.md §4, §5 and §9. */

import { DEFAULT_SELECTION } from "@/lib/catalog";
import type { Selection } from "./types";

export const MAX_FETCH_COUNTRIES = 3;
export const MAX_FETCH_CATEGORIES = 2;

export function defaultSelection(): Selection {
  return { countries: [...DEFAULT_SELECTION.countries], categories: [...DEFAULT_SELECTION.categories] };
}

/** Selecting or deselecting toggles the id in its list. */
export function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

/** The landing view: exactly country us and category general. */
export function isLandingSelection(s: Selection): boolean {
  return (
    s.countries.length === 1 &&
    s.countries[0] === "us" &&
    s.categories.length === 1 &&
    s.categories[0] === "general"
  );
}

/**
 * The selection Refresh should switch to, or null to refetch the current one. A country with no
 * category fetches nothing (docs/product.md §4), so there Refresh ('Refresh News' in the empty state) adds
 * the default category, General News, rather than doing nothing.
 */
export function refreshSelection(s: Selection): Selection | null {
  return s.countries.length > 0 && s.categories.length === 0
    ? { ...s, categories: [...DEFAULT_SELECTION.categories] }
    : null;
}
