import "server-only";

/**
 * A rebuild's questions to the model, one round at a time (lib/cluster/verdicts/model-rounds.ts): the
 * pairs (the grey zone, lib/cluster/verdicts/grey-zone.ts, or a later round's, lib/cluster/verdicts/follow-up.ts)
 * go to the same-event judge within what is left of its bounds, every answer is stored per pair and model (so a pair is
 * asked once), and what happened is logged and counted (lib/cluster/verdicts/same-event-metrics.ts). A
 * model that fails or times out pauses the asking (lib/services/same-event-model.ts); whatever
 * it did, the rebuild goes on with the verdicts it has: the cards from words alone stand.
 */

import type { PrismaClient } from "@/generated/prisma/client";
import type { GreyPair } from "@/lib/cluster/verdicts/grey-zone";
import type { PairVerdict } from "@/lib/cluster/verdicts/pair-verdicts";
import { combineReports } from "@/lib/cluster/verdicts/model-rounds";
import type { AskSpent, SameEventJudge } from "@/lib/cluster/verdicts/same-event-judge";
import type { AskReport } from "@/lib/cluster/verdicts/same-event-metrics";
import type { ClusterArticle } from "@/lib/cluster/types";
import { logger } from "@/lib/log";
import { savePairVerdicts } from "@/lib/storage/pair-verdicts";
import { pauseModelAfterFailure } from "./same-event-model";

/** What a rebuild asked the model and what came of it (part of the rebuild's summary and log). */
export interface ModelSummary {
  model: string;
  /** Rounds asked (lib/cluster/verdicts/model-rounds.ts). */
  rounds: number;
  /** Grey-zone pairs without a verdict, and of them those sent. */
  offered: number;
  asked: number;
  calls: number;
  same: number;
  different: number;
  unclear: number;
  unanswered: number;
  /** New verdicts stored. */
  stored: number;
  failures: AskReport["failures"];
  promptTokens: number;
  completionTokens: number;
  ms: number;
  stoppedBy: AskReport["stoppedBy"];
}

/**
 * One round: asks about the pairs within what is left of the rebuild's bounds, stores the
 * verdicts, logs; never rejects for the model's sake. A model that failed pauses the asking.
 */
export async function askModelAboutPairs(
  prisma: PrismaClient,
  judge: SameEventJudge,
  articles: readonly ClusterArticle[],
  pairs: readonly GreyPair[],
  spent?: AskSpent,
): Promise<AskReport & { stored: number }> {
  const report = await judge.ask(pairs, new Map(articles.map((a) => [a.id, a])), spent);
  const stored = await savePairVerdicts(prisma, judge.model, report.verdicts);
  const summary = summarize(report, stored, 1);
  const down = report.stoppedBy === "failure" || (report.stoppedBy === "time" && !report.verdicts.length);
  if (down) pauseModelAfterFailure();
  const failed = Object.keys(report.failures).length > 0;
  if (failed || down) logger.warn({ ...summary, paused: down }, "the model failed on some grey-zone pairs");
  else logger.info(summary, "asked the model about grey-zone pairs");
  return { ...report, stored };
}

/** The rounds of one rebuild as its summary. */
export function summarizeRounds(
  model: string,
  reports: readonly (AskReport & { stored: number })[],
): ModelSummary {
  const stored = reports.reduce((sum, r) => sum + r.stored, 0);
  return summarize(combineReports(reports, model), stored, reports.length);
}

function summarize(report: AskReport, stored: number, rounds: number): ModelSummary {
  const count = (verdict: PairVerdict["verdict"]) =>
    report.verdicts.filter((v) => v.verdict === verdict).length;
  return {
    model: report.model,
    rounds,
    offered: report.offered,
    asked: report.asked,
    calls: report.calls,
    same: count("same"),
    different: count("different"),
    unclear: count("unclear"),
    unanswered: report.unanswered,
    stored,
    failures: report.failures,
    promptTokens: report.promptTokens,
    completionTokens: report.completionTokens,
    ms: report.ms,
    stoppedBy: report.stoppedBy,
  };
}
