/**
 * `npm run cluster:eval -- [FILE] [--show] [--ceiling] [--write-clusters=OUT.jsonl] [--cv [--hand] [--ablation]] [--weights=FILE.json] [--edgeThreshold=0.3 ...]`:
 * clusters a labelled set and prints how the clusters and the cards a reader would see fare against
 * the truth. `--ceiling` prints, per multi-outlet story, its best pair across outlets and how many
 * pairs of different stories score as high (scripts/lib/cluster-eval/pair-ceiling.ts). FILE is a UCI-format CSV
 * (headlines) or a labelled feed day in JSON Lines (title, summary and link, as ingest stores them);
 * without it, clustering/uci-dev.csv of the data folder (NEWS_DATA_DIR). Options named after
 * ClusterOptions override the defaults; `--weights` scores pairs with another weights file.
 * `--cv` runs leave-one-day-out over every labelled feed day (the figure that counts: each day
 * clustered by weights fitted on the others), `--hand` adds the hand-set clusterer of decision 022,
 * `--ablation` refits without each feature in turn. A single labelled day that the committed
 * weights were fitted on is printed as "(fitted on)". `--cv --provider=replay` also sends each
 * held-out day's grey-zone pairs through the product's OpenAI-compatible path to a replay server
 * of recorded answers (tests/fixtures/model-replay/pairs/; a request without a recording is saved
 * under its pending/ folder and gives no verdicts), clusters the day again with the verdicts and
 * prints both, with the pairs and calls asked per day. `--json` ends the output with one line:
 * {"days": {DAY: {pure, misplaced, carded, duplicates}}, "mean": {…}}, shares as fractions (with
 * a provider, the figures with its verdicts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { clusterArticles, SUMMARY_PAIR_MODEL } from "@/lib/cluster/assembly/cluster-articles";
import { DEFAULT_CLUSTER_OPTIONS } from "@/lib/cluster/tuning";
import { parseLabelledJsonl } from "@/scripts/lib/cluster-eval/labelled-feeds";
import {
  labelsFromClusters,
  scoreCards,
  scoreClustering,
  type PrecisionRecall,
} from "@/scripts/lib/cluster-eval/metrics";
import { pairCeiling, type StoryCeiling } from "@/scripts/lib/cluster-eval/pair-ceiling";
import type { ClusterArticle, ClusterOptions, PairModelFile } from "@/lib/cluster/types";
import { parseUciCsv } from "@/scripts/lib/cluster-eval/uci-dataset";
import {
  cardShares,
  crossDay,
  dayOfFile,
  formatFigures,
  meanFigures,
  readLabelledDays,
} from "@/scripts/lib/cluster-eval/cross-day";
import { learnedMethod, type PairExamples } from "@/scripts/lib/cluster-eval/fit-pair-model";
import { EVIDENCE_FEATURES } from "@/lib/cluster/evidence/evidence-features";
import handWeights from "@/scripts/lib/cluster-eval/pair-weights-hand.json";
import { env } from "@/lib/env";
import { judgedCrossDay, type JudgedDay } from "@/scripts/lib/cluster-eval/judged-cross-day";
import { SameEventJudge } from "@/lib/cluster/verdicts/same-event-judge";
import { startModelReplay } from "@/tests/helpers/model-replay";
import type { DayFigures } from "@/scripts/lib/cluster-eval/cross-day";
import { dataFolderPath } from "./data-folder";
import { runScript } from "./script-runner";

// The hand-set clusterer of decision 022, for comparison: its weights and its thresholds (on the
// scale of a damped cosine), with neighbour votes on as they were.
const HAND_SET_OPTIONS: Partial<ClusterOptions> = {
  pairModel: handWeights as PairModelFile,
  mergeAverage: 0.18,
  linkFloor: 0.1,
  edgeThreshold: 0.18,
  strongPair: Infinity,
  attachRounds: 3,
  attachEdgeThreshold: 0.1,
  attachThreshold: 0.4,
};

const USAGE =
  "Usage: npm run cluster:eval -- [FILE.csv|FILE.jsonl] [--show] [--ceiling] [--write-clusters=OUT.jsonl] [--cv [--hand] [--ablation] [--provider=replay] [--json]] [--weights=FILE.json] [--edgeThreshold=0.3 ...]";

/** The recorded answers `--provider=replay` replays (tests/fixtures/model-replay/pairs/README.md). */
const REPLAY_DIR = "tests/fixtures/model-replay/pairs";

