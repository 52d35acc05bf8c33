/** The community preview's analytics block, computed from its local demo data. */

import type { CommunityAnalytics } from "@/lib/client/community";
import { formatStars } from "@/lib/client/community";

/** Community analytics: reactions, consensus, informativeness, sentiment and AI-vs-readers agreement. */
export function CommunityAnalyticsBlock({ analytics: a }: { analytics: CommunityAnalytics }) {
  const rows: [string, string][] = [
    ["Total reactions", String(a.totalReactions)],
    [
      "Credibility consensus",
      `${a.credibilityConsensus.averageScore}% (${a.credibilityConsensus.accurate} accurate, ${a.credibilityConsensus.needsFactCheck} need fact-check)`,
    ],
    ["Informativeness", formatStars(a.informativenessScore.average)],
    ["Reader sentiment", a.sentimentAnalysis.dominantSentiment],
    ["AI vs readers agreement", `${a.aiVsHumanComparison.agreement}%`],
    ["Most discussed", a.mostDiscussedAspects.join(", ") || "—"],
  ];
  return (
    <section className="rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-900">Community Analytics</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-700">{k}</dt>
            <dd className="font-medium text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
