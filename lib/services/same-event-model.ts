import "server-only";

/**
 * The model a rebuild asks about the pairs words cannot settle: the OpenAI-compatible model the
 * analysis is configured with (OPENAI_API_KEY or OPENAI_BASE_URL, OPENAI_MODEL), within the
 * CLUSTER_MODEL_* bounds of lib/env.ts. None when no model is configured or CLUSTER_MODEL_MAX_PAIRS
 * is 0. After a call fails or times out, no rebuild asks for a while (the model is down or
 * overloaded; each rebuild would otherwise spend its time budget on it).
 */

import { SameEventJudge } from "@/lib/cluster/verdicts/same-event-judge";
import { env } from "@/lib/env";

/** After a failed call, rebuilds leave the model alone this long (the scheduler's default interval). */
const PAUSE_AFTER_FAILURE_MS = 15 * 60_000;

let judge: SameEventJudge | null | undefined;
let pausedUntil = 0;

/** The judge, or null when no model is configured or asking is switched off. */
export function sameEventJudge(): SameEventJudge | null {
  if (judge !== undefined) return judge;
  if ((!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) || env.CLUSTER_MODEL_MAX_PAIRS === 0)
    return (judge = null);
  return (judge = new SameEventJudge({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL,
    maxRetries: env.OPENAI_MAX_RETRIES,
    maxPairs: env.CLUSTER_MODEL_MAX_PAIRS,
    pairsPerCall: env.CLUSTER_MODEL_PAIRS_PER_CALL,
    maxCalls: env.CLUSTER_MODEL_MAX_CALLS,
    maxTokens: env.CLUSTER_MODEL_MAX_TOKENS,
    budgetMs: env.CLUSTER_MODEL_BUDGET_MS,
    concurrency: env.CLUSTER_MODEL_CONCURRENCY,
  }));
}

/** Whether a rebuild may ask now (not within the pause after a failed call). */
export function mayAskModel(now = Date.now()): boolean {
  return now >= pausedUntil;
}

/** Pauses asking after a call failed or timed out. */
export function pauseModelAfterFailure(now = Date.now()): void {
  pausedUntil = now + PAUSE_AFTER_FAILURE_MS;
}

/** Forgets the judge and the pause (tests that change settings). */
export function resetSameEventModel(): void {
  judge = undefined;
  pausedUntil = 0;
}
