/**
 * The filter panel's selected countries, each removable, named as the feed requests them: the
 * landing view's six countries, and any country beyond the three a selection fetches said to be
 * left out (decision 143).
 */

import { COUNTRIES, LANDING_PAGE } from "@/lib/catalog";
import { MAX_FETCH_COUNTRIES } from "@/lib/client/selection";

const nameOf = (id: string) => COUNTRIES.find((c) => c.id === id)?.name ?? id.toUpperCase();
const CHIP = "flex items-center gap-1 rounded-full py-1 pl-2.5 pr-2 text-left text-sm";

/**
 * The selected countries as removable chips. On the landing view (United States with General
 * News) the one chip names the six countries the feed asks for; removing it deselects the
 * United States, as its toggle does.
 */
export function SelectedChips({
  selected,
  landing,
  onRemove,
}: {
  selected: string[];
  landing: boolean;
  onRemove: (id: string) => void;
}) {
  if (selected.length === 0) return null;
  return (
    <ul aria-label="Selected countries" className="mb-3 flex flex-wrap gap-2">
      {selected.map((id, i) => {
        const country = COUNTRIES.find((c) => c.id === id);
        const name = nameOf(id);
        const fetched = i < MAX_FETCH_COUNTRIES;
        const label = landing
          ? `Landing view: ${LANDING_PAGE.countries.map(nameOf).join(", ")}`
          : fetched
            ? name
            : `${name} (not fetched: at most ${MAX_FETCH_COUNTRIES} countries)`;
        return (
          <li key={id}>
            <button
              type="button"
              onClick={() => onRemove(id)}
              aria-label={landing ? `Remove ${name} (the landing view)` : `Remove ${name}`}
              className={`${CHIP} ${fetched ? "bg-blue-100 text-blue-900 hover:bg-blue-200" : "bg-slate-100 text-slate-800 hover:bg-slate-200"}`}
            >
              <span aria-hidden="true">{country?.icon}</span> {label}{" "}
              <span aria-hidden="true" className="ml-0.5 font-bold">
                ×
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
