/**
 * Union-find over the articles of a batch in which every group carries its centroid (the sum of its
 * members' unit vectors), so the clusterer can ask how alike two groups are before joining them.
 * A lone article's centroid is its own vector; a map is built only once a group has two members.
 */
import type { ArticleVector } from "@/lib/cluster/features";

export interface Overlap {
  /** Cosine of the two centroids. */
  similarity: number;
  /** The same without the single largest shared feature: what the groups agree on besides one word. */
  residual: number;
}

interface Centroid {
  sum: Map<number, number>;
  normSquared: number;
}

export class ClusterForest {
  private readonly parent: Int32Array;
  readonly size: Int32Array;
  private readonly centroids = new Map<number, Centroid>();

  constructor(private readonly vectors: ArticleVector[]) {
    this.parent = Int32Array.from(vectors, (_, i) => i);
    this.size = new Int32Array(vectors.length).fill(1);
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
    const ca = this.centroids.get(a);
    const cb = this.centroids.get(b);
    let dot = 0;
    let top = 0;
    if (ca && cb) {
      const [small, big] = ca.sum.size <= cb.sum.size ? [ca.sum, cb.sum] : [cb.sum, ca.sum];
      small.forEach((w, f) => {
        const part = w * (big.get(f) ?? 0);
        dot += part;
        if (part > top) top = part;
      });
    } else {
      // A lone article against a group, or two lone articles: walk the article's own arrays.
      const group = ca ?? cb;
      const v = this.vectors[ca ? b : a];
      const other = group ? null : this.vectors[b];
      for (let k = 0, m = 0; k < v.features.length; k++) {
        let w = 0;
        if (group) w = group.sum.get(v.features[k]) ?? 0;
        else {
          while (m < other!.features.length && other!.features[m] < v.features[k]) m++;
          if (m < other!.features.length && other!.features[m] === v.features[k]) w = other!.weights[m];
        }
        const part = v.weights[k] * w;
        dot += part;
        if (part > top) top = part;
      }
    }
    const norms = Math.sqrt(this.normSquared(a) * this.normSquared(b)) || 1;
    return { similarity: dot / norms, residual: (dot - top) / norms };
  }

  /** Joins two roots; the smaller centroid is folded into the larger, so each feature moves O(log n) times. */
  union(a: number, b: number): void {
    const [big, small] = this.size[a] >= this.size[b] ? [a, b] : [b, a];
    const target = this.centroids.get(big) ?? this.promote(big);
    let dot = 0;
    const fold = (w: number, f: number) => {
      const current = target.sum.get(f) ?? 0;
      dot += w * current;
      target.sum.set(f, current + w);
    };
    const source = this.centroids.get(small);
    if (source) source.sum.forEach(fold);
    else this.vectors[small].features.forEach((f, k) => fold(this.vectors[small].weights[k], f));
    target.normSquared += this.normSquared(small) + 2 * dot;
    this.centroids.delete(small);
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

  private normSquared(root: number): number {
    return this.centroids.get(root)?.normSquared ?? (this.vectors[root].features.length ? 1 : 0);
  }

  private promote(root: number): Centroid {
    const v = this.vectors[root];
    const centroid = { sum: new Map(Array.from(v.features, (f, k) => [f, v.weights[k]])), normSquared: this.normSquared(root) };
    this.centroids.set(root, centroid);
    return centroid;
  }
}
