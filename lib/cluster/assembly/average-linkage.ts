/**
 * Average-linkage agglomeration over a sparse similarity graph: two groups join while the mean
 * similarity over every pair of one member of each (pairs without an edge count as 0) reaches the
 * threshold, best pair of groups first. A group grows only with articles that resemble most of
 * it, never through one look-alike member, so a story cannot chain into the next one through a
 * shared name.
 */
import type { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";

/** Edges of the graph as parallel arrays; each unordered pair at most once. */
export interface SimilarityEdges {
  from: Int32Array;
  to: Int32Array;
  weight: Float64Array;
  count: number;
}

/** Joins groups of the forest by average linkage until no two reach `threshold`. */
export function mergeByAverageLinkage(
  forest: ClusterForest,
  edges: SimilarityEdges,
  threshold: number,
): void {
  const n = forest.size.length;
  const row = adjacency(edges, n);
  // Per group that has been joined, its summed similarity to each neighbouring group, by root. A
  // lone article has none: its sums are its row of links, read when it joins (most never do, and a
  // map per article was most of this pass's time and garbage at 50,000 articles).
  const joined: (Map<number, number> | undefined)[] = new Array(n);
  const sumsOf = (root: number): Map<number, number> => {
    const kept = joined[root];
    if (kept) return kept;
    const sums = new Map<number, number>();
    for (let k = row.start[root]; k < row.start[root + 1]; k++) {
      const other = forest.find(row.other[k]);
      sums.set(other, (sums.get(other) ?? 0) + row.weight[k]);
    }
    return sums;
  };
  // A merge changes the root's size and sums, so heap entries are stamped and stale ones skipped.
  const stamp = new Int32Array(n);
  const heap = new MergeHeap();
  const offer = (a: number, b: number, sum: number) => {
    const average = sum / (forest.size[a] * forest.size[b]);
    if (average < threshold) return;
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    heap.push(average, low, high, stamp[low], stamp[high]);
  };
  for (let e = 0; e < edges.count; e++) offer(edges.from[e], edges.to[e], edges.weight[e]);
  while (heap.size > 0) {
    heap.pop();
    const { a, b } = heap;
    if (stamp[a] !== heap.stampA || stamp[b] !== heap.stampB) continue;
    // Both groups' sums, read before the join (a lone article's row names its neighbours' roots now).
    let kept = sumsOf(a);
    let folded = sumsOf(b);
    forest.union(a, b);
    const root = forest.find(a);
    const absorbed = root === a ? b : a;
    stamp[a] += 1;
    stamp[b] += 1;
    // The smaller map is folded into the larger, which the root then keeps.
    if (folded.size > kept.size) [kept, folded] = [folded, kept];
    kept.delete(a);
    kept.delete(b);
    for (const [c, sum] of folded) {
      if (c === a || c === b) continue;
      kept.set(c, (kept.get(c) ?? 0) + sum);
    }
    joined[root] = kept;
    joined[absorbed] = undefined;
    for (const [c, sum] of kept) {
      // A joined neighbour's own map still names both old groups; it learns the new sum. A lone
      // neighbour will read its row when it joins.
      const theirs = joined[c];
      if (theirs) {
        theirs.delete(absorbed);
        theirs.set(root, sum);
      }
      offer(root, c, sum);
    }
  }
}

/** Each article's links as one run of flat arrays: article i's are [start[i], start[i + 1]). */
function adjacency(edges: SimilarityEdges, n: number) {
  const start = new Int32Array(n + 1);
  for (let e = 0; e < edges.count; e++) {
    start[edges.from[e] + 1] += 1;
    start[edges.to[e] + 1] += 1;
  }
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const next = start.slice(0, n);
  const other = new Int32Array(2 * edges.count);
  const weight = new Float64Array(2 * edges.count);
  for (let e = 0; e < edges.count; e++) {
    const a = edges.from[e];
    const b = edges.to[e];
    const w = edges.weight[e];
    other[next[a]] = b;
    weight[next[a]++] = w;
    other[next[b]] = a;
    weight[next[b]++] = w;
  }
  return { start, other, weight };
}

/** A max-heap of candidate merges on parallel arrays; ties go to the smaller pair of roots, so the order is total. */
class MergeHeap {
  private priority: number[] = [];
  private first: number[] = [];
  private second: number[] = [];
  private firstStamp: number[] = [];
  private secondStamp: number[] = [];

  get size(): number {
    return this.priority.length;
  }

  push(priority: number, a: number, b: number, stampA: number, stampB: number): void {
    let at = this.priority.length;
    this.priority.push(priority);
    this.first.push(a);
    this.second.push(b);
    this.firstStamp.push(stampA);
    this.secondStamp.push(stampB);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(at, parent)) break;
      this.swap(at, parent);
      at = parent;
    }
  }

  /** The top merge, taken off the heap: read it from a, b, stampA and stampB. */
  a = 0;
  b = 0;
  stampA = 0;
  stampB = 0;

  pop(): void {
    this.a = this.first[0];
    this.b = this.second[0];
    this.stampA = this.firstStamp[0];
    this.stampB = this.secondStamp[0];
    const last = this.priority.length - 1;
    this.swap(0, last);
    this.priority.pop();
    this.first.pop();
    this.second.pop();
    this.firstStamp.pop();
    this.secondStamp.pop();
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let best = at;
      if (left < last && this.before(left, best)) best = left;
      if (right < last && this.before(right, best)) best = right;
      if (best === at) break;
      this.swap(at, best);
      at = best;
    }
  }

  private before(x: number, y: number): boolean {
    const p = this.priority;
    if (p[x] !== p[y]) return p[x] > p[y];
    return this.first[x] !== this.first[y] ? this.first[x] < this.first[y] : this.second[x] < this.second[y];
  }

  private swap(x: number, y: number): void {
    swapEntries(this.priority, x, y);
    swapEntries(this.first, x, y);
    swapEntries(this.second, x, y);
    swapEntries(this.firstStamp, x, y);
    swapEntries(this.secondStamp, x, y);
  }
}

/** Swaps two entries of an array (without an array of the heap's arrays to loop over: swaps are its hot path). */
function swapEntries(array: number[], x: number, y: number): void {
  const t = array[x];
  array[x] = array[y];
  array[y] = t;
}
