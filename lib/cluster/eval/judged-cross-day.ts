/**
 * Leave-one-day-out with a model's verdicts: each labelled day is clustered with pair weights
 * fitted on the other days, its grey-zone pairs are sent to a same-event judge (through the
 * product's OpenAI-compatible path: `cluster:eval -- --cv --provider=replay` points it at a replay
 * server of recorded answers), and the day is clustered again with the verdicts, as a rebuild
 * does. Each day's figures are given without and with the verdicts, with what was asked.
 */
import { clusterWithEvidence } from "@/lib/cluster/cluster-articles";
import { dayFigures, type DayFigures, type LabelledDay } from "@/lib/cluster/eval/cross-day";
import { fitPairModel, pairExamples, type PairExamples } from "@/lib/cluster/eval/fit-pair-model";
import type { GreyZoneOptions } from "@/lib/cluster/grey-zone";
import type { AskReport, SameEventJudge } from "@/lib/cluster/same-event-judge";
import type { ClusterOptions } from "@/lib/cluster/types";

export interface JudgedDay {
  day: string;
  /** The cards from words alone (the rebuild's cards when no model is configured or it fails). */
  lexical: DayFigures;
  /** The cards with the model's verdicts. */
  judged: DayFigures;
  ask: AskReport;
}

/** Each day held out in turn: fitted on the others, judged, clustered again with the verdicts. */
export async function judgedCrossDay(
  days: readonly LabelledDay[],
  judge: SameEventJudge,
  greyZone: GreyZoneOptions,
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
    const first = clusterWithEvidence(day.articles, opts, { greyZone });
    const byId = new Map(day.articles.map((a) => [a.id, a]));
    const ask = await judge.ask(first.greyZone, byId);
    const second = clusterWithEvidence(day.articles, opts, { verdicts: ask.verdicts });
    results.push({
      day: day.name,
      lexical: dayFigures(day, ids(first.clusters), false),
      judged: dayFigures(day, ids(second.clusters), false),
      ask,
    });
  }
  return results;
}

const ids = (clusters: readonly { articleIds: string[] }[]) => clusters.map((c) => c.articleIds);