runScript(async () => {
  const { file, show, ceiling, writeClusters, options, cv, hand, ablation, provider, json } = parseArguments(
    process.argv.slice(2),
  );
  if (cv && provider) {
    await printJudgedCrossDay(options, json);
    return;
  }
  if (cv) {
    printCrossDay(options, hand, ablation, json);
    return;
  }
  const text = readFileSync(file, "utf8");
  const { articles, truth } = /\.jsonl$/i.test(file) ? parseLabelledJsonl(text) : parseUciCsv(text);
  const started = performance.now();
  const clusters = clusterArticles(articles, options);
  const elapsed = performance.now() - started;
  const members = clusters.map((c) => c.articleIds);
  const byId = new Map(articles.map((a) => [a.id, a]));
  const outletOf = new Map(articles.map((a) => [a.id, a.sourceId]));
  const score = scoreClustering(labelsFromClusters(members), truth);
  const cards = scoreCards(members, truth, outletOf);
  const format = (m: PrecisionRecall) =>
    `precision ${m.precision.toFixed(3)}  recall ${m.recall.toFixed(3)}  F1 ${m.f1.toFixed(3)}`;
  const percent = (part: number, whole: number, empty: number) =>
    `${(100 * (whole ? part / whole : empty)).toFixed(1)} %`;
  const day = dayOfFile(file);
  const model = options.pairModel ?? SUMMARY_PAIR_MODEL;
  const fittedOn =
    day && model.days?.includes(day) ? " (fitted on: the weights were fitted on this day)" : "";
  console.log(`${file}: ${articles.length} articles${fittedOn}`);
  console.log(`B-cubed   ${format(score.bcubed)}`);
  console.log(`pairwise  ${format(score.pairwise)}`);
  const multi = clusters.filter((c) => c.articleIds.length > 1).length;
  console.log(
    `clusters  ${score.predictedClusters} predicted (${multi} with 2+ articles) vs ${score.trueClusters} true`,
  );
  console.log(`cards     ${cards.cards} (clusters with 2+ outlets)`);
  console.log(
    `  pure               ${percent(cards.pureCards, cards.cards, 1)} (${cards.pureCards} of ${cards.cards} hold one story)`,
  );
  console.log(
    `  misplaced articles ${percent(cards.misplacedArticles, cards.cardedArticles, 0)} (${cards.misplacedArticles} of ${cards.cardedArticles} carded articles are not of their card's main story)`,
  );
  console.log(
    `  stories carded     ${percent(cards.cardedStories, cards.multiOutletStories, 1)} (${cards.cardedStories} of ${cards.multiOutletStories} multi-outlet stories have a card with 2+ of their outlets)`,
  );
  console.log(`time      ${elapsed.toFixed(0)} ms`);
  if (show) printErrors(members, cards.impureCardIndices, cards.missedStories, byId, truth);
  if (ceiling) printCeiling(pairCeiling(articles, truth, options), new Set(cards.missedStories), byId);
  if (writeClusters) {
    const lines = members.flatMap((ids, index) => ids.map((id) => JSON.stringify({ id, cluster: index })));
    writeFileSync(writeClusters, lines.join("\n") + "\n");
    console.log(`wrote     ${writeClusters}`);
  }
});

