/**
 * The landing view's line on the stories waiting in other categories and countries, each
 * country/category pair that holds them one tap away (decision 143).
 */

import { categoryName, countryName } from "@/lib/catalog";
import type { OtherSelections } from "@/lib/other-selections";

const stories = (n: number) => `${n} ${n === 1 ? "story" : "stories"}`;

/** "N more stories in other categories and countries:" and a button per pair, with what it shows. */
export function OtherSelectionsNav({
  others,
  onSelect,
}: {
  others: OtherSelections;
  onSelect: (country: string, category: string) => void;
}) {
  if (others.stories === 0 || others.selections.length === 0) return null;
  return (
    <nav
      aria-label="Stories in other selections"
      className="mb-4 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800"
      data-testid="other-selections"
    >
      <p>
        {others.stories} more {others.stories === 1 ? "story" : "stories"} in other categories and countries:
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {others.selections.map((s) => {
          const name = `${categoryName(s.category)} · ${countryName(s.country) ?? s.country.toUpperCase()}`;
          return (
            <li key={`${s.country}|${s.category}`}>
              <button
                type="button"
                onClick={() => onSelect(s.country, s.category)}
                aria-label={`${name}: ${stories(s.stories)}`}
                className="rounded-full border border-slate-400 py-0.5 pl-3 pr-1 text-slate-800 hover:bg-slate-100"
              >
                {name}{" "}
                <span className="ml-1 rounded-full bg-slate-100 px-1.5 font-medium tabular-nums text-slate-900">
                  {s.stories}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
