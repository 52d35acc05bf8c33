/**
 * Story clustering: articles of the window → groups that report one event.
 * Candidate pairs come from an inverted index; each pair's similarity is a name- and number-aware
 * cosine, damped by time and by conflicting numbers. Phase 1 merges edges strongest first, and two
 * groups join only when their centroids agree on more than one thing, so one loose headline cannot
 * chain two stories together. Phase 2 lets leftover articles join the group their nearest
 * neighbours clearly point to. The method and its thresholds: docs/decisions/020-story-clustering.md.
 */
import { forEachCandidatePair } from "@/lib/cluster/candidates";
import { DEFAULT_FEATURE_WEIGHTS, vectorizeArticles, type ArticleVector, type BatchVectors } from "@/lib/cluster/features";
import { ClusterForest } from "@/lib/cluster/cluster-forest";
import { PairScorer } from "@/lib/cluster/similarity";
import { grow, indicesByDescendingWeight } from "@/lib/cluster/typed-arrays";
import type { ClusterArticle, ClusterOptions, StoryCluster } from "@/lib/cluster/types";

export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = {
  ...DEFAULT_FEATURE_WEIGHTS,
  edgeThreshold: 0.2,
  mergeThreshold: 0.2,
  minResidualSimilarity: 0.03,
  attachEdgeThreshold: 0.1,
  attachThreshold: 0.4,
  neighbourCount: 8,
  attachMaxFragment: 5,
  attachShare: 0.6,
  attachMinNeighbours: 2,
  attachRounds: 3,
  maxKeyFeatures: 8,
  maxExhaustivePosting: 32,
  postingWindow: 12,
  maxDocumentFrequencyRatio: 0.1,
  timeHalfLifeHours: 24,
  timeGraceHours: 12,
  numberConflictFactor: 0.25,
};

/** Clusters the articles; every article lands in exactly one cluster (singletons included), order-independent. */
export function clusterArticles(articles: ClusterArticle[], options: Partial<ClusterOptions> = {}): StoryCluster[] {
  const opts = { ...DEFAULT_CLUSTER_OPTIONS, ...options };
  // Time order (then id) is a total order, so the result does not depend on the input order, and
  // articles close in time sit close in memory, which the posting windows exploit.
  const sorted = [...articles].sort((a, b) => timeOf(a) - timeOf(b) || compareIds(a.id, b.id));
  const batch = vectorizeArticles(sorted, opts);
  const { vectors } = batch;
  const times = Float64Array.from(sorted, timeOf);
  const { edges, neighbours } = collectEdges(batch, times, opts);
  const forest = new ClusterForest(batch);
  mergeStrongEdges(forest, edges, opts);
  attachLeftovers(forest, neighbours, opts);
  const groups = forest.groups();
  return groups
    .map((members) => ({ articleIds: members.map((i) => sorted[i].id).sort(compareIds), confidence: clusterConfidence(members, vectors) }))
    .sort((a, b) => b.articleIds.length - a.articleIds.length || compareIds(a.articleIds[0], b.articleIds[0]));
}

// An invalid date must not make the sort inconsistent; such an article counts as the oldest.
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

// Strong pairs become edges for phase 1; every pair above the neighbour floor feeds the neighbour lists.
function collectEdges(batch: BatchVectors, times: Float64Array, opts: ClusterOptions) {
  const { vectors, documentFrequency } = batch;
  const neighbours = new NeighbourLists(vectors.length, opts.neighbourCount);
  const edges = new EdgeList();
  const scorer = new PairScorer(batch, times, opts);
  forEachCandidatePair(vectors, documentFrequency, times, opts, (i, j) => {
    const similarity = scorer.score(i, j);
    if (similarity < opts.attachEdgeThreshold) return;
    neighbours.offer(i, j, similarity);
    neighbours.offer(j, i, similarity);
    if (similarity >= opts.edgeThreshold) edges.push(i, j, similarity);
  });
  return { edges, neighbours };
}

// Phase 1: strongest edges first (index order breaks ties, so input order does not matter). Two groups
// join only when their centroids agree on more than one word: "Google" alone does not make wearables
// and referral bonuses one story.
function mergeStrongEdges(forest: ClusterForest, edges: EdgeList, opts: ClusterOptions): void {
  const order = indicesByDescendingWeight(edges.weight, edges.count);
  // Endpoints gathered in merge order once: a tight loop of independent reads, then a sequential walk.
  const from = Int32Array.from(order, (e) => edges.from[e]);
  const to = Int32Array.from(order, (e) => edges.to[e]);
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
    const overlap = forest.overlap(a, b);
    if (overlap.similarity >= opts.mergeThreshold && overlap.residual >= opts.minResidualSimilarity) forest.union(a, b);
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
      for (const [other, vote] of votes) if (vote > bestVote || (vote === bestVote && other < best)) [best, bestVote] = [other, vote];
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

  constructor(n: number, private readonly k: number) {
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
    while (at > base && (this.similarities[at - 1] < similarity || (this.similarities[at - 1] === similarity && this.ids[at - 1] > j))) {
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

// Mean pairwise similarity through a saturating curve: 0.1 → 0.49, 0.2 → 0.74, 0.3 → 0.86, 0.5 → 0.96.
// Headlines of one event rarely share more than a third of their weight, so the raw mean reads low.
const CONFIDENCE_SCALE = 0.15;

function clusterConfidence(members: number[], vectors: ArticleVector[]): number {
  if (members.length === 1) return 1;
  const cohesion = meanPairwiseSimilarity(members.map((i) => vectors[i]));
  return Math.round((1 - Math.exp(-cohesion / CONFIDENCE_SCALE)) * 1000) / 1000;
}

/** Mean cosine over all pairs of unit vectors, in linear time: |Σv|² = n + Σ_{i≠j} vᵢ·vⱼ. */
function meanPairwiseSimilarity(vectors: ArticleVector[]): number {
  const nonEmpty = vectors.filter((v) => v.features.length > 0);
  const n = nonEmpty.length;
  if (n < 2) return 0;
  const sum = new Map<number, number>();
  for (const v of nonEmpty) v.features.forEach((f, k) => sum.set(f, (sum.get(f) ?? 0) + v.weights[k]));
  let normSquared = 0;
  for (const w of sum.values()) normSquared += w * w;
  return Math.max(0, (normSquared - n) / (n * (n - 1)));
}
