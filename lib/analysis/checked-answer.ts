/**
 * Every provider's answer as the reader gets it: checked against the articles by the grounding
 * check (lib/analysis/grounding.ts), a model's draft completed with the product's own numbers
 * (lib/analysis/model-answer.ts), and the two summaries never empty: when the check removes a
 * summary's every sentence, it is built again from the points that survive. Runs in the worker
 * pool (lib/analysis/off-thread.ts); the evals call it directly.
 */

import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { cardEvidence, emptyReport, groundAnalysis, type GroundingReport } from "./grounding";
import { completeDraft } from "./model-answer";
import type { ModelDraft, ProviderAnalysis } from "./provider";
import { splitSentences } from "./text";
import { WorkBudget } from "./work-budget";

export function isModelDraft(answer: ProviderAnalysis | ModelDraft): answer is ModelDraft {
  return (answer as ModelDraft).draft === "model";
}

const sentence = (text: string) => (/[.!?…]["”’)]?$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * The summary, or when the check left none, the first shared point and the first difference that
 * survived (the first outlet's angle when no point is shared); the one-line summary, or the
 * summary's first sentence.
 */
export function withSummaries(analysis: ProviderAnalysis): ProviderAnalysis {
  let summary = analysis.summary.trim();
  if (!summary) {
    const lead = analysis.commonPoints[0] ?? analysis.angles?.[0] ?? analysis.figures?.[0];
    const differs = analysis.differences[0];
    summary = [lead, differs]
      .filter((p) => p !== undefined)
      .map((p) => sentence(p.text))
      .join(" ");
  }
  const frontendSummary = analysis.frontendSummary.trim() || (splitSentences(summary)[0]?.text ?? "");
  return { ...analysis, summary, frontendSummary };
}

/** Checks an answer against its articles and completes it; returns it with the check's report. */
export async function checkAnswer(
  answer: ProviderAnalysis | ModelDraft,
  articles: AnalysisArticle[],
  budget = new WorkBudget("grounding check"),
): Promise<{ analysis: ProviderAnalysis; report: GroundingReport }> {
  if (!isModelDraft(answer)) {
    const { analysis, report } = await groundAnalysis(answer, articles, budget);
    return { analysis: withSummaries(analysis), report };
  }
  const evidence = await cardEvidence(articles, budget);
  const report = emptyReport();
  const analysis = await completeDraft(answer, articles, evidence, report, budget);
  return { analysis: withSummaries(analysis), report };
}
