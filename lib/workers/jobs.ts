/**
 * The jobs the worker pool runs off the main thread, by name: CPU-bound steps of clustering and
 * analysis whose input and output are plain data (structured-clonable: objects, arrays, Dates).
 * Run by the worker thread (lib/workers/worker.ts), and on the main thread only when no worker
 * can run (lib/workers/run-off-thread.ts).
 */

import { isMainThread } from "node:worker_threads";
import { readCard } from "@/lib/analysis/card-corroboration";
import { groundAnswer } from "@/lib/analysis/checked-answer";
import { WorkBudget } from "@/lib/analysis/work-budget";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import type { ModelDraft, ProviderAnalysis } from "@/lib/analysis/provider";
import { draftCards, draftCardsWithEvidence } from "@/lib/cluster/cards/build-card";
import type { ClusterArticle } from "@/lib/cluster/types";
import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { verifyPassword, verifyPasswordSync } from "@/lib/auth/password";
import { assignCardIds } from "@/lib/cluster/cards/assign-card-ids";
import type { CardDraft } from "@/lib/cluster/cards/build-card";
import { planCardChanges, type StoredCard } from "@/lib/cluster/cards/card-changes";

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
  /**
   * A password checked against its stored scrypt hash (a login). In a worker the hash is computed
   * on the worker's own thread, at its lower priority; the asynchronous form would hand it to
   * libuv's threads, which run at the process's priority and compete with the main thread.
   */
  verifyPassword: (input: { password: string; stored: string }) =>
    isMainThread
      ? verifyPassword(input.password, input.stored)
      : verifyPasswordSync(input.password, input.stored),
  /**
   * The drafts' card ids against the stored cards (lib/cluster/cards/assign-card-ids.ts) and the writes
   * that make the stored cards the new ones (lib/cluster/cards/card-changes.ts): for a fresh window's
   * 1,031 new cards these took 40–200 ms on the main thread of a busy machine (issue 34).
   */
  planCardChanges: ({
    stored,
    drafts,
    demoIds,
  }: {
    stored: StoredCard[];
    drafts: CardDraft[];
    demoIds: string[];
  }) => {
    const ids = assignCardIds(stored, drafts);
    return { changes: planCardChanges(stored, ids, new Set(demoIds)), cards: ids.assignments.length };
  },
};

/**
 * Which jobs go first when workers are busy (lower first), each class with a queue of its own
 * (docs/decisions/105-worker-pool.md): a rebuild of the cards before anything (readers must never
 * keep the scheduler's or the operator's rebuild waiting or refused), a login's password check
 * before analyses (the operator logs in while readers fill the queue), analyses last.
 */
export const JOB_CLASS = {
  draftCards: 0,
  draftCardsWithEvidence: 0,
  planCardChanges: 0,
  verifyPassword: 1,
  analyzeLocally: 2,
  groundAnswer: 2,
  readCard: 2,
} as const satisfies Record<keyof typeof JOBS, number>;

export type Jobs = typeof JOBS;
export type JobName = keyof Jobs;
export type JobInput<N extends JobName> = Parameters<Jobs[N]>[0];
export type JobOutput<N extends JobName> = Awaited<ReturnType<Jobs[N]>>;
