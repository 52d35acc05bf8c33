"use client";

/** A hook for a card's analysis from the browser's local cache, read only after hydration. */

import { startTransition, useEffect, useState } from "react";
import { cachedAnalysis } from "../analysis";
import { getAnalysisCache } from "../analysis-cache";
import type { AiAnalysis, NewsComparison } from "../types";

type Peeked = { hit: AiAnalysis | null };

/**
 * The card's analysis from the local cache, if one is held, so the card opens analysed. The cache
 * lives in the browser: a card mounted in the browser (the feed's) reads it at once; a card
 * rendered on the server (`serverRendered`: the story page's) reads it once the page is idle after
 * hydration, and re-renders in a transition. A hook that changed value at hydration
 * (useSyncExternalStore) would re-render the whole card synchronously in one task, with the
 * storage's first read, as the page starts (docs/decisions/169-story-card-reads-its-cache-when-idle.md).
 * React may render a card several times before showing it (cards mount in transitions), so the hit
 * is counted once the card is shown.
 */
export function useCachedAnalysis(card: NewsComparison, serverRendered = false): AiAnalysis | null {
  const peek = (): Peeked => ({ hit: cachedAnalysis(card, getAnalysisCache()) });
  const [peeked, setPeeked] = useState<Peeked | null>(() => (serverRendered ? null : peek()));
  const unread = peeked === null;
  useEffect(() => {
    if (!unread) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => {
      const next = peek();
      startTransition(() => setPeeked(next));
    });
    return () => cancel(handle);
    // Read once per card; `peek` closes over the card.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, card]);
  const hit = peeked?.hit ?? null;
  useEffect(() => {
    if (hit) getAnalysisCache().recordHit();
  }, [hit]);
  return hit;
}
