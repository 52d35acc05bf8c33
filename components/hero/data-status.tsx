/** The words beside a 'Live Analysis' badge when the feed shows no live news (decision 144). */

import { DATA_STATUS } from "@/lib/client/data-status";

/** Violet like the demo marker for demo data; amber when no shown article is recent. */
export function DataStatus({ words, className = "" }: { words: string; className?: string }) {
  const tone =
    words === DATA_STATUS.demo
      ? "border-violet-300 bg-violet-50 text-violet-900"
      : "border-amber-300 bg-amber-50 text-amber-950";
  return (
    <span
      className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone} ${className}`}
      data-testid="data-status"
    >
      {words}
    </span>
  );
}
