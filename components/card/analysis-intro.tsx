/** The analysis tab before an analysis: what it offers and the button that starts it. */

import { FAILURE } from "@/lib/client/analysis";
import { analysisFooter, analysisOffer } from "@/lib/client/provider-words";
import type { AiAnalysis } from "@/lib/client/types";
import type { ProviderInfo } from "@/lib/schemas/analysis";

const FEATURES = [
  { icon: "⚖️", title: "Bias Analysis", text: "How each outlet frames the story, from left to right." },
  {
    icon: "✅",
    title: "Factual Analysis",
    text: "Which facts the sources agree on and how well they are corroborated.",
  },
  {
    icon: "🔍",
    title: "Source Verification",
    text: "Every point is traced back to the articles that support it.",
  },
];

/** Not analysed: intro, three feature tiles, 'Start AI Analysis' and the provider footer. */
export function AnalysisIntro({
  analysis,
  provider,
  onStart,
}: {
  analysis: AiAnalysis;
  provider: ProviderInfo | null;
  onStart: () => void;
}) {
  const failed = analysis.currentStep === FAILURE.currentStep;
  return (
    <div data-testid="analysis-intro">
      <p className="text-slate-800">
        {analysis.summary === FAILURE.summary ? analysisOffer(provider) : analysis.summary}
      </p>
      {failed && (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="analysis-failed"
        >
          <p className="font-semibold">{FAILURE.currentStep}</p>
          <p>{FAILURE.summary}</p>
          <p>{FAILURE.biasAnalysis}</p>
        </div>
      )}
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {FEATURES.map((f) => (
          <li key={f.title} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <p className="font-semibold text-slate-900">
              <span aria-hidden="true">{f.icon}</span> {f.title}
            </p>
            <p className="mt-1 text-sm text-slate-700">{f.text}</p>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onStart}
        className="mt-4 rounded-lg bg-blue-800 px-5 py-2.5 font-semibold text-white hover:bg-blue-900"
      >
        Start AI Analysis
      </button>
      <p className="mt-3 text-xs text-slate-700" data-testid="provider-footer">
        {analysisFooter(provider)}
      </p>
    </div>
  );
}
