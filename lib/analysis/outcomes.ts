/**
 * In-process counts of what became of each analysis, for the operator's metrics (GET
 * /api/v1/metrics, lib/services/render-metrics.ts): answers by provider and outcome (answered,
 * answered by the built-in analyzer instead, failed), failures of a provider by cause (timeout,
 * refused, malformed, hostile, …: lib/analysis/errors.ts), and what the grounding check removed
 * from answers. Per instance, like the request metrics (lib/http/metrics.ts).
 */

import type { AnalysisFailure } from "./errors";
import type { GroundingReport } from "./grounding";
import type { ProviderInfo } from "@/lib/schemas/analysis";
import { metric, metricsText, sample } from "@/lib/prometheus";

export type AnalysisOutcome = "answered" | "fallback" | "failed";

interface Counts {
  answers: Map<string, number>;
  failures: Map<string, number>;
  removed: { points: number; sentences: number; citations: number };
}

const holder = globalThis as unknown as { __newsAnalysisOutcomes?: Counts };
const counts = (holder.__newsAnalysisOutcomes ??= {
  answers: new Map(),
  failures: new Map(),
  removed: { points: 0, sentences: 0, citations: 0 },
});

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** Counts one analysis: the provider that was asked and what came of it. */
export function recordAnalysis(provider: ProviderInfo["kind"], outcome: AnalysisOutcome): void {
  bump(counts.answers, `${provider}\u0000${outcome}`);
}

/** Counts one failure of a provider, by cause. */
export function recordProviderFailure(
  provider: ProviderInfo["kind"],
  failure: AnalysisFailure | "busy",
): void {
  bump(counts.failures, `${provider}\u0000${failure}`);
}

/** Adds what the grounding check removed from one answer. */
export function recordGrounding(report: GroundingReport): void {
  counts.removed.points += report.droppedPoints;
  counts.removed.sentences += report.droppedSentences;
  counts.removed.citations += report.droppedCitations;
}

/** The counts in Prometheus text exposition format. */
export function renderAnalysisOutcomes(): string {
  const byProvider = (counted: Map<string, number>, name: string, second: string) =>
    [...counted].map(([key, n]) => {
      const [provider, value] = key.split("\u0000");
      return sample(name, n, { provider, [second]: value });
    });
  return metricsText([
    ...metric(
      "analysis_answers_total",
      "Analyses by the provider asked and what came of them (answered, fallback: the built-in analyzer answered instead, failed).",
      "counter",
      byProvider(counts.answers, "analysis_answers_total", "outcome"),
    ),
    ...metric(
      "analysis_provider_failures_total",
      "Failures of an analysis provider by cause.",
      "counter",
      byProvider(counts.failures, "analysis_provider_failures_total", "cause"),
    ),
    ...metric(
      "analysis_grounding_removed_total",
      "What the grounding check removed from answers.",
      "counter",
      Object.entries(counts.removed).map(([kind, n]) =>
        sample("analysis_grounding_removed_total", n, { kind }),
      ),
    ),
  ]);
}
