/**
 * The jobs the worker pool runs off the main thread, by name: CPU-bound steps of clustering and
 * analysis whose input and output are plain data (structured-clonable: objects, arrays, Dates).
 * Run by the worker thread (lib/workers/worker.ts), and on the main thread only when no worker
 * can run (lib/workers/run-off-thread.ts).
 */

import { readCard } from "@/lib/analysis/card-corroboration";
import { groundAnswer } from "@/lib/analysis/checked-answer";
import { WorkBudget } from "@/lib/analysis/work-budget";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import type { ModelDraft, ProviderAnalysis } from "@/lib/analysis/provider";
import { draftCards, draftCardsWithEvidence } from "@/lib/cluster/build-card";
import type { ClusterArticle } from "@/lib/cluster/types";
import type { AnalysisArticle } from "@/lib/schemas/analysis";

export const JOBS = {
  /** The card drafts of a news window (clustering, then the drafts of the clusters worth a card). */
  draftCards: (articles: ClusterArticle[]) => draftCards(articles),
  /** The same with verdicts on some pairs, and the grey-zone pairs without one (a rebuild's clustering). */
  draftCardsWithEvidence: (input: Parameters<typeof draftCardsWithEvidence>[0]) =>
    draftCardsWithEvidence(input),
  /** The local analyzer's comparison of one card's articles. */
  analyzeLocally: (articles: AnalysisArticle[]) => analyzeLocally(articles),
  /** An answer checked against the articles (lib/analysis/checked-answer.ts). */
  groundAnswer: (input: { answer: ProviderAnalysis | ModelDraft; articles: AnalysisArticle[] }) =>
    groundAnswer(input.answer, input.articles),
  /** The built-in analyzer's reading of a card, as far as its corroboration needs (lib/analysis/card-corroboration.ts). */
  readCard: (articles: AnalysisArticle[]) => readCard(articles, new WorkBudget("reading of the card")),
};

export type Jobs = typeof JOBS;
export type JobName = keyof Jobs;
export type JobInput<N extends JobName> = Parameters<Jobs[N]>[0];
export type JobOutput<N extends JobName> = Awaited<ReturnType<Jobs[N]>>;
