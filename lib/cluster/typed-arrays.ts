/** Small helpers for the typed arrays the clusterer keeps its large per-batch data in. */

/** A copy of the array with room for at least `minimum` entries (at least double), new slots set to `fill`. */
export function grow<T extends Int32Array | Float64Array>(array: T, minimum: number, fill = 0): T {
  const larger = new (array.constructor as new (length: number) => T)(Math.max(minimum, array.length * 2));
  larger.set(array);
  if (fill !== 0) larger.fill(fill, array.length);
  return larger;
}

/**
 * Indices of `weights` from the largest weight to the smallest, ties by index. A counting sort into
 * fine weight buckets, then an exact sort inside each (small) bucket: linear in practice, where a
 * comparison sort of a million edges costs a log factor and scattered memory. Weights in [0, 1].
 */
export function indicesByDescendingWeight(weights: Float64Array, count = weights.length): Int32Array {
  const buckets = Math.max(1, Math.min(1 << 16, count));
  const bucketOf = (w: number) =>
    Math.min(buckets - 1, Math.floor((1 - Math.min(1, Math.max(0, w))) * buckets));
  const starts = new Int32Array(buckets + 1);
  for (let e = 0; e < count; e++) starts[bucketOf(weights[e]) + 1] += 1;
  for (let b = 0; b < buckets; b++) starts[b + 1] += starts[b];
  const fill = starts.slice(0, buckets);
  const order = new Int32Array(count);
  // Indices enter each bucket ascending, so an insertion sort by weight keeps ties in index order.
  for (let e = 0; e < count; e++) order[fill[bucketOf(weights[e])]++] = e;
  for (let b = 0; b < buckets; b++) {
    // A crowded bucket (many equal-ish weights) gets a comparison sort, never a quadratic one.
    if (starts[b + 1] - starts[b] > 64) {
      order.subarray(starts[b], starts[b + 1]).sort((x, y) => weights[y] - weights[x] || x - y);
      continue;
    }
    for (let k = starts[b] + 1; k < starts[b + 1]; k++) {
      const e = order[k];
      let at = k;
      while (at > starts[b] && weights[order[at - 1]] < weights[e]) {
        order[at] = order[at - 1];
        at -= 1;
      }
      order[at] = e;
    }
  }
  return order;
}

/** The first index in [from, end) whose value is not below `value` (end when none). */
export function lowerBound(sorted: Int32Array, value: number, from: number, end: number): number {
  let low = from;
  let high = end;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