function parseArguments(args: string[]) {
  const file =
    args.find((a) => !a.startsWith("--")) ??
    dataFolderPath("the UCI development headlines", "clustering", "uci-dev.csv");
  let show = false;
  let ceiling = false;
  let writeClusters: string | undefined;
  let cv = false;
  let hand = false;
  let ablation = false;
  let provider: "replay" | undefined;
  let json = false;
  const options: Partial<ClusterOptions> = {};
  for (const flag of args.filter((a) => a.startsWith("--"))) {
    const [name, value] = flag.slice(2).split("=", 2);
    if (name === "show" && value === undefined) show = true;
    else if (name === "ceiling" && value === undefined) ceiling = true;
    else if (name === "cv" && value === undefined) cv = true;
    else if (name === "hand" && value === undefined) hand = true;
    else if (name === "ablation" && value === undefined) ablation = true;
    else if (name === "provider" && value === "replay") provider = value;
    else if (name === "json" && value === undefined) json = true;
    else if (name === "write-clusters" && value) writeClusters = value;
    else if (name === "weights" && value)
      options.pairModel = JSON.parse(readFileSync(value, "utf8")) as PairModelFile;
    else if (name in DEFAULT_CLUSTER_OPTIONS && value !== undefined && Number.isFinite(Number(value)))
      (options as Record<string, number>)[name] = Number(value);
    else throw new Error(`Unknown option ${flag}. ${USAGE}`);
  }
  if ((hand || ablation || provider || json) && !cv)
    throw new Error(`--hand, --ablation, --provider and --json go with --cv. ${USAGE}`);
  return { file, show, ceiling, writeClusters, options, cv, hand, ablation, provider, json };
}

// Leave-one-day-out over every labelled feed day of the data folder (scripts/lib/cluster-eval/cross-day.ts):
// the fitted clusterer refitted per fold; with --hand, the hand-set clusterer of decision 022; with
// --ablation, the fit again without each feature in turn.
function printCrossDay(
  options: Partial<ClusterOptions>,
  hand: boolean,
  ablation: boolean,
  json: boolean,
): void {
  const days = readLabelledDays(dataFolderPath("the labelled feed days", "clustering"));
  console.log(`Leave-one-day-out over ${days.length} labelled days (shares in %):`);
  if (hand) {
    const handOptions = { ...HAND_SET_OPTIONS, ...options };
    console.log("\nThe hand-set clusterer (decision 022; tuned on 2018-06-23 and 2020-05-31):");
    console.log(
      formatFigures(
        crossDay(days, {
          fit: () => undefined,
          cluster: (day) => clusterArticles(day.articles, handOptions).map((c) => c.articleIds),
          tunedOn: handWeights.days,
        }),
      ),
    );
  }
  const examples = new Map<string, PairExamples>();
  const full = crossDay(days, learnedMethod(EVIDENCE_FEATURES, options, examples));
  console.log("\nThe fitted clusterer, each day with weights fitted on the others:");
  console.log(formatFigures(full));
  if (json && !ablation) console.log(figuresJson(full));
  if (!ablation) return;
  const row = (label: string, f: ReturnType<typeof meanFigures>) =>
    `${label.padEnd(24)}${cardShares(f)}${f.bcubed.f1.toFixed(3).padStart(8)}`;
  console.log("\nAblation: the fit without one feature, refitted per fold (cross-day means, %):");
  console.log(`${"without".padEnd(24)} pure%  misp% cardd%  dupl%   B3 F1`);
  console.log(row("(nothing)", meanFigures(full)));
  for (const dropped of EVIDENCE_FEATURES) {
    const kept = EVIDENCE_FEATURES.filter((name) => name !== dropped);
    console.log(row(dropped, meanFigures(crossDay(days, learnedMethod(kept, options, examples)))));
  }
}

