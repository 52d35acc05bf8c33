/**
 * `npm run cluster:train [-- --out=FILE]`: fits the pair model on every labelled feed day of the
 * data folder (clustering/feeds-dev-*.jsonl) and writes the weights the clusterer reads
 * (lib/cluster/score/pair-weights.json by default), with the days, the method and the leave-one-day-out
 * figures the same fit reaches on days it did not see. Deterministic: the same days give the same
 * file. Headlines-only batches keep their own hand-set weights (lib/cluster/score/pair-weights-headlines.json).
 */
import { writeFileSync } from "node:fs";
import * as prettier from "prettier";
import {
  crossDay,
  formatFigures,
  meanFigures,
  readLabelledDays,
  type DayFigures,
} from "@/scripts/lib/cluster-eval/cross-day";
import { learnedMethod } from "@/scripts/lib/cluster-eval/fit-pair-model";
import { dataFolderPath } from "./data-folder";
import { runScript } from "./script-runner";

const DEFAULT_OUT = "lib/cluster/score/pair-weights.json";

runScript(async () => {
  const outFlag = process.argv.find((a) => a.startsWith("--out="));
  const out = outFlag ? outFlag.slice("--out=".length) : DEFAULT_OUT;
  const days = readLabelledDays(dataFolderPath("the labelled feed days", "clustering"));
  if (days.length < 2) throw new Error("Fitting needs at least two labelled days (one to hold out).");
  const method = learnedMethod();
  const figures = crossDay(days, method);
  console.log(`Leave-one-day-out over ${days.length} labelled days (shares in %):`);
  console.log(formatFigures(figures));
  const model = method.fit(days);
  const round = (x: number) => Number(x.toFixed(3));
  const compact = (f: Omit<DayFigures, "day" | "fittedOn">) => ({
    cards: round(f.cards),
    pure: round(f.pure),
    misplaced: round(f.misplaced),
    carded: round(f.carded),
    duplicates: round(f.duplicates),
    bcubedF1: round(f.bcubed.f1),
  });
  const file = {
    ...model,
    crossDay: {
      note: "Each day clustered with weights fitted on the other days (leave-one-day-out), with the defaults of lib/cluster/tuning.ts.",
      days: Object.fromEntries(figures.map((f) => [f.day, compact(f)])),
      mean: compact(meanFigures(figures)),
    },
  };
  // Formatted as the repository formats JSON, so a refit with no change leaves the file alone.
  const style = (await prettier.resolveConfig(out)) ?? {};
  writeFileSync(out, await prettier.format(JSON.stringify(file, null, 2), { ...style, parser: "json" }));
  console.log(`wrote ${out}: fitted on ${days.map((d) => d.name).join(", ")}`);
});
