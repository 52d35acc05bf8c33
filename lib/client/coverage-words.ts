/**
 * The card's one line on how its story was covered: "First reported by BBC News 3 h ago · 5
 * outlets in 6 h" (who reported it first, how long ago, and how many outlets followed how fast).
 */
import type { CoverageSummary } from "./types";

/** A stretch of time in whole units: 'under a minute', '40 min', '3 h', '2 d'. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}

/**
 * The coverage line at `now` in three parts, the first outlet's name apart (the card links it);
 * without a clock (none known yet) it leaves out how long ago.
 */
export function coverageLineParts(
  c: CoverageSummary,
  now: number | null,
): { before: string; source: string; after: string } {
  const since = now === null ? null : now - Date.parse(c.firstPublishedAt);
  const ago = since === null ? "" : since < 60_000 ? " just now" : ` ${formatDuration(since)} ago`;
  const span = formatDuration(Date.parse(c.lastPublishedAt) - Date.parse(c.firstPublishedAt));
  return {
    before: "First reported by ",
    source: c.firstSource,
    after: `${ago} · ${c.outlets} ${c.outlets === 1 ? "outlet" : "outlets"} in ${span}`,
  };
}

/** The coverage line at `now`, as one string. */
export function coverageLine(c: CoverageSummary, now: number | null): string {
  const { before, source, after } = coverageLineParts(c, now);
  return before + source + after;
}
