/**
 * The analysis's CPU-bound steps, the local analyzer, the check of an answer and the product's own
 * reading of a card, run in the worker
 * pool (lib/workers/pool.ts) so that hostile text never blocks the event loop (issue 23): twenty
 * such requests at once queue for two worker threads instead of taking turns on the main one.
 */

import { WorkerTimeoutError } from "@/lib/workers/errors";
import type { JobInput, JobOutput } from "@/lib/workers/jobs";
import { runOffThread } from "@/lib/workers/run-off-thread";
import { AnalysisTimeoutError } from "@/lib/analysis/errors";
import {
  LOCAL_PROVIDER_INFO,
  type AnalysisProvider,
  type ModelDraft,
  type ProviderAnalysis,
} from "@/lib/analysis/provider";
import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { ANALYSIS_BUDGET } from "@/lib/analysis/work-budget";

/**
 * A job's time limit in the pool: the work budget's own deadline ends a slow job first (504);
 * this only stops a worker that stopped answering, and covers a new worker's start.
 */
const JOB_TIMEOUT_MS = 2 * ANALYSIS_BUDGET.deadlineMs;

type AnalysisJob = "analyzeLocally" | "groundAnswer" | "readCard";

/**
 * Runs an analysis job off the main thread (lib/workers/run-off-thread.ts; a full queue rejects
 * with WorkerBusyError, 503); a worker out of time is an analysis out of time. Without any worker
 * thread the job runs here, time-sliced (docs/decisions/070-analysis-work-budget.md).
 */
async function runJob<N extends AnalysisJob>(job: N, input: JobInput<N>): Promise<JobOutput<N>> {
  try {
    return await runOffThread(job, input, JOB_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof WorkerTimeoutError) throw new AnalysisTimeoutError(error.message);
    throw error;
  }
}

/** The local analyzer as a provider whose work runs in a worker thread. */
export const offThreadLocalAnalyzer: AnalysisProvider = {
  info: () => LOCAL_PROVIDER_INFO,
  analyze: (articles) => runJob("analyzeLocally", articles),
};

/** The grounding check of an answer (lib/analysis/checked-answer.ts) in a worker thread. */
export function groundAnswerOffThread(answer: ProviderAnalysis | ModelDraft, articles: AnalysisArticle[]) {
  return runJob("groundAnswer", { answer, articles });
}

/** The product's own reading of a card, for a model answer's corroboration, in a worker thread. */
export function readCardOffThread(articles: AnalysisArticle[]) {
  return runJob("readCard", articles);
}
