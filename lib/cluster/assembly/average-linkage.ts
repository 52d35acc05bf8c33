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
  // Per pair of groups that has met in a join, their summed similarity, by roots: one table for all
  // (a map per group, and a delete and a set in each neighbour's at every join, was most of this
  // pass's time and garbage). Per group that has been joined, its neighbouring groups: ids that
  // stopped being roots since are stale and skipped. A lone article has neither: its sums are its
  // row of links, read when it joins (most never do).
  const sums = new PairSums(edges.count);
  const neighbours: (number[] | undefined)[] = new Array(n);
  const isRoot = (c: number) => forest.find(c) === c;
  // Both groups' sums to each neighbouring group, spread densely while a join is worked out.
  const sumA = new Float64Array(n);
  const sumB = new Float64Array(n);
  const seen = new Uint8Array(n);
  let met: number[] = [];
  const spread = (x: number, into: Float64Array, a: number, b: number) => {
    const list = neighbours[x];
    if (list) {
      for (const c of list) {
        if (c === a || c === b || !isRoot(c)) continue;
        into[c] = sums.get(x, c);
        if (!seen[c]) met.push(c);
        seen[c] = 1;
      }
      return;
    }
    // Summed in row order, as a lone article's sums always are.
    for (let k = row.start[x]; k < row.start[x + 1]; k++) {
      const c = forest.find(row.other[k]);
      if (c === a || c === b) continue;
      into[c] += row.weight[k];
      if (!seen[c]) met.push(c);
      seen[c] = 1;
    }
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
    spread(a, sumA, a, b);
    spread(b, sumB, a, b);
    forest.union(a, b);
    const root = forest.find(a);
    const absorbed = root === a ? b : a;
    stamp[a] += 1;
    stamp[b] += 1;
    // A sum is the two groups' sums added (one of them alone when the other has none: x + 0 is x).
    const list = met;
    met = [];
    for (const c of list) {
      const sum = sumA[c] + sumB[c];
      sumA[c] = sumB[c] = 0;
      seen[c] = 0;
      // A joined neighbour that did not know the root yet learns it (its entry for the absorbed
      // group goes stale). A lone neighbour will read its row when it joins.
      if (!sums.set(root, c, sum)) neighbours[c]?.push(root);
      offer(root, c, sum);
    }
    neighbours[root] = list;
    neighbours[absorbed] = undefined;
  }
}

/**
 * Summed similarities by unordered pair of groups: open addressing over typed arrays, keys never
 * removed (a pair whose group was absorbed is never asked again), room doubled at half full.
 */
class PairSums {
  private low: Int32Array;
  private high: Int32Array;
  private values: Float64Array;
  private count = 0;

  constructor(expected: number) {
    let size = 1 << 10;
    while (size < 2 * expected) size *= 2;
    this.low = new Int32Array(size).fill(-1);
    this.high = new Int32Array(size);
    this.values = new Float64Array(size);
  }

  /** The sum of the pair (0 when it was never set). */
  get(a: number, b: number): number {
    const low = a < b ? a : b;
    const high = a < b ? b : a;
    const mask = this.low.length - 1;
    for (let s = slotOf(low, high) & mask; this.low[s] >= 0; s = (s + 1) & mask)
      if (this.low[s] === low && this.high[s] === high) return this.values[s];
    return 0;
  }

  /** Sets the sum of the pair; whether the pair had one. */
  set(a: number, b: number, value: number): boolean {
    const low = a < b ? a : b;
    const high = a < b ? b : a;
    const mask = this.low.length - 1;
    let s = slotOf(low, high) & mask;
    for (; this.low[s] >= 0; s = (s + 1) & mask)
      if (this.low[s] === low && this.high[s] === high) {
        this.values[s] = value;
        return true;
      }
    this.low[s] = low;
    this.high[s] = high;
    this.values[s] = value;
    if (2 * ++this.count > this.low.length) this.grow();
    return false;
  }

  private grow(): void {
    const { low, high, values } = this;
    this.low = new Int32Array(low.length * 2).fill(-1);
    this.high = new Int32Array(low.length * 2);
    this.values = new Float64Array(low.length * 2);
    const mask = this.low.length - 1;
    for (let k = 0; k < low.length; k++) {
      if (low[k] < 0) continue;
      let s = slotOf(low[k], high[k]) & mask;
      while (this.low[s] >= 0) s = (s + 1) & mask;
      this.low[s] = low[k];
      this.high[s] = high[k];
      this.values[s] = values[k];
    }
  }
}

function slotOf(low: number, high: number): number {
  const h = Math.imul(low, 0x9e3779b1) ^ Math.imul(high, 0x85ebca6b);
  return h ^ (h >>> 15);
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
