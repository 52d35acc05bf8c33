/** The analysis tab once analysed: every part of the answer, each claim linked to its articles. */

import { biasLabel } from "@/lib/client/bands";
import type { AiAnalysis, Article } from "@/lib/client/types";
import type { CitedPoint } from "@/lib/schemas/analysis";
import { OutletLink } from "@/components/source/outlet-link";
import { AccuracyGauge } from "./accuracy-gauge";
import { CitedPoints } from "./cited-points";

interface Props {
  analysis: AiAnalysis;
  articles: Article[];
  onShowArticle: (articleId: string) => void;
}

/**
 * The answer's lists of cited points in reading order: common points; from either provider also
 * each outlet's angle and figures side by side; differences. A list without an `empty` line is
 * shown only when it has points.
 */
function citedLists(a: AiAnalysis): { title: string; points: CitedPoint[] | undefined; empty?: string }[] {
  return [
    { title: "Common Points", points: a.commonPoints, empty: "The sources share no common point." },
    { title: "What Each Outlet Leads With", points: a.angles },
    { title: "Figures Side by Side", points: a.figures },
    { title: "Key Differences", points: a.differences, empty: "No notable differences between the sources." },
  ];
}

/**
 * Analysed: summary, accuracy gauge, tone, cited points (common points; from either provider
 * also each outlet's angle and figures side by side), editorial perspectives and the community teaser.
 */
export function AnalysisResult({ analysis, articles, onShowArticle }: Props) {
  return (
    <div className="space-y-4" data-testid="analysis-result">
      <section>
        <h3 className="font-semibold text-slate-900">Summary</h3>
        <p className="mt-1 text-slate-800">{analysis.summary}</p>
        {analysis.fallbackReason && (
          <p className="mt-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900">
            {analysis.fallbackReason}
          </p>
        )}
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        <AccuracyGauge analysis={analysis} />
        <div className="rounded-lg border border-slate-200 p-4">
          <p className="text-sm font-semibold text-slate-900">Emotional Tone</p>
          <p className="mt-1 text-slate-800">{analysis.emotionalTone}</p>
        </div>
      </div>
      {citedLists(analysis).map(({ title, points, empty }) =>
        empty === undefined && !points?.length ? null : (
          <CitedPoints
            key={title}
            title={title}
            points={points ?? []}
            articles={articles}
            onShowArticle={onShowArticle}
            empty={empty ?? ""}
          />
        ),
      )}
      <section className="rounded-lg border border-slate-200 p-4">
        <h3 className="font-semibold text-slate-900">Editorial Perspective Analysis</h3>
        <p className="mt-1 text-sm text-slate-800">{analysis.biasAnalysis}</p>
        <ul className="mt-2 flex flex-wrap gap-2 text-xs">
          {articles.map((a) => (
            <li key={a.id} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">
              <OutletLink id={a.sourceInfo?.id} name={a.source} />: {biasLabel(a.biasScore)}
            </li>
          ))}
        </ul>
      </section>
      <section
        className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4"
        data-testid="community-teaser"
      >
        <h3 className="font-semibold text-slate-900">Community Analysis</h3>
        <p className="mt-1 text-sm text-slate-700">
          Coming soon: compare this analysis with how readers rate the story&apos;s credibility and tone.
        </p>
      </section>
      {analysis.provider && (
        <p className="text-xs text-slate-700">
          Analysed by {analysis.provider.label}
          {analysis.generatedAt && (
            <>
              {" "}
              · <time dateTime={analysis.generatedAt}>{new Date(analysis.generatedAt).toLocaleString()}</time>
            </>
          )}
        </p>
      )}
    </div>
  );
}
