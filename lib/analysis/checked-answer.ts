/**
 * Every provider's answer as the reader gets it: checked against the articles by the grounding
 * check (lib/analysis/grounding.ts), a model's draft completed with the product's own numbers
 * (lib/analysis/model-answer.ts), and the two summaries never empty: when the check removes a
 * summary's every sentence, it is built again from the points that survive. The check runs in
 * the worker pool beside the product's own reading of the card (lib/services/analysis-off-thread.ts);
 * the evals call checkAnswer, which does both in turn.
 */

import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { readCard, type CardReading } from "./card-corroboration";
import { cardEvidence, emptyReport, groundAnalysis, type GroundingReport } from "./grounding";
import { finishDraft, groundDraft, type GroundedDraft } from "./model-answer";
import type { ModelDraft, ProviderAnalysis } from "./provider";
import { splitSentences } from "./text/sentences";
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

/** An answer after the grounding check: complete, or a model's draft still without the card's corroboration. */
export type GroundedAnswer =
  { analysis: ProviderAnalysis; report: GroundingReport } | { draft: GroundedDraft; report: GroundingReport };

/** The grounding check of an answer (the costly half: it runs in the worker pool). */
export async function groundAnswer(
  answer: ProviderAnalysis | ModelDraft,
  articles: AnalysisArticle[],
  budget = new WorkBudget("grounding check"),
): Promise<GroundedAnswer> {
  if (!isModelDraft(answer)) return groundAnalysis(answer, articles, budget);
  const report = emptyReport();
  const card = await cardEvidence(articles, budget, "model");
  return { draft: await groundDraft(answer, articles, card, report, budget), report };
}

/** A grounded answer completed: a draft with the card's corroboration (`reading`), both with their summaries. */
export function completeAnswer(
  grounded: GroundedAnswer,
  reading: CardReading | null,
): { analysis: ProviderAnalysis; report: GroundingReport } {
  if ("analysis" in grounded) return { analysis: withSummaries(grounded.analysis), report: grounded.report };
  if (!reading) throw new Error("A model's answer is completed with the card's reading.");
  return { analysis: withSummaries(finishDraft(grounded.draft, reading)), report: grounded.report };
}

/** Checks an answer against its articles and completes it, in turn; returns it with the check's report. */
export async function checkAnswer(
  answer: ProviderAnalysis | ModelDraft,
  articles: AnalysisArticle[],
  budget = new WorkBudget("grounding check"),
): Promise<{ analysis: ProviderAnalysis; report: GroundingReport }> {
  const grounded = await groundAnswer(answer, articles, budget);
  return completeAnswer(grounded, "draft" in grounded ? await readCard(articles, budget) : null);
}
