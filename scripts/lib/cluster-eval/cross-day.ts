/**
 * Leave-one-day-out evaluation over the labelled feed days: for each day, settings are fitted on
 * the other days and the held-out day is clustered with them, so every figure is one the settings
 * never saw. A method that cannot refit (hand-set settings) names the days it was tuned on, and
 * their figures are marked "(fitted on)" wherever they are printed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  labelsFromClusters,
  scoreCards,
  scoreClustering,
  type PrecisionRecall,
} from "@/scripts/lib/cluster-eval/metrics";
import { parseLabelledJsonl } from "@/scripts/lib/cluster-eval/labelled-feeds";
import type { LabelledArticles } from "@/scripts/lib/cluster-eval/uci-dataset";

export interface LabelledDay extends LabelledArticles {
  /** The day, from the file name ("2020-05-31"). */
  name: string;
}

const DAY_FILE = /^feeds-dev-(\d{4}-\d{2}-\d{2})\.jsonl$/;

/** The day a labelled feed file holds ("…/feeds-dev-2020-05-31.jsonl" → "2020-05-31"), or undefined. */
export function dayOfFile(file: string): string | undefined {
  return DAY_FILE.exec(path.basename(file))?.[1];
}

/** Every labelled dev day of the folder (feeds-dev-YYYY-MM-DD.jsonl), in date order. */
export function readLabelledDays(folder: string): LabelledDay[] {
  return readdirSync(folder)
    .filter((file) => DAY_FILE.test(file))
    .sort()
    .map((file) => ({
      name: DAY_FILE.exec(file)![1],
      ...parseLabelledJsonl(readFileSync(path.join(folder, file), "utf8")),
    }));
}

/** What a reader sees on one day, as shares (0..1). */
export interface DayFigures {
  day: string;
  /** True when the settings were fitted on this day: its figure says little about other days. */
  fittedOn: boolean;
  cards: number;
  pure: number;
  misplaced: number;
  carded: number;
  /** Share of cards whose main story already has another card. */
  duplicates: number;
  bcubed: PrecisionRecall;
  pairwise: PrecisionRecall;
}

/** The figures of `clusters` on a labelled day. */
export function dayFigures(
  day: LabelledDay,
  clusters: readonly (readonly string[])[],
  fittedOn: boolean,
): DayFigures {
  const outletOf = new Map(day.articles.map((a) => [a.id, a.sourceId]));
  const cards = scoreCards(clusters, day.truth, outletOf);
  const score = scoreClustering(labelsFromClusters(clusters), day.truth);
  const share = (part: number, whole: number, empty: number) => (whole ? part / whole : empty);
  return {
    day: day.name,
    fittedOn,
    cards: cards.cards,
    pure: share(cards.pureCards, cards.cards, 1),
    misplaced: share(cards.misplacedArticles, cards.cardedArticles, 0),
    carded: share(cards.cardedStories, cards.multiOutletStories, 1),
    duplicates: share(cards.duplicateCards, cards.cards, 0),
    bcubed: score.bcubed,
    pairwise: score.pairwise,
  };
}

/** A way of clustering that may learn from labelled days. */
export interface CrossDayMethod<Model> {
  /** Fits on the given days; a hand-set method ignores them. */
  fit(days: readonly LabelledDay[]): Model;
  /** Clusters one day's articles with a fitted model: lists of article ids. */
  cluster(day: LabelledDay, model: Model): string[][];
  /** Days a hand-set method was tuned on (always "fitted on", whatever the fold). */
  tunedOn?: readonly string[];
}

/** Leave-one-day-out: each day clustered by a model fitted on all the others. */
export function crossDay<Model>(days: readonly LabelledDay[], method: CrossDayMethod<Model>): DayFigures[] {
  return days.map((day) => {
    const model = method.fit(days.filter((other) => other !== day));
    return dayFigures(day, method.cluster(day, model), method.tunedOn?.includes(day.name) ?? false);
  });
}

/** The mean over days of each share (cards: the mean count). */
export function meanFigures(figures: readonly DayFigures[]): Omit<DayFigures, "day" | "fittedOn"> {
  const mean = (pick: (f: DayFigures) => number) =>
    figures.reduce((sum, f) => sum + pick(f), 0) / Math.max(1, figures.length);
  const meanPr = (pick: (f: DayFigures) => PrecisionRecall): PrecisionRecall => ({
    precision: mean((f) => pick(f).precision),
    recall: mean((f) => pick(f).recall),
    f1: mean((f) => pick(f).f1),
  });
  return {
    cards: mean((f) => f.cards),
    pure: mean((f) => f.pure),
    misplaced: mean((f) => f.misplaced),
    carded: mean((f) => f.carded),
    duplicates: mean((f) => f.duplicates),
    bcubed: meanPr((f) => f.bcubed),
    pairwise: meanPr((f) => f.pairwise),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}`.padStart(6);

/** What a reader sees, as table columns: pure, misplaced, carded and duplicate cards, %. */
export function cardShares(f: Omit<DayFigures, "day" | "fittedOn">): string {
  return `${pct(f.pure)}${pct(f.misplaced)}${pct(f.carded)}${pct(f.duplicates)}`;
}

/** The figures as a table, one line per day and the mean; days fitted on say so. */
export function formatFigures(figures: readonly DayFigures[]): string {
  const row = (label: string, f: Omit<DayFigures, "day" | "fittedOn">) =>
    `${label.padEnd(24)}${f.cards.toFixed(0).padStart(6)}${cardShares(f)}` +
    `   ${f.bcubed.precision.toFixed(3)} ${f.bcubed.recall.toFixed(3)} ${f.bcubed.f1.toFixed(3)}` +
    `   ${f.pairwise.precision.toFixed(3)} ${f.pairwise.recall.toFixed(3)} ${f.pairwise.f1.toFixed(3)}`;
  const lines = [
    `${"day".padEnd(24)} cards  pure%  misp% cardd%  dupl%   B3 P  B3 R  B3 F1   pw P  pw R  pw F1`,
    ...figures.map((f) => row(f.day + (f.fittedOn ? " (fitted on)" : ""), f)),
    row("mean", meanFigures(figures)),
  ];
  const unseen = figures.filter((f) => !f.fittedOn);
  if (unseen.length !== figures.length && unseen.length)
    lines.push(row("mean, days not fitted on", meanFigures(unseen)));
  return lines.join("\n");
}
