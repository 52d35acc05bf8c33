"use client";

/** The card's coverage line: who reported the story first and how fast the other outlets followed. */

import { coverageLine } from "@/lib/client/coverage-words";
import { useNowOrServer } from "@/lib/client/hooks/use-now";
import type { CoverageSummary } from "@/lib/client/types";

/** The card's one line on who reported the story first and how fast other outlets followed. */
export function CoverageLine({ coverage }: { coverage: CoverageSummary }) {
  const now = useNowOrServer();
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="coverage-line">
      {coverageLine(coverage, now)}
    </p>
  );
}
