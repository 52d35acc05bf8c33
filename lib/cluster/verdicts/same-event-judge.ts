/**
 * Asks an OpenAI-compatible model (the one configured for the analysis) whether the grey-zone
 * pairs of a rebuild report the same story, within bounds: at most so many pairs, calls and
 * estimated tokens, and a deadline the whole ask never outlives (calls still out are aborted).
 * A call that fails, times out, is refused or answers outside the format gives no verdicts and
 * is counted; after a call fails or times out no further call is made in that ask (the model is
 * down or overloaded: the lexical cards stand). Every ask is logged and counted for the metrics.
 * The prompt and the reading of answers: lib/cluster/verdicts/same-event-prompt.ts; decision 025.
 */
import OpenAI from "openai";
import type { GreyPair } from "@/lib/cluster/verdicts/grey-zone";
import {
  batchPairs,
  batchRequest,
  readAnswer,
  SAME_EVENT_RESPONSE_FORMAT,
  type SameEventBatch,
} from "@/lib/cluster/verdicts/same-event-prompt";
import {
  emptyAskReport,
  recordAsk,
  type AskReport,
  type CallFailure,
} from "@/lib/cluster/verdicts/same-event-metrics";
import type { ClusterArticle } from "@/lib/cluster/types";

/** The bounds of one ask (one rebuild); the settings: CLUSTER_MODEL_* in lib/env.ts. */
export interface SameEventBounds {
  maxPairs: number;
  pairsPerCall: number;
  maxCalls: number;
  /** Estimated tokens (request and answer) over all calls. */
  maxTokens: number;
  /** The whole ask, calls in flight included. */
  budgetMs: number;
  /** Calls in flight at once. */
  concurrency: number;
}

export interface SameEventJudgeOptions extends SameEventBounds {
  apiKey?: string;
  baseURL?: string;
  model: string;
  /** SDK retries of one call (each within the deadline). */
  maxRetries: number;
}

/** What earlier rounds of the same rebuild spent of its bounds (lib/cluster/verdicts/model-rounds.ts). */
export interface AskSpent {
  pairs: number;
  calls: number;
  tokens: number;
  ms: number;
}

export const NOTHING_SPENT: AskSpent = { pairs: 0, calls: 0, tokens: 0, ms: 0 };

const DEFAULT_BASE_URL = "https://api.openai.com/v1";

export class SameEventJudge {
  private readonly client: OpenAI;

  constructor(private readonly options: SameEventJudgeOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey ?? "not-needed",
      baseURL: options.baseURL ?? DEFAULT_BASE_URL,
      organization: null,
      project: null,
      maxRetries: options.maxRetries,
      logLevel: "off",
    });
  }

  get model(): string {
    return this.options.model;
  }

  /**
   * Asks about the pairs (best first) within the bounds, less what earlier rounds of the rebuild
   * spent; never rejects, never outlives what is left of budgetMs.
   */
  async ask(
    pairs: readonly GreyPair[],
    articles: ReadonlyMap<string, ClusterArticle>,
    spent: AskSpent = NOTHING_SPENT,
  ): Promise<AskReport> {
    const started = performance.now() - spent.ms;
    const plan = this.plan(pairs, articles, spent);
    const report = emptyAskReport(this.options.model, pairs.length, plan.stoppedBy);
    if (plan.batches.length) await this.run(plan.batches, report, started);
    report.ms = Math.round(performance.now() - started - spent.ms);
    recordAsk(report);
    return report;
  }

  /** The batches the bounds allow, in order, and which bound cut the list (if one did). */
  private plan(pairs: readonly GreyPair[], articles: ReadonlyMap<string, ClusterArticle>, spent: AskSpent) {
    const { pairsPerCall } = this.options;
    const maxPairs = Math.max(0, this.options.maxPairs - spent.pairs);
    const maxCalls = this.options.maxCalls - spent.calls;
    const maxTokens = this.options.maxTokens - spent.tokens;
    let stoppedBy: AskReport["stoppedBy"] = pairs.length > maxPairs ? "pairs" : null;
    if (spent.ms >= this.options.budgetMs && pairs.length) return { batches: [], stoppedBy: "time" as const };
    const batches: SameEventBatch[] = [];
    let tokens = 0;
    for (const chunk of batchPairs(pairs.slice(0, maxPairs), Math.max(1, pairsPerCall))) {
      if (batches.length >= maxCalls) {
        stoppedBy = "calls";
        break;
      }
      const batch = batchRequest(chunk, articles);
      if (tokens + batch.estimatedTokens > maxTokens) {
        stoppedBy = "tokens";
        break;
      }
      tokens += batch.estimatedTokens;
      batches.push(batch);
    }
    return { batches, stoppedBy };
  }

  /** Sends the batches, a few at a time, until done, the deadline or a failed call. */
  private async run(batches: SameEventBatch[], report: AskReport, started: number): Promise<void> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"time">((resolve) => {
      timer = setTimeout(
        () => resolve("time"),
        Math.max(0, this.options.budgetMs - (performance.now() - started)),
      );
    });
    let next = 0;
    let halted = false;
    const worker = async () => {
      while (!halted && next < batches.length) {
        const batch = batches[next++];
        report.calls++;
        report.asked += batch.pairs.length;
        if (await this.call(batch, report, controller.signal)) halted = true;
      }
    };
    const workers = Array.from({ length: Math.max(1, this.options.concurrency) }, worker);
    const outcome = await Promise.race([Promise.all(workers).then(() => "done" as const), deadline]);
    clearTimeout(timer);
    if (outcome === "time") {
      halted = true;
      controller.abort();
      report.stoppedBy = "time";
    } else if (halted) report.stoppedBy = "failure";
  }

  /**
   * One call: its verdicts go into the report; a failure is counted. True when no further call
   * should be made: the model is out of reach, out of time, overloaded or refuses the key (a
   * request it cannot take, a refusal or an answer out of format concern that request only).
   */
  private async call(batch: SameEventBatch, report: AskReport, signal: AbortSignal): Promise<boolean> {
    const fail = (kind: CallFailure, halts = false) => {
      report.failures[kind] = (report.failures[kind] ?? 0) + 1;
      return halts;
    };
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(
        {
          model: this.options.model,
          temperature: 0,
          messages: batch.messages,
          response_format: SAME_EVENT_RESPONSE_FORMAT,
        },
        { signal, timeout: this.options.budgetMs },
      );
    } catch (error) {
      if (signal.aborted) return true; // the deadline passed: the ask reports "time"
      if (error instanceof OpenAI.APIConnectionTimeoutError) return fail("timeout", true);
      return fail("error", haltsAfter(error));
    }
    if (signal.aborted) return true;
    report.promptTokens += completion.usage?.prompt_tokens ?? batch.estimatedTokens;
    report.completionTokens += completion.usage?.completion_tokens ?? 0;
    const choice = completion.choices[0];
    if (!choice) return fail("malformed");
    if (choice.message.refusal) return fail("refused");
    if (choice.finish_reason === "length") return fail("malformed");
    try {
      const answer = readAnswer(choice.message.content, batch.pairs);
      report.verdicts.push(...answer.verdicts);
      report.unanswered += answer.unanswered;
      return false;
    } catch {
      return fail("malformed");
    }
  }
}

/** Whether a failed call says the model is unusable for now (not just this one request). */
function haltsAfter(error: unknown): boolean {
  if (!(error instanceof OpenAI.APIError) || !error.status) return true; // out of reach
  return (
    error.status === 401 ||
    error.status === 403 ||
    error.status === 404 ||
    error.status === 429 ||
    error.status >= 500
  );
}
