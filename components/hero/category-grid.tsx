import { CATEGORIES } from "@/lib/catalog";

interface Props {
  available: string[];
  selected: string[];
  onToggle: (id: string) => void;
}

/** The categories as a grid of toggles (SPEC §2). */
export function CategoryGrid({ available, selected, onToggle }: Props) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {CATEGORIES.filter((c) => available.includes(c.id)).map((c) => {
        const on = selected.includes(c.id);
        return (
          <button
            key={c.id}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(c.id)}
            className={`flex items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm ${on ? "border-blue-700 bg-blue-50 font-medium text-blue-900" : "border-slate-300 text-slate-800 hover:bg-slate-50"}`}
          >
            <span aria-hidden="true">{c.icon}</span> {c.name}
          </button>
        );
      })}
    </div>
  );
}
