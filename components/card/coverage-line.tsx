"use client";

/** The card's coverage line: who reported the story first and how fast the other outlets followed. */

import { coverageLineParts } from "@/lib/client/coverage-words";
import { useNowOrServer } from "@/lib/client/hooks/use-now";
import type { CoverageSummary } from "@/lib/client/types";
import { OutletLink } from "@/components/source/outlet-link";

/** The card's one line on who reported the story first and how fast other outlets followed; the outlet links to its page. */
export function CoverageLine({ coverage }: { coverage: CoverageSummary }) {
  const now = useNowOrServer();
  const { before, after } = coverageLineParts(coverage, now);
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="coverage-line">
      {before}
      <OutletLink id={coverage.firstSourceId} name={coverage.firstSource} />
      {after}
    </p>
  );
}
