/**
 * Union-find over the articles of a batch in which every group carries its centroid (the sum of its
 * members' unit vectors), so the clusterer can ask how alike two groups are before joining them.
 * A centroid is a run of a sorted feature array: a lone article's is its run in the batch's flat
 * arrays (nothing allocated), a group's has arrays of its own. Comparing two is a linear walk over
 * contiguous memory, much cheaper than hash lookups once batches reach tens of thousands.
 * A group's centroid is summed only when asked for: a join records which group it took in, and
 * the first overlap after replays those additions in the order they were made (so the sums come
 * out the same to the last bit). Most groups are never compared, and average linkage joins thousands.
 */
import type { BatchVectors } from "@/lib/cluster/evidence/vectors";
import { lowerBound } from "@/lib/cluster/typed-arrays";

export interface Overlap {
  /** Cosine of the two centroids. */
  similarity: number;
  /** Mean cosine over every pair of one member of each group (average linkage). */
  average: number;
  /**
   * The same without the largest shared feature (between two lone articles, a name's words and its
   * phrase count as one feature): what the two agree on besides that one thing.
   */
  residual: number;
}

export class ClusterForest {
  private readonly parent: Int32Array;
  readonly size: Int32Array;
  // Per root, its centroid as a run [start, end) of a features array and the matching weights.
  private readonly features: Int32Array[];
  private readonly weights: Float64Array[];
  private readonly start: Int32Array;
  private readonly end: Int32Array;
  private readonly normSquared: Float64Array;
  /** Per feature id, the id standing for the name it is part of. */
  private readonly featureGroup: Int32Array;
  /** Per feature group, the dot product it contributed to the overlap being computed. */
  private readonly groupShare: Float64Array;
  private readonly touched: number[] = [];
  /**
   * Per root, the groups it took in whose centroids are not added to its own yet, in join order:
   * a list through nextJoined from firstJoined to lastJoined (-1 for none).
   */
  private readonly firstJoined: Int32Array;
  private readonly lastJoined: Int32Array;
  private readonly nextJoined: Int32Array;

  constructor(batch: BatchVectors) {
    const n = batch.vectors.length;
    const { offsets, features, weights } = batch.flat;
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
    this.size = new Int32Array(n).fill(1);
    this.features = new Array<Int32Array>(n).fill(features);
    this.weights = new Array<Float64Array>(n).fill(weights);
    this.start = offsets.slice(0, n);
    this.end = offsets.slice(1, n + 1);
    this.normSquared = new Float64Array(n);
    for (let i = 0; i < n; i++) this.normSquared[i] = offsets[i + 1] > offsets[i] ? 1 : 0;
    this.featureGroup = batch.featureGroup;
    this.groupShare = new Float64Array(batch.featureGroup.length);
    this.firstJoined = new Int32Array(n).fill(-1);
    this.lastJoined = new Int32Array(n).fill(-1);
    this.nextJoined = new Int32Array(n).fill(-1);
  }

  /** The root of x's group. */
  find(x: number): number {
    while (this.parent[x] !== x) {
      this.parent[x] = this.parent[this.parent[x]];
      x = this.parent[x];
    }
    return x;
  }

  /** How alike the groups rooted at a and b are. */
  overlap(a: number, b: number): Overlap {
    this.settle(a);
    this.settle(b);
    const aFirst = this.end[a] - this.start[a] <= this.end[b] - this.start[b];
    const small = aFirst ? a : b;
    const big = aFirst ? b : a;
    const sf = this.features[small];
    const sw = this.weights[small];
    const bf = this.features[big];
    const bw = this.weights[big];
    const bigEnd = this.end[big];
    // A short run against a long one: binary search beats walking the long one end to end.
    const search = bigEnd - this.start[big] > 8 * (this.end[small] - this.start[small]);
    // Two lone articles sharing only "Saudi Arabia" (two words and their phrase) share one thing; a
    // group was built on broader agreement, so there each feature counts on its own.
    const byName = this.size[a] === 1 && this.size[b] === 1;
    let dot = 0;
    let top = 0;
    for (let k = this.start[small], m = this.start[big]; k < this.end[small]; k++) {
      const f = sf[k];
      if (search) m = lowerBound(bf, f, m, bigEnd);
      else while (m < bigEnd && bf[m] < f) m++;
      if (m === bigEnd) break;
      if (bf[m] !== f) continue;
      const part = sw[k] * bw[m];
      dot += part;
      if (!byName) {
        if (part > top) top = part;
        continue;
      }
      const group = this.featureGroup[f];
      if (this.groupShare[group] === 0) this.touched.push(group);
      this.groupShare[group] += part;
    }
    for (const group of this.touched) {
      top = Math.max(top, this.groupShare[group]);
      this.groupShare[group] = 0;
    }
    this.touched.length = 0;
    const norms = Math.sqrt(this.normSquared[a] * this.normSquared[b]) || 1;
    return {
      similarity: dot / norms,
      average: dot / (this.size[a] * this.size[b]),
      residual: (dot - top) / norms,
    };
  }

  /** Joins two roots: the larger group's root stays, and its centroid will add the other's (settle). */
  union(a: number, b: number): void {
    const big = this.size[a] >= this.size[b] ? a : b;
    const small = big === a ? b : a;
    if (this.lastJoined[big] < 0) this.firstJoined[big] = small;
    else this.nextJoined[this.lastJoined[big]] = small;
    this.lastJoined[big] = small;
    this.parent[small] = big;
    this.size[big] += this.size[small];
  }

  /** Adds to x's centroid the centroids of the groups it took in, each settled first, in join order. */
  private settle(x: number): void {
    for (let joined = this.firstJoined[x]; joined >= 0; joined = this.nextJoined[joined]) {
      this.settle(joined);
      this.addCentroid(x, joined);
    }
    this.firstJoined[x] = this.lastJoined[x] = -1;
  }

  /** Every group as its member indices, ascending. */
  groups(): number[][] {
    const groups = new Map<number, number[]>();
    for (let i = 0; i < this.parent.length; i++) {
      const root = this.find(i);
      const group = groups.get(root);
      if (group) group.push(i);
      else groups.set(root, [i]);
    }
    return [...groups.values()];
  }

  private addCentroid(target: number, source: number): void {
    const af = this.features[target];
    const aw = this.weights[target];
    const bf = this.features[source];
    const bw = this.weights[source];
    let i = this.start[target];
    let j = this.start[source];
    const endA = this.end[target];
    const endB = this.end[source];
    const features = new Int32Array(endA - i + endB - j);
    const weights = new Float64Array(features.length);
    let n = 0;
    let dot = 0;
    while (i < endA || j < endB) {
      const fa = i < endA ? af[i] : Infinity;
      const fb = j < endB ? bf[j] : Infinity;
      if (fa === fb) {
        dot += aw[i] * bw[j];
        features[n] = fa;
        weights[n++] = aw[i++] + bw[j++];
      } else if (fa < fb) {
        features[n] = fa;
        weights[n++] = aw[i++];
      } else {
        features[n] = fb;
        weights[n++] = bw[j++];
      }
    }
    this.features[target] = features;
    this.weights[target] = weights;
    this.start[target] = 0;
    this.end[target] = n;
    this.normSquared[target] += this.normSquared[source] + 2 * dot;
  }
}
