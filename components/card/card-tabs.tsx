/** The card's tab bar (Source Comparison, AI & Community Analysis, Community Insights). */

export type CardTab = "sources" | "analysis" | "community";

export const TABS: { id: CardTab; label: string }[] = [
  { id: "sources", label: "Source Comparison" },
  { id: "analysis", label: "AI & Community Analysis" },
  { id: "community", label: "Community Insights" },
];

/** The card's three tabs; the analysis tab pulses while the card is not analysed and not loading. */
export function CardTabs({
  base,
  active,
  onChange,
  pulse,
}: {
  base: string;
  active: CardTab;
  onChange: (t: CardTab) => void;
  pulse: boolean;
}) {
  return (
    <div
      role="tablist"
      aria-label="Card views"
      className="flex overflow-x-auto border-y border-slate-200 bg-slate-50 px-2"
    >
      {TABS.map((t) => (
        <button
          key={t.id}
          id={`${base}-tab-${t.id}`}
          type="button"
          role="tab"
          aria-selected={active === t.id}
          aria-controls={`${base}-panel-${t.id}`}
          onClick={() => onChange(t.id)}
          className={`-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium ${active === t.id ? "border-blue-700 text-blue-900" : "border-transparent text-slate-700 hover:text-slate-900"}`}
        >
          {t.label}
          {t.id === "analysis" && pulse && (
            <span
              aria-hidden="true"
              data-testid="analysis-pulse"
              className="inline-block h-2 w-2 rounded-full bg-blue-600 motion-safe:animate-pulse"
            />
          )}
        </button>
      ))}
    </div>
  );
}
