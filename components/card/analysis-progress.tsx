/** The analysis tab while an analysis runs: its progress and current step. */

import { progressLines, stepText } from "@/lib/client/provider-words";
import type { AiAnalysis } from "@/lib/client/types";
import type { ProviderInfo } from "@/lib/schemas/analysis";

const STEP_TILES = [
  { at: 25, label: "Content Analysis" },
  { at: 60, label: "Cross-Source Comparison" },
  { at: 90, label: "Bias & Sentiment Analysis" },
];

/** Loading: progress bar with percent, current step, three step tiles lit at 25 / 60 / 90 (docs/product.md §9). */
export function AnalysisProgress({
  analysis,
  provider,
}: {
  analysis: AiAnalysis;
  provider: ProviderInfo | null;
}) {
  const progress = analysis.progress ?? 0;
  const lines = progressLines(provider);
  return (
    <div data-testid="analysis-progress" aria-busy="true">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-slate-900" data-testid="analysis-step">
          {stepText(analysis.currentStep, provider)}
        </span>
        <span className="font-semibold text-blue-900" data-testid="analysis-percent">
          {progress}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-blue-700 transition-all duration-500"
          style={{ width: `${progress}%` }}
        />
      </div>
      <ol className="mt-4 grid gap-2 sm:grid-cols-3">
        {STEP_TILES.map((s) => {
          const lit = progress >= s.at;
          return (
            <li
              key={s.label}
              data-lit={lit}
              className={`rounded-lg border p-3 text-sm ${lit ? "border-blue-600 bg-blue-50 font-medium text-blue-900" : "border-slate-200 text-slate-700"}`}
            >
              <span aria-hidden="true">{lit ? "●" : "○"}</span> {s.label}
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-sm text-slate-700">{lines.duration}</p>
      <p className="mt-1 text-xs text-slate-700" data-testid="provider-line">
        {lines.provider}
      </p>
    </div>
  );
}
