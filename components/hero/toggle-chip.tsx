/** The on/off chip the filter panel's countries and categories are made of. */

import type { ReactNode } from "react";

/** A country or category toggle of the filter panel. */
export function ToggleChip({
  on,
  onClick,
  children,
  wide,
}: {
  on: boolean;
  onClick: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={`rounded-lg border text-sm ${wide ? "flex items-center gap-2 px-3 py-2 text-left" : "px-2.5 py-1"} ${on ? "border-blue-700 bg-blue-50 font-medium text-blue-900" : "border-slate-300 text-slate-800 hover:bg-slate-50"}`}
    >
      {children}
    </button>
  );
}
