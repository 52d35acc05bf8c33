/**
 * Rounds of questions to the model within one rebuild's bounds (decision 027). With no verdicts
 * yet, round 1 asks the grey zone (lib/cluster/verdicts/grey-zone.ts); every other round assembles the
 * cards with every answer so far (stored or just given) and asks what those cards leave open
 * (lib/cluster/verdicts/follow-up.ts), until CLUSTER_MODEL_ROUNDS rounds, nothing left to ask, a bound or
 * a failure. Once in a rebuild, in the first round whose follow-ups leave nothing to ask or else
 * in the round before the last (so that the last can follow their answers up), a round also asks
 * the wider questions about the reports no card holds (lib/cluster/verdicts/wider-questions.ts,
 * decision 174), after its follow-ups. The last answers are followed by one more assembly: those
 * are the cards. The same loop serves the rebuild (clustering in a worker thread, answers stored)
 * and the eval (in place).
 */
import type { GreyPair, GreyZoneOptions } from "@/lib/cluster/verdicts/grey-zone";
import type { FollowUpOptions } from "@/lib/cluster/verdicts/follow-up";
import type { WiderOptions } from "@/lib/cluster/verdicts/wider-questions";
import type { PairVerdict } from "@/lib/cluster/verdicts/pair-verdicts";
import type { AskSpent } from "@/lib/cluster/verdicts/same-event-judge";
import { emptyAskReport, type AskReport } from "@/lib/cluster/verdicts/same-event-metrics";
import { FOLLOW_UP, GREY_ZONE, VERDICT_TIES, WIDER_QUESTIONS } from "@/lib/cluster/tuning";

/**
 * What to ask for in one clustering: round 1's grey zone, a later round's follow-up (with the
 * wider questions when they are still to be asked), or nothing.
 */
export type RoundQuestions =
  | { greyZone: GreyZoneOptions; followUp?: undefined; wider?: undefined }
  | { followUp: FollowUpOptions; wider?: WiderOptions & { always: boolean }; greyZone?: undefined }
  | { greyZone?: undefined; followUp?: undefined; wider?: undefined };

export interface RoundsOf<Result, Report extends AskReport = AskReport> {
  /** How many rounds at most (CLUSTER_MODEL_ROUNDS). */
  rounds: number;
  /** The rebuild's pair bound (CLUSTER_MODEL_MAX_PAIRS): no round asks past it. */
  maxPairs: number;
  /**
   * Clusters with these verdicts, returning the questions asked for (none when `questions` is
   * empty): the grey zone's or the follow-up's, and the wider questions when chosen.
   */
  cluster(
    verdicts: readonly PairVerdict[],
    questions: RoundQuestions,
  ): Promise<{ result: Result; questions: GreyPair[]; wider?: GreyPair[] }>;
  /** Asks the model, within what is left of the bounds. */
  ask(questions: readonly GreyPair[], spent: AskSpent): Promise<Report>;
}

export interface RoundsOutcome<Result, Report extends AskReport = AskReport> {
  /** The last clustering's result: the cards. */
  result: Result;
  /** One report per round asked. */
  reports: Report[];
  /** The verdicts the rounds brought (not the ones given). */
  verdicts: PairVerdict[];
  /** Questions may be left: a bound or a failure stopped the last round, or the rounds ran out. */
  left: boolean;
}

/**
 * What a round asks for: the grey zone when no verdict is known yet, else the follow-up, and with
 * `wider` the wider questions (when the follow-up leaves nothing, or `always`); `spent` pairs asked already.
 */
export function roundQuestions(
  anyVerdict: boolean,
  spent: number,
  maxPairs: number,
  wider: { always: boolean } | null = null,
): RoundQuestions {
  const limit = Math.min(GREY_ZONE.perRound, maxPairs - spent);
  if (limit <= 0) return {};
  const band = { ...GREY_ZONE, limit };
  if (!anyVerdict) return { greyZone: band };
  const followUp = { ...band, ...FOLLOW_UP, ...VERDICT_TIES };
  if (!wider) return { followUp };
  const { low, high } = GREY_ZONE;
  return { followUp, wider: { ...WIDER_QUESTIONS, low, high, always: wider.always } };
}

/** Runs the rounds: cluster, ask, cluster again, … ; `asking` false clusters once with `known`. */
export async function askInRounds<Result, Report extends AskReport = AskReport>(
  known: readonly PairVerdict[],
  asking: boolean,
  rounds: RoundsOf<Result, Report>,
): Promise<RoundsOutcome<Result, Report>> {
  const reports: Report[] = [];
  const verdicts: PairVerdict[] = [];
  const spent: AskSpent = { pairs: 0, calls: 0, tokens: 0, ms: 0 };
  // The wider questions are asked once a rebuild, by the round before the last at the latest.
  let widened = false;
  const turn = (round: number) => (widened ? null : { always: round >= Math.max(2, rounds.rounds - 1) });
  let next = asking ? roundQuestions(known.length > 0, 0, rounds.maxPairs, turn(1)) : {};
  let { result, questions, wider = [] } = await rounds.cluster(known, next);
  while (questions.length || wider.length) {
    questions = [...questions, ...wider];
    widened ||= wider.length > 0;
    const report = await rounds.ask(questions, { ...spent });
    reports.push(report);
    verdicts.push(...report.verdicts);
    spent.pairs += report.asked;
    spent.calls += report.calls;
    spent.tokens += report.promptTokens + report.completionTokens;
    spent.ms += report.ms;
    // Answers that settle nothing ("unclear", or none) leave the cards as they are.
    if (!report.verdicts.some((v) => v.verdict !== "unclear"))
      return { result, reports, verdicts, left: report.stoppedBy !== null };
    const more = reports.length < rounds.rounds && report.stoppedBy === null;
    next = more ? roundQuestions(true, spent.pairs, rounds.maxPairs, turn(reports.length + 1)) : {};
    ({ result, questions, wider = [] } = await rounds.cluster([...known, ...verdicts], next));
    if (!more) return { result, reports, verdicts, left: true };
  }
  return { result, reports, verdicts, left: false };
}

/** The rounds' reports as one (what the rebuild did in all): sums, and what stopped the last round. */
export function combineReports(reports: readonly AskReport[], model: string): AskReport {
  const total = emptyAskReport(model);
  for (const report of reports) {
    total.offered += report.offered;
    total.asked += report.asked;
    total.calls += report.calls;
    total.verdicts.push(...report.verdicts);
    total.unanswered += report.unanswered;
    for (const [kind, n] of Object.entries(report.failures) as [keyof AskReport["failures"], number][])
      total.failures[kind] = (total.failures[kind] ?? 0) + n;
    total.promptTokens += report.promptTokens;
    total.completionTokens += report.completionTokens;
    total.ms += report.ms;
    total.stoppedBy = report.stoppedBy;
  }
  return total;
}
