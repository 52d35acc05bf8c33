/**
 * Leave-one-day-out with a model's verdicts: each labelled day is clustered with pair weights
 * fitted on the other days, and its questions go to a same-event judge (through the product's
 * OpenAI-compatible path: `cluster:eval -- --cv --provider=replay` points it at a replay server of
 * recorded answers) in rounds, as a rebuild asks them (lib/cluster/verdicts/model-rounds.ts): the grey zone,
 * then what the cards assembled with the answers leave open. Each day's figures are given without
 * and with the verdicts, with what was asked in each round.
 */
import { clusterWithEvidence } from "@/lib/cluster/assembly/cluster-articles";
import { dayFigures, type DayFigures, type LabelledDay } from "@/scripts/lib/cluster-eval/cross-day";
import { fitPairModel, pairExamples, type PairExamples } from "@/scripts/lib/cluster-eval/fit-pair-model";
import { askInRounds, combineReports } from "@/lib/cluster/verdicts/model-rounds";
import type { SameEventJudge } from "@/lib/cluster/verdicts/same-event-judge";
import type { AskReport } from "@/lib/cluster/verdicts/same-event-metrics";
import type { ClusterOptions } from "@/lib/cluster/types";

export interface JudgedDay {
  day: string;
  /** The cards from words alone (the rebuild's cards when no model is configured or it fails). */
  lexical: DayFigures;
  /** The cards with the model's verdicts. */
  judged: DayFigures;
  /** All rounds together. */
  ask: AskReport;
  /** Each round asked. */
  rounds: AskReport[];
}

export interface JudgedBounds {
  /** Rounds of questions (CLUSTER_MODEL_ROUNDS). */
  rounds: number;
  /** Pairs a day, all rounds together (CLUSTER_MODEL_MAX_PAIRS). */
  maxPairs: number;
}

/** Each day held out in turn: fitted on the others, judged in rounds, clustered with the verdicts. */
export async function judgedCrossDay(
  days: readonly LabelledDay[],
  judge: SameEventJudge,
  bounds: JudgedBounds,
  options: Partial<ClusterOptions> = {},
): Promise<JudgedDay[]> {
  const examples = new Map<string, PairExamples>();
  const examplesOf = (day: LabelledDay) => {
    let found = examples.get(day.name);
    if (!found) examples.set(day.name, (found = pairExamples(day, options)));
    return found;
  };
  const results: JudgedDay[] = [];
  for (const day of days) {
    const others = days.filter((other) => other !== day);
    const pairModel = fitPairModel(
      others.map(examplesOf),
      undefined,
      others.map((d) => d.name),
    );
    const opts = { ...options, pairModel };
    const byId = new Map(day.articles.map((a) => [a.id, a]));
    const outcome = await askInRounds([], true, {
      ...bounds,
      cluster: async (verdicts, questions) => {
        const { clusters, greyZone, wider } = clusterWithEvidence(day.articles, opts, {
          verdicts,
          ...questions,
        });
        return { result: ids(clusters), questions: greyZone, wider };
      },
      ask: (questions, spent) => judge.ask(questions, byId, spent),
    });
    const lexical = clusterWithEvidence(day.articles, opts).clusters;
    results.push({
      day: day.name,
      lexical: dayFigures(day, ids(lexical), false),
      judged: dayFigures(day, outcome.result, false),
      ask: combineReports(outcome.reports, judge.model),
      rounds: outcome.reports,
    });
  }
  return results;
}

const ids = (clusters: readonly { articleIds: string[] }[]) => clusters.map((c) => c.articleIds);
