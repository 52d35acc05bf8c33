/** The filter panel's country tab, by region. */

import { COUNTRIES, REGIONS } from "@/lib/catalog";
import { ToggleChip } from "./toggle-chip";

interface Props {
  available: string[];
  selected: string[];
  onToggle: (id: string) => void;
}

/** Countries grouped by region, each group with its emoji and count (docs/product.md §2). */
export function CountryGroups({ available, selected, onToggle }: Props) {
  const countries = COUNTRIES.filter((c) => available.includes(c.id));
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {REGIONS.map((region) => {
        const members = countries.filter((c) => c.region === region.id);
        if (members.length === 0) return null;
        return (
          <fieldset key={region.id}>
            <legend className="mb-1.5 text-sm font-semibold text-slate-800">
              <span aria-hidden="true">{region.emoji}</span> {region.id} ({members.length})
            </legend>
            <div className="flex flex-wrap gap-1.5">
              {members.map((c) => (
                <ToggleChip key={c.id} on={selected.includes(c.id)} onClick={() => onToggle(c.id)}>
                  <span aria-hidden="true">{c.icon}</span> {c.name}
                </ToggleChip>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
