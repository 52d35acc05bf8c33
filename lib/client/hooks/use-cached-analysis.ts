"use client";

/** A hook for a card's analysis from the browser's local cache, read only after hydration. */

import { useEffect, useState } from "react";
import { cachedAnalysis } from "../analysis";
import { getAnalysisCache } from "../analysis-cache";
import type { AiAnalysis, NewsComparison } from "../types";
import { useHydrated } from "./use-hydrated";

/**
 * The card's analysis from the local cache, if one is held, so the card opens analysed. The cache
 * lives in the browser: a card rendered on the server (the story page) reads it once hydrated, a
 * card mounted in the browser (the feed) at once. React may render a card several times before
 * showing it (cards mount in transitions), so the hit is counted once the card is shown.
 */
export function useCachedAnalysis(card: NewsComparison): AiAnalysis | null {
  const hydrated = useHydrated();
  const peek = () => ({ hit: cachedAnalysis(card, getAnalysisCache()) });
  const [peeked, setPeeked] = useState<{ hit: AiAnalysis | null } | null>(() => (hydrated ? peek() : null));
  // Hydration has just ended: read the cache now (React re-renders at once, before painting).
  if (hydrated && peeked === null) setPeeked(peek());
  const hit = peeked?.hit ?? null;
  useEffect(() => {
    if (hit) getAnalysisCache().recordHit();
  }, [hit]);
  return hit;
}
