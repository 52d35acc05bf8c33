/** The filter panel's selected countries, each removable. */

import { COUNTRIES } from "@/lib/catalog";

/** The selected countries as removable chips. */
export function SelectedChips({
  selected,
  onRemove,
}: {
  selected: string[];
  onRemove: (id: string) => void;
}) {
  if (selected.length === 0) return null;
  return (
    <ul aria-label="Selected countries" className="mb-3 flex flex-wrap gap-2">
      {selected.map((id) => {
        const country = COUNTRIES.find((c) => c.id === id);
        const name = country?.name ?? id.toUpperCase();
        return (
          <li key={id}>
            <button
              type="button"
              onClick={() => onRemove(id)}
              aria-label={`Remove ${name}`}
              className="flex items-center gap-1 rounded-full bg-blue-100 py-1 pl-2.5 pr-2 text-sm text-blue-900 hover:bg-blue-200"
            >
              <span aria-hidden="true">{country?.icon}</span> {name}{" "}
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
