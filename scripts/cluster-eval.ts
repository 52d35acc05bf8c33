/**
 * `npm run cluster:eval -- [FILE.csv] [--edgeThreshold=0.3 ...]`: clusters a UCI-format CSV and prints
 * B-cubed and pairwise precision/recall/F1, the cluster counts and the time taken. Options named
 * after ClusterOptions override the defaults, for tuning on uci-dev.csv. Without FILE it reads
 * clustering/uci-dev.csv from the data folder (NEWS_DATA_DIR).
 */
import { readFileSync } from "node:fs";
import { clusterArticles, DEFAULT_CLUSTER_OPTIONS } from "@/lib/cluster/cluster-articles";
import { labelsFromClusters, scoreClustering, type PrecisionRecall } from "@/lib/cluster/metrics";
import type { ClusterOptions } from "@/lib/cluster/types";
import { parseUciCsv } from "@/lib/cluster/uci-dataset";
import { dataFolderPath } from "./data-folder";
import { runScript } from "./script-runner";

runScript(async () => {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--")) ?? dataFolderPath("the UCI development headlines", "clustering", "uci-dev.csv");
  const options = parseOptions(args.filter((a) => a.startsWith("--")));
  const { articles, truth } = parseUciCsv(readFileSync(file, "utf8"));
  const started = performance.now();
  const clusters = clusterArticles(articles, options);
  const elapsed = performance.now() - started;
  const score = scoreClustering(labelsFromClusters(clusters.map((c) => c.articleIds)), truth);
  const format = (m: PrecisionRecall) => `precision ${m.precision.toFixed(3)}  recall ${m.recall.toFixed(3)}  F1 ${m.f1.toFixed(3)}`;
  console.log(`${file}: ${articles.length} articles`);
  console.log(`B-cubed   ${format(score.bcubed)}`);
  console.log(`pairwise  ${format(score.pairwise)}`);
  const multi = clusters.filter((c) => c.articleIds.length > 1).length;
  console.log(`clusters  ${score.predictedClusters} predicted (${multi} with 2+ articles) vs ${score.trueClusters} true`);
  console.log(`time      ${elapsed.toFixed(0)} ms`);
});

function parseOptions(flags: string[]): Partial<ClusterOptions> {
  const options: Partial<ClusterOptions> = {};
  for (const flag of flags) {
    const [name, value] = flag.slice(2).split("=");
    if (!(name in DEFAULT_CLUSTER_OPTIONS) || !Number.isFinite(Number(value))) throw new Error(`Unknown option ${flag}.`);
    options[name as keyof ClusterOptions] = Number(value);
  }
  return options;
}
