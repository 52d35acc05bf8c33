/**
 * The questions of a later round. After the first round's verdicts are in and the cards are
 * assembled again, a rebuild may ask more (CLUSTER_MODEL_ROUNDS, lib/env.ts), best use first:
 * 1. corroboration: two groups one "same" verdict ties, but not yet enough of their reports to join
 *    (lib/cluster/assembly/verdict-ties.ts): pairs of their reports not yet tied, best first;
 * 2. cards that may show one story twice: each card's nearest other cards by centroid, when they
 *    share enough of their words (FOLLOW_UP in lib/cluster/tuning.ts): their best pairs, two
 *    reports of each card, so one round's answers can settle the join;
 * 3. the grey zone (lib/cluster/verdicts/grey-zone.ts) not yet asked, leaving out pairs the cards already
 *    hold together.
 * No pair with a verdict is asked again, and none between two groups a "different" keeps apart.
 * Decision 027.
 */
import type { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";
import type { GreyPair, GreyZoneCollector, GreyZoneOptions } from "@/lib/cluster/verdicts/grey-zone";
import type { KeptApart } from "@/lib/cluster/assembly/join-cards";
import { pairKey, Verdict, type VerdictLookup } from "@/lib/cluster/verdicts/pair-verdicts";
import { tiesMissing, type GroupTies } from "@/lib/cluster/assembly/verdict-ties";

export interface FollowUpOptions extends GreyZoneOptions {
  /** Two cards may show one story when their centroids' cosine reaches this… */
  duplicateSimilarity: number;
  /** …among each card's this many nearest cards… */
  duplicatesPerCard: number;
  /** …comparing at most this many cards, the largest (the comparison is pairwise). */
  maxCards: number;
  /** Reports of each group a join on verdicts needs (VERDICT_TIES.reports). */
  reports: number;
}

/** What the questions are chosen from: the assembled forest and how the batch scores pairs. */
export interface FollowUpContext {
  forest: ClusterForest;
  outlets: Int32Array;
  score: (i: number, j: number) => number;
  verdicts: VerdictLookup | null;
  keptApart: KeptApart | null;
  ties: readonly GroupTies[];
  grey: GreyZoneCollector;
  /** Article ids by index. */
  ids: readonly string[];
}

/** The questions of the next round, best use first, at most `limit`. */
export function followUpQuestions(context: FollowUpContext, options: FollowUpOptions): GreyPair[] {
  const { forest, ids } = context;
  const members = new Map<number, number[]>();
  for (const group of forest.groups()) members.set(forest.find(group[0]), group);
  const asked = new Set<string>();
  const questions: GreyPair[] = [];
  const add = (pairs: readonly GreyPair[]) => {
    for (const pair of pairs) {
      if (questions.length >= options.limit) return;
      const key = pairKey(pair.a, pair.b);
      if (asked.has(key)) continue;
      asked.add(key);
      questions.push(pair);
    }
  };
  add(corroborations(context, members, options));
  add(duplicateCandidates(context, members, options));
  const joined = (i: number, j: number) => forest.find(i) === forest.find(j);
  add(context.grey.take(ids, joined));
  return questions;
}

/** For each pair of groups one "same" ties but not enough: pairs of their reports not yet tied. */
function corroborations(
  context: FollowUpContext,
  members: ReadonlyMap<number, number[]>,
  options: FollowUpOptions,
): GreyPair[] {
  const { forest, keptApart } = context;
  const found: { pairs: GreyPair[]; count: number }[] = [];
  for (const tie of context.ties) {
    const [lowMissing, highMissing] = tiesMissing(forest, tie, options.reports);
    if ((!lowMissing && !highMissing) || keptApart?.(tie.low, tie.high)) continue;
    const lows = members.get(tie.low)!.filter((i) => !lowMissing || !tie.lowReports.has(i));
    const highs = members.get(tie.high)!.filter((j) => !highMissing || !tie.highReports.has(j));
    const pairs = bestPairs(context, lows, highs, Math.max(lowMissing, highMissing));
    if (pairs.length) found.push({ pairs, count: tie.count });
  }
  return found.sort((x, y) => y.count - x.count).flatMap((f) => f.pairs);
}

/** Each card's nearest cards by centroid (not tied, not kept apart): their best pairs. */
function duplicateCandidates(
  context: FollowUpContext,
  members: ReadonlyMap<number, number[]>,
  options: FollowUpOptions,
): GreyPair[] {
  const { forest, outlets, keptApart } = context;
  const tied = new Set(context.ties.map((t) => `${t.low} ${t.high}`));
  const cards = [...members]
    .filter(([, group]) => new Set(group.map((i) => outlets[i])).size > 1)
    .sort(([ra, a], [rb, b]) => b.length - a.length || ra - rb)
    .slice(0, options.maxCards)
    .map(([root]) => root);
  const nearest = new Map<number, { other: number; similarity: number }[]>();
  for (let x = 0; x < cards.length; x++)
    for (let y = x + 1; y < cards.length; y++) {
      const [a, b] = cards[x] < cards[y] ? [cards[x], cards[y]] : [cards[y], cards[x]];
      const similarity = forest.overlap(a, b).similarity;
      if (similarity < options.duplicateSimilarity || tied.has(`${a} ${b}`)) continue;
      for (const [from, to] of [
        [a, b],
        [b, a],
      ]) {
        const list = nearest.get(from) ?? [];
        list.push({ other: to, similarity });
        nearest.set(from, list);
      }
    }
  const chosen = new Map<string, { a: number; b: number; similarity: number }>();
  for (const [card, list] of nearest) {
    list.sort((p, q) => q.similarity - p.similarity || p.other - q.other);
    for (const { other, similarity } of list.slice(0, options.duplicatesPerCard)) {
      const [a, b] = card < other ? [card, other] : [other, card];
      chosen.set(`${a} ${b}`, { a, b, similarity });
    }
  }
  return [...chosen.values()]
    .filter(({ a, b }) => !keptApart?.(a, b))
    .sort((p, q) => q.similarity - p.similarity || p.a - q.a || p.b - q.b)
    .flatMap(({ a, b }) => bestPairs(context, members.get(a)!, members.get(b)!, options.reports));
}

/**
 * The best `count` pairs of one report of `lows` and one of `highs` (two outlets, no verdict yet),
 * each naming reports the others do not, by the pair model's probability.
 */
function bestPairs(
  context: FollowUpContext,
  lows: readonly number[],
  highs: readonly number[],
  count: number,
): GreyPair[] {
  const { outlets, score, verdicts, ids } = context;
  const scored: { i: number; j: number; probability: number }[] = [];
  for (const i of lows)
    for (const j of highs) {
      if (outlets[i] === outlets[j]) continue;
      if (verdicts && verdicts.get(i, j) !== Verdict.None) continue;
      scored.push({ i, j, probability: score(i, j) });
    }
  scored.sort((p, q) => q.probability - p.probability || p.i - q.i || p.j - q.j);
  const used = new Set<number>();
  const pairs: GreyPair[] = [];
  for (const { i, j, probability } of scored) {
    if (pairs.length >= count) break;
    if (used.has(i) || used.has(j)) continue;
    used.add(i).add(j);
    const [a, b] = i < j ? [i, j] : [j, i];
    pairs.push({ a: ids[a], b: ids[b], probability: Math.round(probability * 1e4) / 1e4 });
  }
  return pairs;
}
