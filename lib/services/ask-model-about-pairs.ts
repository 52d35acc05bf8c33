import "server-only";

/**
 * A rebuild's questions to the model: the grey-zone pairs (lib/cluster/grey-zone.ts) go to the
 * same-event judge within its bounds, every answer is stored per pair and model (so a pair is
 * asked once), and what happened is logged and counted (lib/cluster/same-event-metrics.ts). A
 * model that fails or times out pauses the asking (lib/services/same-event-model.ts); whatever
 * it did, the rebuild goes on with the verdicts it has: the cards from words alone stand.
 */

import type { PrismaClient } from "@/generated/prisma/client";
import type { GreyPair } from "@/lib/cluster/grey-zone";
import type { PairVerdict } from "@/lib/cluster/pair-verdicts";
import type { AskReport, SameEventJudge } from "@/lib/cluster/same-event-judge";
import type { ClusterArticle } from "@/lib/cluster/types";
import { logger } from "@/lib/log";
import { savePairVerdicts } from "@/lib/storage/pair-verdicts";
import { pauseModelAfterFailure } from "./same-event-model";

/** What a rebuild asked the model and what came of it (part of the rebuild's summary and log). */
export interface ModelSummary {
  model: string;
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

/** Asks about the pairs, stores the verdicts, logs; never rejects for the model's sake. */
export async function askModelAboutPairs(
  prisma: PrismaClient,
  judge: SameEventJudge,
  articles: readonly ClusterArticle[],
  pairs: readonly GreyPair[],
): Promise<{ summary: ModelSummary; verdicts: PairVerdict[]; changesCards: boolean }> {
  const report = await judge.ask(pairs, new Map(articles.map((a) => [a.id, a])));
  const count = (verdict: PairVerdict["verdict"]) =>
    report.verdicts.filter((v) => v.verdict === verdict).length;
  const stored = await savePairVerdicts(prisma, judge.model, report.verdicts);
  const summary: ModelSummary = {
    model: report.model,
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
  const down = report.stoppedBy === "failure" || (report.stoppedBy === "time" && !report.verdicts.length);
  if (down) pauseModelAfterFailure();
  const failed = Object.keys(report.failures).length > 0;
  if (failed || down) logger.warn({ ...summary, paused: down }, "the model failed on some grey-zone pairs");
  else logger.info(summary, "asked the model about grey-zone pairs");
  return { summary, verdicts: report.verdicts, changesCards: summary.same + summary.different > 0 };
}
