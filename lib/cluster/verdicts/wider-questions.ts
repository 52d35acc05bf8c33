/**
 * Questions for the reports no card holds. The grey zone and the follow-ups (grey-zone.ts,
 * follow-up.ts) ask only about candidate pairs, and the candidates index each report under its
 * few heaviest features (lib/cluster/evidence/candidates.ts): two reports of one event told in
 * different words may share none of them, so their pair is never scored and never asked. Once the
 * follow-ups have nothing left to ask (or in a rebuild's last round), a wider candidate search —
 * the same index with more key features a report — looks for the best cross-outlet partners of the
 * reports still alone (their group spans one outlet), scores them with the pair model and asks
 * each one's best in the grey zone's band not yet answered, within a small bound (WIDER_QUESTIONS
 * in lib/cluster/tuning.ts). It only chooses questions: the cards are assembled from the usual
 * candidates and the answers. Decision 174.
 */
import type { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";
import type { KeptApart } from "@/lib/cluster/assembly/join-cards";
import { forEachCandidatePair, type CandidateOptions } from "@/lib/cluster/evidence/candidates";
import type { BatchVectors } from "@/lib/cluster/evidence/vectors";
import type { GreyPair } from "@/lib/cluster/verdicts/grey-zone";
import { pairKey, Verdict, type VerdictLookup } from "@/lib/cluster/verdicts/pair-verdicts";

export interface WiderOptions {
  /** Key features a report is indexed under in the wider search (the clusterer's own: maxKeyFeatures). */
  keyFeatures: number;
  /** The band of probabilities asked about, [low, high): the grey zone's. */
  low: number;
  high: number;
  /** At most this many questions name one report. */
  perReport: number;
  /** At most this many questions, best first. */
  limit: number;
}

/** What the wider questions are chosen from: the batch, the groups the answers propose, the verdicts. */
export interface WiderContext {
  batch: BatchVectors;
  times: Float64Array;
  candidates: CandidateOptions;
  forest: ClusterForest;
  outlets: Int32Array;
  /** The pair model's probability; exact at or above `low` (scores below it may be cut short). */
  score: (i: number, j: number) => number;
  verdicts: VerdictLookup | null;
  keptApart: KeptApart | null;
  /** Article ids by index. */
  ids: readonly string[];
  /** Pairs already chosen this round (by pairKey): not chosen twice. */
  chosen: ReadonlySet<string>;
}

/** Per report, 1 when its group spans a single outlet (no card holds it). */
export function aloneReports(forest: ClusterForest, outlets: Int32Array): Uint8Array {
  const alone = new Uint8Array(outlets.length);
  for (const group of forest.groups()) {
    const outlet = outlets[group[0]];
    if (group.every((i) => outlets[i] === outlet)) for (const i of group) alone[i] = 1;
  }
  return alone;
}

/**
 * The best pairs of the wider search naming a report no card holds (two outlets, two groups, not
 * kept apart), in the band: each such report's best `perReport`, those without a verdict asked, at
 * most `limit`. A pair already answered counts towards its reports' share, so a report whose best
 * partners were asked is not asked about worse ones, rebuild after rebuild.
 */
export function widerQuestions(context: WiderContext, options: WiderOptions): GreyPair[] {
  const { forest, outlets, verdicts, ids } = context;
  if (options.limit <= 0) return [];
  const alone = aloneReports(forest, outlets);
  const found: { i: number; j: number; probability: number }[] = [];
  const search = { ...context.candidates, maxKeyFeatures: options.keyFeatures };
  const { vectors, documentFrequency } = context.batch;
  forEachCandidatePair(vectors, documentFrequency, context.times, search, (x, y) => {
    if ((!alone[x] && !alone[y]) || outlets[x] === outlets[y]) return;
    if (forest.find(x) === forest.find(y)) return;
    const probability = context.score(x, y);
    if (probability < options.low || probability >= options.high) return;
    const [i, j] = x < y ? [x, y] : [y, x];
    found.push({ i, j, probability });
  });
  found.sort((p, q) => q.probability - p.probability || p.i - q.i || p.j - q.j);
  const named = new Map<number, number>();
  const full = (i: number) => alone[i] === 1 && (named.get(i) ?? 0) >= options.perReport;
  const pairs: GreyPair[] = [];
  for (const { i, j, probability } of found) {
    if (pairs.length >= options.limit) break;
    if (full(i) || full(j) || context.keptApart?.(forest.find(i), forest.find(j))) continue;
    named.set(i, (named.get(i) ?? 0) + 1);
    named.set(j, (named.get(j) ?? 0) + 1);
    if (verdicts && verdicts.get(i, j) !== Verdict.None) continue;
    if (context.chosen.has(pairKey(ids[i], ids[j]))) continue;
    pairs.push({ a: ids[i], b: ids[j], probability: Math.round(probability * 1e4) / 1e4 });
  }
  return pairs;
}
