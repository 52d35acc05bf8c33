/**
 * Story clustering: articles of the window → groups that report one happening. The stages:
 * tokenise and vectorise (features.ts), candidate pairs from an inverted index (candidates.ts),
 * each pair's evidence (pair-evidence.ts) scored by the committed pair model (pair-model.ts: for
 * batches with summaries a probability fitted from the labelled days, for headlines alone a damped
 * cosine), then assembly: average linkage (a group grows only with articles that resemble most of
 * it; a reader's "same" counts as a near-certain pair there), strong pairs joining what it left
 * apart, groups a reader's verdicts tie by two reports of each (verdict-ties.ts), large groups
 * whose centroids agree, for headlines alone leftovers joining the group their nearest neighbours
 * point to, and cards that show one story twice joining (join-cards.ts). Then build-card.ts.
 * Hand-set numbers: tuning.ts. The method: docs/decisions/020, 022 and 023.
 */
import { forEachCandidatePair } from "@/lib/cluster/evidence/candidates";
import { joinCards, type KeptApart } from "@/lib/cluster/assembly/join-cards";
import { followUpQuestions, type FollowUpOptions } from "@/lib/cluster/verdicts/follow-up";
import { GreyZoneCollector, type GreyPair, type GreyZoneOptions } from "@/lib/cluster/verdicts/grey-zone";
import { pairKey, Verdict, VerdictLookup, type PairVerdict } from "@/lib/cluster/verdicts/pair-verdicts";
import { widerQuestions, type WiderOptions } from "@/lib/cluster/verdicts/wider-questions";
import { vectorizeArticles } from "@/lib/cluster/evidence/features";
import type { BatchVectors } from "@/lib/cluster/evidence/vectors";
import { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";
import { mergeByAverageLinkage } from "@/lib/cluster/assembly/average-linkage";
import { PairEvidence } from "@/lib/cluster/evidence/pair-evidence";
import { EVIDENCE_SIZE } from "@/lib/cluster/evidence/evidence-features";
import { PairModel } from "@/lib/cluster/score/pair-model";
import summaryWeights from "@/lib/cluster/score/pair-weights.json";
import headlineWeights from "@/lib/cluster/score/pair-weights-headlines.json";
import {
  CONFIDENCE_HALF,
  DEFAULT_CLUSTER_OPTIONS,
  HEADLINE_CLUSTER_OPTIONS,
  VERDICT_PROBABILITY,
  SUMMARY_MIN_WORDS,
  VERDICT_TIES,
} from "@/lib/cluster/tuning";
import { groupTies, joinTiedGroups } from "@/lib/cluster/assembly/verdict-ties";
import { grow, indicesByDescendingWeight } from "@/lib/cluster/typed-arrays";
import type { ClusterArticle, ClusterOptions, PairModelFile, StoryCluster } from "@/lib/cluster/types";

/** The committed pair weights: fitted for batches with summaries, hand-set for headlines alone. */
export const SUMMARY_PAIR_MODEL = summaryWeights as PairModelFile;
const HEADLINE_PAIR_MODEL = headlineWeights as PairModelFile;

/** A batch is headlines only when fewer than half its articles have a summary of SUMMARY_MIN_WORDS words or more. */
function isHeadlinesOnly(articles: readonly ClusterArticle[]): boolean {
  let withSummary = 0;
  for (const a of articles) if (countWords(a.summary, SUMMARY_MIN_WORDS) >= SUMMARY_MIN_WORDS) withSummary++;
  return withSummary * 2 < articles.length;
}

function countWords(text: string, enough: number): number {
  let words = 0;
  let inWord = false;
  for (let k = 0; k < text.length && words < enough; k++) {
    const space = text.charCodeAt(k) <= 32;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** The options a batch is clustered with: the defaults, the headline settings when it is headlines only, then `options`. */
function resolveClusterOptions(
  articles: readonly ClusterArticle[],
  options: Partial<ClusterOptions> = {},
): Required<ClusterOptions> {
  const headlines = isHeadlinesOnly(articles);
  return {
    ...DEFAULT_CLUSTER_OPTIONS,
    ...(headlines ? HEADLINE_CLUSTER_OPTIONS : {}),
    pairModel: headlines ? HEADLINE_PAIR_MODEL : SUMMARY_PAIR_MODEL,
    ...options,
  };
}

/** A batch as the clusterer scores it: its options, its articles in clustering order, their vectors and times. */
export interface PreparedBatch {
  opts: Required<ClusterOptions>;
  sorted: ClusterArticle[];
  batch: BatchVectors;
  times: Float64Array;
  /** Per article, a number standing for its outlet. */
  outlets: Int32Array;
}

/**
 * Scores pairs of a prepared batch with its pair model: evidence, then one dot product. With a
 * `floor`, for callers that ignore scores below it, a pair whose evidence without its costly
 * features (COSTLY_FEATURES) already scores surely below the floor is given 0 without them:
 * most candidate pairs are far below any threshold, and every other score is the exact one.
 */
export function pairScorer(prepared: PreparedBatch, floor = 0): (i: number, j: number) => number {
  const evidence = new PairEvidence(prepared.batch, prepared.times, prepared.outlets);
  const model = new PairModel(prepared.opts.pairModel);
  const record = new Float64Array(EVIDENCE_SIZE);
  const early = model.earlyFloor(floor);
  if (early === -Infinity) return (i, j) => (evidence.fill(i, j, record) ? model.score(record) : 0);
  return (i, j) => {
    if (!evidence.fill(i, j, record, false) || model.linear(record) < early) return 0;
    evidence.fillCostly(i, j, record);
    return model.score(record);
  };
}

/** A pair scorer with verdicts in place of scores (VERDICT_PROBABILITY). */
function judgedScorer(
  score: (i: number, j: number) => number,
  verdicts: VerdictLookup | null,
): (i: number, j: number) => number {
  if (!verdicts) return score;
  return (i, j) => {
    const verdict = verdicts.get(i, j);
    if (verdict === Verdict.Same) return VERDICT_PROBABILITY.same;
    if (verdict === Verdict.Different) return VERDICT_PROBABILITY.different;
    return score(i, j);
  };
}

/**
 * Prepares a batch for scoring pairs, the same way for the clusterer and for tools that must score
 * pairs exactly as it does (scripts/lib/cluster-eval/pair-ceiling.ts). Time order (then id) is a total order, so
 * results do not depend on the input order, and articles close in time sit close in memory, which
 * the posting windows exploit; name groups (lib/cluster/evidence/features.ts) are formed in this order.
 */
export function prepareBatch(
  articles: readonly ClusterArticle[],
  options: Partial<ClusterOptions> = {},
): PreparedBatch {
  const opts = resolveClusterOptions(articles, options);
  const sorted = [...articles].sort((a, b) => timeOf(a) - timeOf(b) || compareIds(a.id, b.id));
  const outletIds = new Map<string, number>();
  const outlets = Int32Array.from(sorted, (a) => {
    let id = outletIds.get(a.sourceId);
    if (id === undefined) outletIds.set(a.sourceId, (id = outletIds.size));
    return id;
  });
  const batch = vectorizeArticles(sorted, opts);
  return { opts, sorted, batch, times: Float64Array.from(sorted, timeOf), outlets };
}

/** What the clusterer may know besides the articles' words. */
export interface ClusterEvidence {
  /** Verdicts on pairs of these articles (lib/cluster/verdicts/pair-verdicts.ts); others are ignored. */
  verdicts?: readonly PairVerdict[];
  /** When set, the grey-zone pairs without a verdict are collected and returned (lib/cluster/verdicts/grey-zone.ts). */
  greyZone?: GreyZoneOptions;
  /**
   * When set (a later round of questions), the questions returned are those of
   * lib/cluster/verdicts/follow-up.ts, chosen on the cards these verdicts make; `greyZone` is then not used.
   */
  followUp?: FollowUpOptions;
  /**
   * With `followUp`: the wider questions (lib/cluster/verdicts/wider-questions.ts) are chosen too
   * when the follow-up leaves nothing to ask, or with `always` (the round before a rebuild's last).
   */
  wider?: WiderOptions & { always: boolean };
}

export interface ClusterOutcome {
  clusters: StoryCluster[];
  /** The pairs worth asking about, best first (empty unless asked for): the grey zone, or a later round's. */
  greyZone: GreyPair[];
  /** The wider questions, asked after `greyZone` (empty unless asked for and chosen). */
  wider: GreyPair[];
}

/** Clusters the articles; every article lands in exactly one cluster (singletons included), order-independent. */
export function clusterArticles(
  articles: ClusterArticle[],
  options: Partial<ClusterOptions> = {},
): StoryCluster[] {
  return clusterWithEvidence(articles, options).clusters;
}

/** Clusters the articles with verdicts on some pairs, and collects the pairs worth a verdict. */
export function clusterWithEvidence(
  articles: readonly ClusterArticle[],
  options: Partial<ClusterOptions> = {},
  evidence: ClusterEvidence = {},
): ClusterOutcome {
  const prepared = prepareBatch(articles, options);
  const { opts, sorted } = prepared;
  const verdicts = evidence.verdicts?.length
    ? new VerdictLookup(evidence.verdicts, new Map(sorted.map((a, i) => [a.id, i])), sorted.length)
    : null;
  const band = evidence.followUp ?? evidence.greyZone;
  const grey = band ? new GreyZoneCollector(band, prepared.outlets) : null;
  // The exact scores of the passes after the candidates (joined cards, follow-up questions), built once.
  const scorePair = pairScorer(prepared);
  const collected = collectEdges(prepared, verdicts, grey);
  const { links } = collected;
  const assembled = assemble(prepared, collected, scorePair, verdicts, false);
  const { forest } = assembled;
  const cohesion = groupCohesion(forest, links);
  const clusters = forest
    .groups()
    .map((members) => ({
      articleIds: members.map((i) => sorted[i].id).sort(compareIds),
      confidence: confidenceOf(
        members.length,
        cohesion.get(forest.find(members[0])) ?? 0,
        opts.pairModel.link === "logistic",
      ),
    }))
    .sort(
      (a, b) => b.articleIds.length - a.articleIds.length || compareIds(a.articleIds[0], b.articleIds[0]),
    );
  const ids = sorted.map((a) => a.id);
  if (!grey) return { clusters, greyZone: [], wider: [] };
  if (!evidence.followUp) return { clusters, greyZone: grey.take(ids), wider: [] };
  // A later round's questions are chosen on the groups the answers propose, where a lone report
  // joins a group on two answers naming it (decision 162): more answers on that one report would
  // be more readings of it, so the cards' stricter rule leaves nothing new to ask. There cards do
  // not join by their subject (decision 176), the one join made on what cards say rather than on
  // pairs: the questions are what words and answers leave open, and an answer "different" keeps
  // two such cards apart.
  const proposed = assemble(prepared, collected, scorePair, verdicts, true);
  const ties = verdicts ? groupTies(proposed.forest, links, verdicts, { ...opts, ...VERDICT_TIES }) : [];
  const score = judgedScorer(scorePair, verdicts);
  const { outlets } = prepared;
  const context = { ...proposed, outlets, score, verdicts, ties, grey, ids };
  const questions = followUpQuestions(context, evidence.followUp);
  const { wider } = evidence;
  if (!wider || (questions.length && !wider.always)) return { clusters, greyZone: questions, wider: [] };
  const limit = Math.min(wider.limit, evidence.followUp.limit - questions.length);
  const more = widerQuestions(
    {
      ...context,
      batch: prepared.batch,
      times: prepared.times,
      candidates: opts,
      score: pairScorer(prepared, wider.low),
      chosen: new Set(questions.map((p) => pairKey(p.a, p.b))),
    },
    { ...wider, limit },
  );
  return { clusters, greyZone: questions, wider: more };
}

/**
 * The assembly: average linkage, strong pairs, joins on verdicts, centroids, leftovers (headlines),
 * cards joined report by report or by their subject. A verdict's pairs are scored as
 * VERDICT_PROBABILITY says. With `proposing`, the groups the answers propose, on which a later
 * round's questions are chosen: a lone report joins a group on two answers naming it
 * (verdict-ties.ts), and cards join report by report only (join-cards.ts).
 */
function assemble(
  prepared: PreparedBatch,
  { edges, links, neighbours }: ReturnType<typeof collectEdges>,
  score: (i: number, j: number) => number,
  verdicts: VerdictLookup | null,
  proposing: boolean,
) {
  const { opts, batch } = prepared;
  const forest = new ClusterForest(batch);
  if (Number.isFinite(opts.mergeAverage)) mergeByAverageLinkage(forest, links, opts.mergeAverage);
  const keptApart = verdicts ? verdicts.keptApart((i) => forest.find(i)) : null;
  if (Number.isFinite(opts.strongPair)) joinStrongPairs(forest, links, opts, keptApart, verdicts);
  if (verdicts) joinTiedGroups(forest, links, verdicts, { ...opts, ...VERDICT_TIES }, keptApart, proposing);
  mergeStrongEdges(forest, edges, opts);
  if (opts.attachRounds > 0) attachLeftovers(forest, neighbours, opts);
  if (Number.isFinite(opts.cardSupport))
    joinCards(
      forest,
      batch,
      links,
      prepared.outlets,
      judgedScorer(score, verdicts),
      opts,
      keptApart,
      !proposing,
    );
  return { forest, keptApart };
}

/** Milliseconds since the epoch; an invalid date counts as the oldest, so the sort stays consistent. */
function timeOf(article: ClusterArticle): number {
  const time = article.publishedAt.getTime();
  return Number.isFinite(time) ? time : 0;
}

/** Plain code-unit order, the same in every locale. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Candidate pairs strong enough for phase 1, in growing typed arrays (a million edges at 50k articles). */
class EdgeList {
  from = new Int32Array(1024);
  to = new Int32Array(1024);
  weight = new Float64Array(1024);
  count = 0;

  push(i: number, j: number, weight: number): void {
    if (this.count === this.from.length) {
      this.from = grow(this.from, this.count + 1);
      this.to = grow(this.to, this.count + 1);
      this.weight = grow(this.weight, this.count + 1);
    }
    this.from[this.count] = i;
    this.to[this.count] = j;
    this.weight[this.count++] = weight;
  }
}

// Every candidate pair is scored once: links feed average linkage, strong edges the centroid pass,
// and pairs above the neighbour floor the neighbour lists of phase 2. A verdict replaces the
// score (VERDICT_PROBABILITY: "same" a near-certain pair, "different" none); a pair without one may be grey.
function collectEdges(
  prepared: PreparedBatch,
  verdicts: VerdictLookup | null,
  grey: GreyZoneCollector | null,
) {
  const { batch, times, opts } = prepared;
  const { vectors, documentFrequency } = batch;
  const { linkFloor, edgeThreshold, attachEdgeThreshold } = opts;
  const attach = opts.attachRounds > 0;
  // Below every threshold used here a score changes nothing (a verdict replaces it anyway).
  const floor = Math.min(
    linkFloor,
    edgeThreshold,
    attach ? attachEdgeThreshold : Infinity,
    grey?.low ?? Infinity,
  );
  const score = pairScorer(prepared, floor);
  const neighbours = new NeighbourLists(attach ? vectors.length : 0, opts.neighbourCount);
  const edges = new EdgeList();
  const links = new EdgeList();
  const seen = verdicts ? new Set<number>() : null;
  const n = vectors.length;
  forEachCandidatePair(vectors, documentFrequency, times, opts, (i, j) => {
    let similarity = score(i, j);
    const verdict = verdicts ? verdicts.get(i, j) : Verdict.None;
    if (verdict === Verdict.Same || verdict === Verdict.Different) {
      similarity = verdict === Verdict.Same ? VERDICT_PROBABILITY.same : VERDICT_PROBABILITY.different;
      seen!.add(i < j ? i * n + j : j * n + i);
    } else if (grey && verdict === Verdict.None) grey.offer(i, j, similarity);
    if (similarity >= linkFloor) links.push(i, j, similarity);
    if (attach && similarity >= attachEdgeThreshold) {
      neighbours.offer(i, j, similarity);
      neighbours.offer(j, i, similarity);
    }
    if (similarity >= edgeThreshold) edges.push(i, j, similarity);
  });
  // A "same" on a pair the candidates did not propose (the window's words moved since) still joins.
  verdicts?.forEach((i, j, verdict) => {
    if (verdict !== Verdict.Same || seen!.has(i * n + j)) return;
    links.push(i, j, VERDICT_PROBABILITY.same);
    edges.push(i, j, VERDICT_PROBABILITY.same);
  });
  return { edges, links, neighbours };
}

// Average linkage alone lets one outlet's many reports of a story keep another outlet's report
// out (its one strong match is averaged with many weaker ones), and leaves one story as two
// groups when their cross pairs average just below the threshold: the reader would see it twice.
// So two groups also join when their best pair reaches strongPair and their cross pairs still
// average at least strongFloor. Strongest pairs first, judged on the groups average linkage left
// (sums taken once, before any of these joins), so the order of the input does not matter. A
// "same" verdict is not a strong pair here: groups join on verdicts by their ties (verdict-ties.ts).
function joinStrongPairs(
  forest: ClusterForest,
  links: EdgeList,
  opts: ClusterOptions,
  keptApart: KeptApart | null,
  verdicts: VerdictLookup | null,
): void {
  const n = forest.size.length;
  const key = (a: number, b: number) => Math.min(a, b) * n + Math.max(a, b);
  // Only the few strong links matter, and only the sums between the groups they touch.
  // Each strong link, with its two groups and their sizes as average linkage left them.
  const strong: number[] = [];
  const groups: (readonly [number, number, number])[] = [];
  const sums = new Map<number, number>();
  for (let e = 0; e < links.count; e++) {
    if (links.weight[e] < opts.strongPair) continue;
    if (verdicts?.get(links.from[e], links.to[e]) === Verdict.Same) continue;
    const a = forest.find(links.from[e]);
    const b = forest.find(links.to[e]);
    if (a === b) continue;
    strong.push(e);
    groups.push([a, b, forest.size[a] * forest.size[b]]);
    sums.set(key(a, b), 0);
  }
  if (!strong.length) return;
  for (let e = 0; e < links.count; e++) {
    const k = key(forest.find(links.from[e]), forest.find(links.to[e]));
    const sum = sums.get(k);
    if (sum !== undefined) sums.set(k, sum + links.weight[e]);
  }
  const order = strong
    .map((e, k) => k)
    .sort((x, y) => links.weight[strong[y]] - links.weight[strong[x]] || strong[x] - strong[y]);
  for (const k of order) {
    const [a, b, pairs] = groups[k];
    if (forest.find(a) === forest.find(b)) continue;
    const average = sums.get(key(a, b))! / pairs;
    if (average < opts.strongFloor || keptApart?.(forest.find(a), forest.find(b))) continue;
    forest.union(forest.find(a), forest.find(b));
  }
}

// The centroid pass: strongest edges first (index order breaks ties, so input order does not matter).
// Two groups join only when their centroids agree on more than one word ("Google" alone does not make
// wearables and referral bonuses one story) and their members are not strangers on average.
function mergeStrongEdges(forest: ClusterForest, edges: EdgeList, opts: ClusterOptions): void {
  const order = indicesByDescendingWeight(edges.weight, edges.count);
  // Endpoints gathered in merge order once: a tight loop of independent reads, then a sequential walk
  // (a loop, not Int32Array.from with a mapping function, which walks generically).
  const from = new Int32Array(order.length);
  const to = new Int32Array(order.length);
  for (let k = 0; k < order.length; k++) {
    from[k] = edges.from[order[k]];
    to[k] = edges.to[order[k]];
  }
  // Many edges join the same two groups; a refusal stands until one of them grows. Lone articles
  // are cheap to compare again, so only refusals between two groups are remembered.
  const refused = new Map<number, number>();
  const n = forest.size.length;
  for (let k = 0; k < order.length; k++) {
    const a = forest.find(from[k]);
    const b = forest.find(to[k]);
    if (a === b) continue;
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    const remember = forest.size[low] > 1 && forest.size[high] > 1;
    const key = low * n + high;
    const sizes = forest.size[low] * n + forest.size[high];
    if (remember && refused.get(key) === sizes) continue;
    if (Math.min(forest.size[a], forest.size[b]) < opts.centroidMinSize) continue;
    const overlap = forest.overlap(a, b);
    const cohesive = overlap.similarity >= opts.mergeCentroid && overlap.average >= opts.mergeFloor;
    if (cohesive && overlap.residual >= opts.minResidualSimilarity) forest.union(a, b);
    else if (remember) refused.set(key, sizes);
  }
}

// Phase 2: a lone article (or a small fragment) joins the group its nearest neighbours belong to.
// An article's nearest neighbour reports the same story far more often than not, so a clear
// majority of its neighbours' similarity pointing at one group is good evidence ("Titanfall had a
// rocky start" shares only "Titanfall" with the Titanfall group, but all its neighbours are there).
// Each round is decided against the groups as they stood, so the order does not matter.
function attachLeftovers(forest: ClusterForest, neighbours: NeighbourLists, opts: ClusterOptions): void {
  for (let round = 0; round < opts.attachRounds; round++) {
    const fragments = new Map<number, number[]>();
    for (let i = 0; i < forest.size.length; i++) {
      const root = forest.find(i);
      if (forest.size[root] > opts.attachMaxFragment) continue;
      const members = fragments.get(root);
      if (members) members.push(i);
      else fragments.set(root, [i]);
    }
    const joins: [number, number][] = [];
    for (const [root, members] of fragments) {
      const votes = new Map<number, number>();
      const voters = new Map<number, number>();
      let total = 0;
      for (const m of members) {
        neighbours.forEach(m, (j, similarity) => {
          const other = forest.find(j);
          if (other === root) return;
          total += similarity;
          votes.set(other, (votes.get(other) ?? 0) + similarity);
          voters.set(other, (voters.get(other) ?? 0) + 1);
        });
      }
      let best = -1;
      let bestVote = 0;
      for (const [other, vote] of votes)
        if (vote > bestVote || (vote === bestVote && other < best)) [best, bestVote] = [other, vote];
      if (best < 0 || forest.size[best] <= members.length) continue;
      if (bestVote < opts.attachThreshold || bestVote < opts.attachShare * total) continue;
      // One look-alike is not a story: "Queensland" alone must not pull a crash into a murder case.
      if (voters.get(best)! < opts.attachMinNeighbours) continue;
      joins.push([root, best]);
    }
    if (!joins.length) break;
    for (const [root, target] of joins) forest.union(forest.find(target), root);
  }
}

/** Each article's k most similar candidates (similarity at least the floor), best first. */
class NeighbourLists {
  private readonly ids: Int32Array;
  private readonly similarities: Float64Array;
  private readonly counts: Int32Array;

  constructor(
    n: number,
    private readonly k: number,
  ) {
    this.ids = new Int32Array(n * k);
    this.similarities = new Float64Array(n * k);
    this.counts = new Int32Array(n);
  }

  offer(i: number, j: number, similarity: number): void {
    const base = i * this.k;
    let count = this.counts[i];
    if (count === this.k) {
      if (similarity <= this.similarities[base + count - 1]) return;
      count -= 1;
    } else this.counts[i] += 1;
    let at = base + count;
    // Insertion keeps the list sorted by similarity, then by id, whatever order pairs arrive in.
    while (
      at > base &&
      (this.similarities[at - 1] < similarity ||
        (this.similarities[at - 1] === similarity && this.ids[at - 1] > j))
    ) {
      this.similarities[at] = this.similarities[at - 1];
      this.ids[at] = this.ids[at - 1];
      at -= 1;
    }
    this.similarities[at] = similarity;
    this.ids[at] = j;
  }

  forEach(i: number, visit: (j: number, similarity: number) => void): void {
    for (let p = i * this.k, end = p + this.counts[i]; p < end; p++) visit(this.ids[p], this.similarities[p]);
  }
}

// How sure the clusterer is that a group reports one happening: the mean score over all pairs of
// its members (pairs below the link floor count as 0), as average linkage measures it. From a
// fitted model that mean is a probability and is the confidence itself; from a hand-set model (a
// damped cosine) it goes through a saturating curve on which CONFIDENCE_HALF sits at one half
// (0.18 → 0.5, 0.36 → 0.75, 0.54 → 0.875). Cards below LOW_CARD_CONFIDENCE (lib/catalog.ts) say so on the page.
/** Per group root, the summed similarity of the links inside it. */
function groupCohesion(forest: ClusterForest, links: EdgeList): Map<number, number> {
  const sums = new Map<number, number>();
  for (let e = 0; e < links.count; e++) {
    const root = forest.find(links.from[e]);
    if (root === forest.find(links.to[e])) sums.set(root, (sums.get(root) ?? 0) + links.weight[e]);
  }
  return sums;
}

function confidenceOf(size: number, linkSum: number, probability: boolean): number {
  if (size === 1) return 1;
  const mean = linkSum / ((size * (size - 1)) / 2);
  const confidence = probability ? Math.min(1, mean) : 1 - Math.pow(2, -mean / CONFIDENCE_HALF);
  return Math.round(confidence * 1000) / 1000;
}
