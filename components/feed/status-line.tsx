/** The status line under the hero: whether the page is connected, and what the selection covers. */

import type { Selection } from "@/lib/client/types";

/** Green pulsing 'Connected & Authenticated' or yellow 'Connecting...', then 'X countries, Y categories'. */
export function StatusLine({ connected, selection }: { connected: boolean; selection: Selection }) {
  return (
    <p
      className="mt-5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700"
      data-testid="status-line"
    >
      <span
        aria-hidden="true"
        className={`inline-block h-2.5 w-2.5 rounded-full ${connected ? "bg-green-500 motion-safe:animate-pulse" : "bg-yellow-400"}`}
      />
      {/* Same width in both states, so the counts never move when the status changes. */}
      <span
        className={`min-w-[12.5rem] whitespace-nowrap font-medium ${connected ? "text-green-800" : "text-yellow-800"}`}
      >
        {connected ? "Connected & Authenticated" : "Connecting..."}
      </span>
      <span aria-hidden="true" className="hidden sm:inline">
        ·
      </span>
      <span className="whitespace-nowrap">
        {selection.countries.length} countries, {selection.categories.length} categories
      </span>
    </p>
  );
}
