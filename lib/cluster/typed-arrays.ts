/** Small helpers for the typed arrays the clusterer keeps its large per-batch data in. */

/** A copy of the array with room for at least `minimum` entries (at least double), new slots set to `fill`. */
export function grow<T extends Int32Array | Float64Array>(array: T, minimum: number, fill = 0): T {
  const larger = new (array.constructor as new (length: number) => T)(Math.max(minimum, array.length * 2));
  larger.set(array);
  if (fill !== 0) larger.fill(fill, array.length);
  return larger;
}

/**
 * Indices of `weights` from the largest weight to the smallest, ties by index. A native numeric sort
 * of packed keys (quantised weight, then index) instead of a comparator: several times faster on a
 * million edges. Weights are taken in [0, 1]; those closer than about 2^-30 count as tied.
 */
export function indicesByDescendingWeight(weights: Float64Array, count = weights.length): Int32Array {
  const indexBits = Math.max(1, Math.ceil(Math.log2(count + 1)));
  const indexRange = 2 ** indexBits;
  const scale = 2 ** (52 - indexBits);
  const keys = new Float64Array(count);
  for (let e = 0; e < count; e++) {
    const w = Math.min(1, Math.max(0, weights[e]));
    keys[e] = Math.floor((1 - w) * scale) * indexRange + e;
  }
  keys.sort();
  return Int32Array.from(keys, (key) => key % indexRange);
}