// Leave-one-day-out with the model's verdicts on each held-out day's grey zone, the model being
// a replay server of recorded answers reached through the product's own OpenAI-compatible path.
async function printJudgedCrossDay(options: Partial<ClusterOptions>, json: boolean): Promise<void> {
  const days = readLabelledDays(dataFolderPath("the labelled feed days", "clustering"));
  const replay = await startModelReplay({ dir: REPLAY_DIR });
  let results: JudgedDay[];
  try {
    const judge = new SameEventJudge({
      baseURL: replay.url,
      model: replay.model,
      maxRetries: 0,
      maxPairs: env.CLUSTER_MODEL_MAX_PAIRS,
      pairsPerCall: env.CLUSTER_MODEL_PAIRS_PER_CALL,
      maxCalls: env.CLUSTER_MODEL_MAX_CALLS,
      maxTokens: env.CLUSTER_MODEL_MAX_TOKENS,
      budgetMs: env.CLUSTER_MODEL_BUDGET_MS,
      concurrency: 1,
    });
    const bounds = { rounds: env.CLUSTER_MODEL_ROUNDS, maxPairs: env.CLUSTER_MODEL_MAX_PAIRS };
    results = await judgedCrossDay(days, judge, bounds, options);
  } finally {
    await replay.close();
  }
  console.log(
    `Leave-one-day-out over ${days.length} labelled days, with recorded answers from ${REPLAY_DIR}:`,
  );
  console.log("\nWords alone (the cards without a model):");
  console.log(formatFigures(results.map((r) => r.lexical)));
  console.log("\nWith the model's verdicts on each day's grey-zone pairs:");
  console.log(formatFigures(results.map((r) => r.judged)));
  console.log("\nAsked per day:");
  for (const { day, ask, rounds } of results) {
    const count = (v: string) => ask.verdicts.filter((x) => x.verdict === v).length;
    const failed = Object.entries(ask.failures).map(([kind, n]) => `${n} ${kind}`);
    console.log(
      `  ${day}: ${ask.asked} pairs in ${ask.calls} calls over ${rounds.length} round(s) (${rounds.map((r) => `${r.asked}/${r.calls}`).join(" + ")} pairs/calls); same ${count("same")}, different ${count("different")}, unclear ${count("unclear")}, unanswered ${ask.unanswered}` +
        `${failed.length ? `; failed calls: ${failed.join(", ")}` : ""}; ~${ask.promptTokens + ask.completionTokens} tokens`,
    );
  }
  const missing = replay.missing().length;
  if (missing)
    console.log(
      `\n${missing} request(s) had no recording: saved under ${REPLAY_DIR}/pending/ for an answer.`,
    );
  if (json) console.log(figuresJson(results.map((r) => r.judged)));
}

/** One line of JSON: per day and as a mean, the card shares as fractions. */
function figuresJson(figures: readonly DayFigures[]): string {
  const round = (x: number) => Number(x.toFixed(4));
  const shares = (f: Omit<DayFigures, "day" | "fittedOn">) => ({
    pure: round(f.pure),
    misplaced: round(f.misplaced),
    carded: round(f.carded),
    duplicates: round(f.duplicates),
  });
  return JSON.stringify({
    days: Object.fromEntries(figures.map((f) => [f.day, shares(f)])),
    mean: shares(meanFigures(figures)),
  });
}

// Every card that mixes stories, then every multi-outlet story without a card, with titles.
function printErrors(
  members: string[][],
  impure: number[],
  missed: string[],
  byId: Map<string, ClusterArticle>,
  truth: Map<string, string>,
): void {
  const line = (id: string) => {
    const a = byId.get(id)!;
    return `${id}  [${truth.get(id)}]  ${a.sourceId}: ${a.title}`;
  };
  for (const index of impure) {
    console.log(`\nIMPURE card #${index} (${members[index].length} articles)`);
    const ordered = [...members[index]].sort((a, b) =>
      truth.get(a)! < truth.get(b)! ? -1 : truth.get(a)! > truth.get(b)! ? 1 : 0,
    );
    for (const id of ordered) console.log(`  ${line(id)}`);
  }
  const clusterOf = new Map(members.flatMap((ids, index) => ids.map((id) => [id, index] as const)));
  for (const story of missed) {
    console.log(`\nMISSED story ${story}`);
    for (const [id, label] of truth) if (label === story) console.log(`  #${clusterOf.get(id)}  ${line(id)}`);
  }
}

// How far pair similarity can reach: a story outscored by pairs of other stories needs more than a threshold.
function printCeiling(
  ceilings: StoryCeiling[],
  missed: Set<string>,
  byId: Map<string, ClusterArticle>,
): void {
  const clear = ceilings.filter((c) => c.otherPairsAbove === 0).length;
  console.log(
    `\nPAIR CEILING  ${clear} of ${ceilings.length} multi-outlet stories have a best pair across outlets that no pair of different stories matches`,
  );
  console.log("  best   pairs of other stories at least as similar   story (missed: no card)");
  for (const c of ceilings) {
    const [a, b] = c.pair.map((id) => byId.get(id)!);
    console.log(
      `  ${c.best.toFixed(3)}  ${String(c.otherPairsAbove).padStart(5)}  ${c.story}${missed.has(c.story) ? "  (missed)" : ""}`,
    );
    if (c.otherPairsAbove > 0)
      console.log(`         ${a.sourceId}: ${a.title}\n         ${b.sourceId}: ${b.title}`);
  }
}
