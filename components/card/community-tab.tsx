/**
 * The card's 'Community Insights' tab: a coming-soon notice over an inert preview
 * (docs/decisions/047-community-preview.md).
 */

import { CommunityPreview } from "@/components/community/community-preview";
import type { AiAnalysis } from "@/lib/client/types";

/** 'Community Insights': a coming-soon notice over a faded preview no one can operate (docs/product.md §2). */
export function CommunityTab({ analysis }: { analysis: AiAnalysis }) {
  return (
    <div className="relative" data-testid="community-tab">
      <div
        className="mb-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950"
        data-testid="coming-soon"
      >
        <p className="font-semibold">Community features are coming soon</p>
        <p>
          Reactions, credibility and informativeness ratings, discussion and community analytics are a preview
          with local demo data; nothing is sent anywhere.
        </p>
      </div>
      <div
        inert
        aria-hidden="true"
        className="pointer-events-none select-none opacity-50"
        data-testid="community-preview"
      >
        <CommunityPreview aiSentiment={dominant(analysis)} />
      </div>
    </div>
  );
}

function dominant(analysis: AiAnalysis) {
  const list = analysis.assessments ?? [];
  const pos = list.filter((a) => a.sentiment === "positive").length;
  const neg = list.filter((a) => a.sentiment === "negative").length;
  return pos > neg ? "positive" : neg > pos ? "negative" : "neutral";
}
