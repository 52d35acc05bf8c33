/**
 * In-process counters of what this instance asked the model about pairs of reports (lib/cluster/
 * same-event-judge.ts): asks (one a round, lib/cluster/verdicts/model-rounds.ts), pairs, calls, verdicts by answer, failures by kind, tokens and time,
 * rendered in Prometheus text format by the operator's metrics route (lib/services/render-metrics.ts).
 */
import type { PairVerdict } from "@/lib/cluster/verdicts/pair-verdicts";
import { metric, metricsText, sample } from "@/lib/prometheus";

/** Why a call gave no verdicts. */
export type CallFailure = "timeout" | "error" | "refused" | "malformed";

/** What one ask did, for the rebuild's log and the metrics. */
export interface AskReport {
  model: string;
  /** Grey-zone pairs offered, and of them those sent to the model. */
  offered: number;
  asked: number;
  calls: number;
  verdicts: PairVerdict[];
  /** Pairs of answered calls that the answer left out. */
  unanswered: number;
  failures: Partial<Record<CallFailure, number>>;
  /** Tokens as the server counted them (estimated where it did not say). */
  promptTokens: number;
  completionTokens: number;
  ms: number;
  /**
   * What left offered pairs without an answer, if anything: a bound, or a call that failed in a
   * way that says the model is unusable for now (out of reach, out of time, overloaded, refusing
   * the key), after which no further call was made.
   */
  stoppedBy: "pairs" | "calls" | "tokens" | "time" | "failure" | null;
}

/** A report of nothing asked yet: `offered` pairs, and what stops them before any call, if anything. */
export function emptyAskReport(
  model: string,
  offered = 0,
  stoppedBy: AskReport["stoppedBy"] = null,
): AskReport {
  return {
    model,
    offered,
    asked: 0,
    calls: 0,
    verdicts: [],
    unanswered: 0,
    failures: {},
    promptTokens: 0,
    completionTokens: 0,
    ms: 0,
    stoppedBy,
  };
}

interface Counters {
  asks: number;
  pairs: number;
  calls: number;
  verdicts: Record<"same" | "different" | "unclear" | "unanswered", number>;
  failures: Record<CallFailure, number>;
  stopped: Map<string, number>;
  promptTokens: number;
  completionTokens: number;
  ms: number;
}

const fresh = (): Counters => ({
  asks: 0,
  pairs: 0,
  calls: 0,
  verdicts: { same: 0, different: 0, unclear: 0, unanswered: 0 },
  failures: { timeout: 0, error: 0, refused: 0, malformed: 0 },
  stopped: new Map(),
  promptTokens: 0,
  completionTokens: 0,
  ms: 0,
});

const holder = globalThis as unknown as { __sameEventCounters?: Counters };
const counters = (holder.__sameEventCounters ??= fresh());

/** Counts one ask. */
export function recordAsk(report: AskReport): void {
  counters.asks++;
  counters.pairs += report.asked;
  counters.calls += report.calls;
  for (const v of report.verdicts) counters.verdicts[v.verdict]++;
  counters.verdicts.unanswered += report.unanswered;
  for (const [kind, n] of Object.entries(report.failures)) counters.failures[kind as CallFailure] += n;
  if (report.stoppedBy)
    counters.stopped.set(report.stoppedBy, (counters.stopped.get(report.stoppedBy) ?? 0) + 1);
  counters.promptTokens += report.promptTokens;
  counters.completionTokens += report.completionTokens;
  counters.ms += report.ms;
}

/** The counters as they stand (a copy). */
export function sameEventCounters(): Readonly<Counters> {
  return {
    ...counters,
    verdicts: { ...counters.verdicts },
    failures: { ...counters.failures },
    stopped: new Map(counters.stopped),
  };
}

/** The counters in Prometheus text exposition format. */
export function renderSameEventMetrics(): string {
  const c = counters;
  const byLabel = (name: string, key: string, entries: Iterable<[string, number]>) =>
    [...entries].map(([value, n]) => sample(name, n, { [key]: value }));
  return metricsText([
    ...metric(
      "cluster_model_asks_total",
      "Rounds of questions rebuilds put to the model (the grey zone, then later rounds'; CLUSTER_MODEL_ROUNDS a rebuild).",
      "counter",
      c.asks,
    ),
    ...metric(
      "cluster_model_pairs_asked_total",
      "Pairs sent to the model (grey-zone pairs and later rounds' questions).",
      "counter",
      c.pairs,
    ),
    ...metric("cluster_model_calls_total", "Model calls made for pairs of reports.", "counter", c.calls),
    ...metric(
      "cluster_model_verdicts_total",
      "Verdicts on grey-zone pairs, by answer (unanswered: left out of an answer).",
      "counter",
      byLabel("cluster_model_verdicts_total", "verdict", Object.entries(c.verdicts)),
    ),
    ...metric(
      "cluster_model_call_failures_total",
      "Model calls that gave no verdicts, by kind.",
      "counter",
      byLabel("cluster_model_call_failures_total", "kind", Object.entries(c.failures)),
    ),
    ...metric(
      "cluster_model_asks_cut_total",
      "Rounds that a bound or a failure stopped before every pair was asked, by cause.",
      "counter",
      byLabel("cluster_model_asks_cut_total", "cause", c.stopped),
    ),
    ...metric(
      "cluster_model_tokens_total",
      "Tokens of the model calls (as the server counted them), by kind.",
      "counter",
      byLabel("cluster_model_tokens_total", "kind", [
        ["prompt", c.promptTokens],
        ["completion", c.completionTokens],
      ]),
    ),
    ...metric(
      "cluster_model_seconds_total",
      "Time rebuilds spent asking the model.",
      "counter",
      (c.ms / 1000).toFixed(3),
    ),
  ]);
}
