"use client";

/** The card's coverage line: who reported the story first and how fast the other outlets followed. */

import { coverageLine } from "@/lib/client/coverage-words";
import { useNowOrServer } from "@/lib/client/hooks/use-now";
import type { CoverageSummary } from "@/lib/client/types";
import { OutletLink } from "@/components/source/outlet-link";

/** The card's one line on who reported the story first and how fast other outlets followed; the outlet links to its page. */
export function CoverageLine({ coverage }: { coverage: CoverageSummary }) {
  const now = useNowOrServer();
  const line = coverageLine(coverage, now);
  const at = line.indexOf(coverage.firstSource);
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="coverage-line">
      {at < 0 ? (
        line
      ) : (
        <>
          {line.slice(0, at)}
          <OutletLink id={coverage.firstSourceId} name={coverage.firstSource} />
          {line.slice(at + coverage.firstSource.length)}
        </>
      )}
    </p>
  );
}
