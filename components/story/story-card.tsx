"use client";

/** The story page's card: the feed's comparison card, interactive, under the page's heading. */

import { useEffect, useState } from "react";
import { Toast } from "@/components/app/toast";
import { ComparisonCardView } from "@/components/card/comparison-card";
import { ServerNowContext } from "@/lib/client/hooks/use-now";
import type { NewsComparison } from "@/lib/client/types";

/**
 * The story page's card, working as on the feed (tabs, analysis, Share with its toast). The
 * server's clock at render time keeps its relative times the same while it hydrates.
 */
export function StoryCard({ card, renderedAt }: { card: NewsComparison; renderedAt: number }) {
  const [toast, setToast] = useState<string | null>(null);
  // Opening a story's page counts in the reader's own reading balance (kept in this browser only).
  useEffect(
    () => void import("@/lib/client/reading-balance").then((m) => m.recordOpened(card, "story page")),
    [card],
  );
  return (
    <ServerNowContext value={renderedAt}>
      <ComparisonCardView card={card} onToast={setToast} standalone />
      <Toast message={toast} onDone={() => setToast(null)} />
    </ServerNowContext>
  );
}
