/**
 * Union-find over the articles of a batch in which every group carries its centroid (the sum of its
 * members' unit vectors), so the clusterer can ask how alike two groups are before joining them.
 * Centroids are sparse vectors in sorted typed arrays: comparing two is a linear walk over
 * contiguous memory, much cheaper than hash lookups once batches reach tens of thousands.
 */
import type { ArticleVector } from "@/lib/cluster/features";

export interface Overlap {
  /** Cosine of the two centroids. */
  similarity: number;
  /**
   * The same without the largest shared feature (between two lone articles, a name's words and its
   * phrase count as one feature): what the two agree on besides that one thing.
   */
  residual: number;
}

interface Centroid {
  features: Int32Array;
  weights: Float64Array;
  normSquared: number;
}

export class ClusterForest {
  private readonly parent: Int32Array;
  readonly size: Int32Array;
  /** Per root, its centroid; a lone article's is its own vector. */
  private readonly centroids: Centroid[];

  /** Per feature group, the dot product it contributed to the overlap being computed. */
  private readonly groupShare: Float64Array;
  private readonly touched: number[] = [];

  constructor(
    vectors: ArticleVector[],
    private readonly featureGroup: Int32Array,
  ) {
    this.groupShare = new Float64Array(featureGroup.length);
    this.parent = Int32Array.from(vectors, (_, i) => i);
    this.size = new Int32Array(vectors.length).fill(1);
    this.centroids = vectors.map((v) => ({ features: v.features, weights: v.weights, normSquared: v.features.length ? 1 : 0 }));
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
    const ca = this.centroids[a];
    const cb = this.centroids[b];
    const [small, big] = ca.features.length <= cb.features.length ? [ca, cb] : [cb, ca];
    let dot = 0;
    let top = 0;
    // A short vector against a long one: binary search beats walking the long one end to end.
    const search = big.features.length > 8 * small.features.length;
    // Two lone articles sharing only "Saudi Arabia" (two words and their phrase) share one thing; a
    // group was built on broader agreement, so there each feature counts on its own.
    const byName = this.size[a] === 1 && this.size[b] === 1;
    for (let k = 0, m = 0; k < small.features.length; k++) {
      const f = small.features[k];
      if (search) m = lowerBound(big.features, f, m);
      else while (m < big.features.length && big.features[m] < f) m++;
      if (m === big.features.length) break;
      if (big.features[m] !== f) continue;
      const part = small.weights[k] * big.weights[m];
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
    const norms = Math.sqrt(ca.normSquared * cb.normSquared) || 1;
    return { similarity: dot / norms, residual: (dot - top) / norms };
  }

  /** Joins two roots: the larger group's root stays, and the centroids are added. */
  union(a: number, b: number): void {
    const [big, small] = this.size[a] >= this.size[b] ? [a, b] : [b, a];
    this.centroids[big] = addCentroids(this.centroids[big], this.centroids[small]);
    this.parent[small] = big;
    this.size[big] += this.size[small];
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
}

function addCentroids(a: Centroid, b: Centroid): Centroid {
  const features = new Int32Array(a.features.length + b.features.length);
  const weights = new Float64Array(features.length);
  let i = 0;
  let j = 0;
  let n = 0;
  let dot = 0;
  while (i < a.features.length || j < b.features.length) {
    const fa = i < a.features.length ? a.features[i] : Infinity;
    const fb = j < b.features.length ? b.features[j] : Infinity;
    if (fa === fb) {
      dot += a.weights[i] * b.weights[j];
      features[n] = fa;
      weights[n++] = a.weights[i++] + b.weights[j++];
    } else if (fa < fb) {
      features[n] = fa;
      weights[n++] = a.weights[i++];
    } else {
      features[n] = fb;
      weights[n++] = b.weights[j++];
    }
  }
  return { features: features.slice(0, n), weights: weights.slice(0, n), normSquared: a.normSquared + b.normSquared + 2 * dot };
}

/** The first index at or after `from` whose value is not below `value`. */
function lowerBound(sorted: Int32Array, value: number, from: number): number {
  let low = from;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
