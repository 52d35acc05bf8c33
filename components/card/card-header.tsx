/**
 * The card's header: topic, date, category, the accuracy or availability badge and the source
 * count.
 */

import { categoryName } from "@/lib/catalog";
import { canAnalyse } from "@/lib/client/analysis";
import { accuracyFigure, TONE_BADGE } from "@/lib/client/bands";
import { LocalTime } from "@/components/app/local-time";
import { isStoredCard } from "@/lib/client/stored-card";
import type { AiAnalysis, NewsComparison } from "@/lib/client/types";
import { storyPath } from "@/lib/stories";
import { BiasBar } from "./bias-bar";
import { CoverageLine } from "./coverage-line";

const chipName = (id: string) => (id === "global-search" ? "Global Search" : categoryName(id));

/**
 * Topic, date, category chip, the factual (or corroboration) / available badge and '{n} Sources'
 * (docs/product.md §2), then the coverage line, the low-confidence note and the bias bar.
 */
export function CardHeader(p: {
  card: NewsComparison;
  analysis: AiAnalysis;
  titleId: string;
  standalone: boolean;
}) {
  const { card, analysis } = p;
  const figure = accuracyFigure(analysis);
  // On its story page the topic is the page's heading; in the feed a stored card's topic opens its page.
  const Heading = p.standalone ? "h1" : "h2";
  return (
    <header className="p-4 sm:p-5">
      <Heading id={p.titleId} className="text-lg font-bold leading-snug text-slate-900 sm:text-xl">
        {!p.standalone && isStoredCard(card) ? (
          <a href={storyPath(card.id)} className="hover:text-blue-900 hover:underline">
            {card.topic}
          </a>
        ) : (
          card.topic
        )}
      </Heading>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <LocalTime iso={card.publishedAt} className="text-slate-700" />
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800">
          {chipName(card.category)}
        </span>
        {analysis.isAnalyzed ? (
          <span
            className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONE_BADGE[figure.tone]}`}
            data-testid="factual-badge"
          >
            {figure.badge}
          </span>
        ) : (
          canAnalyse(card) && (
            <span className="rounded-full border border-blue-200 bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-900">
              AI Analysis Available
            </span>
          )
        )}
        <span className="text-slate-700">{card.articles.length} Sources</span>
        {card.isDemo && (
          <span
            className="rounded-full border border-violet-300 bg-violet-50 px-2.5 py-0.5 text-xs font-semibold text-violet-900"
            data-testid="demo-marker"
          >
            Demo data
          </span>
        )}
      </div>
      {card.coverage && <CoverageLine coverage={card.coverage} />}
      {card.lowConfidence && (
        <p
          role="note"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="low-confidence"
        >
          Low confidence: these reports share few details and may not all describe the same event.
        </p>
      )}
      {card.bias && <BiasBar bias={card.bias} />}
    </header>
  );
}
