/** The analysis tab's factual-accuracy gauge, worded for whichever analyzer measured it. */

import { accuracyFigure, TONE_BAR, TONE_TEXT } from "@/lib/client/bands";
import type { AiAnalysis } from "@/lib/client/types";

type Figure = Pick<AiAnalysis, "factualAccuracy" | "factualAccuracyMethod" | "provider" | "corroboration">;

/**
 * The factual-accuracy gauge: a model's estimate with docs/product.md §9's band and colour, or the local
 * analyzer's corroboration counts in neutral colours (lib/client/bands.ts).
 */
export function AccuracyGauge({ analysis }: { analysis: Figure }) {
  const figure = accuracyFigure(analysis);
  const value = figure.percent;
  return (
    <div className="rounded-lg border border-slate-200 p-4" data-testid="accuracy-gauge">
      <p className="text-sm font-semibold text-slate-900">{figure.heading}</p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
        {value !== null && <span className={`text-3xl font-bold ${TONE_TEXT[figure.tone]}`}>{value}%</span>}
        <span className={`text-sm font-semibold ${TONE_TEXT[figure.tone]}`} data-testid="accuracy-band">
          {figure.label}
        </span>
      </p>
      {value !== null && (
        <div
          role="meter"
          aria-label={figure.heading}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className={`h-full ${TONE_BAR[figure.tone]}`} style={{ width: `${value}%` }} />
        </div>
      )}
      {figure.note && <p className="mt-2 text-xs text-slate-700">{figure.note}</p>}
    </div>
  );
}
