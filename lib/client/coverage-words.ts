/**
 * The card's one line on how its story was covered: "First reported by BBC News 3 h ago · 5
 * outlets in 6 h" (who reported it first, how long ago, and how many outlets followed how fast).
 */
import { formatDuration } from "./relative-time";
import type { CoverageSummary } from "./types";

/** The coverage line at `now`; without a clock (none known yet) it leaves out how long ago. */
export function coverageLine(c: CoverageSummary, now: number | null): string {
  const since = now === null ? null : now - Date.parse(c.firstPublishedAt);
  const ago = since === null ? "" : since < 60_000 ? " just now" : ` ${formatDuration(since)} ago`;
  const span = formatDuration(Date.parse(c.lastPublishedAt) - Date.parse(c.firstPublishedAt));
  return `First reported by ${c.firstSource}${ago} · ${c.outlets} ${c.outlets === 1 ? "outlet" : "outlets"} in ${span}`;
}
