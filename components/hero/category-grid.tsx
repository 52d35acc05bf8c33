/** The filter panel's category tab. */

import { CATEGORIES } from "@/lib/catalog";
import { ToggleChip } from "./toggle-chip";

interface Props {
  available: string[];
  selected: string[];
  onToggle: (id: string) => void;
}

/** The categories as a grid of toggles (docs/product.md §2). */
export function CategoryGrid({ available, selected, onToggle }: Props) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {CATEGORIES.filter((c) => available.includes(c.id)).map((c) => (
        <ToggleChip key={c.id} wide on={selected.includes(c.id)} onClick={() => onToggle(c.id)}>
          <span aria-hidden="true">{c.icon}</span> {c.name}
        </ToggleChip>
      ))}
    </div>
  );
}
