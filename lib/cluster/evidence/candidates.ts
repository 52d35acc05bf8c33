/**
 * Candidate generation through an inverted index, so the clusterer never compares all pairs.
 * Each article is indexed under its few heaviest features only (its "key" features: names, numbers,
 * rare words), and two articles become candidates when they share one. A short posting is paired
 * exhaustively; a long one (a word many articles share) pairs each article only with its nearest
 * neighbours in time. The work per article is bounded, so the total is linear in the batch.
 * Pairs are produced posting by posting: the few articles of a posting are touched together while
 * they sit in the cache, which matters once a batch no longer fits in it.
 */
import type { ArticleVector } from "@/lib/cluster/evidence/vectors";

export interface CandidateOptions {
  maxExhaustivePosting: number;
  postingWindow: number;
  maxDocumentFrequencyRatio: number;
  maxKeyFeatures: number;
}

/**
 * Calls visit(a, b) once for every candidate pair (in either order; consecutive calls mostly share
 * a); returns how many pairs were visited.
 */
export function forEachCandidatePair(
  vectors: ArticleVector[],
  documentFrequency: Int32Array,
  times: Float64Array,
  options: CandidateOptions,
  visit: (a: number, b: number) => void,
): number {
  // A feature in most articles proposes noise; small batches keep every feature (a pair is a pair).
  const maxFrequency = Math.max(
    options.maxExhaustivePosting,
    Math.floor(options.maxDocumentFrequencyRatio * vectors.length),
  );
  const keys = keyFeatures(vectors, documentFrequency, maxFrequency, options.maxKeyFeatures);
  const postings = buildPostings(keys, documentFrequency.length, times);
  const window = options.postingWindow;
  const exhaustive = options.maxExhaustivePosting;
  // Two articles sharing several key features meet in several postings; only the first that pairs them visits.
  const pairsAll = (size: number) => size <= exhaustive;
  const paired = (i: number, j: number, f: number): boolean => {
    let ki = keys.offsets[i];
    let kj = keys.offsets[j];
    while (ki < keys.offsets[i + 1] && kj < keys.offsets[j + 1]) {
      const fi = keys.features[ki];
      const fj = keys.features[kj];
      if (fi < fj) ki++;
      else if (fj < fi) kj++;
      else {
        if (fi === f) return true;
        const size = postings.offsets[fi + 1] - postings.offsets[fi];
        if (pairsAll(size) || Math.abs(postings.positions[ki] - postings.positions[kj]) <= window)
          return false;
        ki++;
        kj++;
      }
    }
    return true;
  };
  let visited = 0;
  for (let f = 0; f < documentFrequency.length; f++) {
    const start = postings.offsets[f];
    const end = postings.offsets[f + 1];
    const reach = pairsAll(end - start) ? end : 0;
    for (let p = start; p < end; p++) {
      const a = postings.entries[p];
      for (let q = p + 1, last = reach || Math.min(end, p + window + 1); q < last; q++) {
        const b = postings.entries[q];
        if (!paired(a, b, f)) continue;
        visited += 1;
        visit(a, b);
      }
    }
  }
  return visited;
}

/** Per article, the features it is indexed under (ascending), as flat arrays. */
interface KeyFeatures {
  offsets: Int32Array;
  features: Int32Array;
}

// The heaviest features that can propose a pair (shared by someone, not too common), ties by id.
function keyFeatures(
  vectors: ArticleVector[],
  documentFrequency: Int32Array,
  maxFrequency: number,
  limit: number,
): KeyFeatures {
  const offsets = new Int32Array(vectors.length + 1);
  const features = new Int32Array(vectors.length * limit);
  let length = 0;
  const usable: number[] = [];
  vectors.forEach((vector, i) => {
    usable.length = 0;
    for (let k = 0; k < vector.features.length; k++) {
      const df = documentFrequency[vector.features[k]];
      if (df >= 2 && df <= maxFrequency) usable.push(k);
    }
    if (usable.length > limit) {
      usable.sort((a, b) => vector.weights[b] - vector.weights[a] || a - b);
      usable.length = limit;
      usable.sort((a, b) => a - b);
    }
    for (const k of usable) features[length++] = vector.features[k];
    offsets[i + 1] = length;
  });
  return { offsets, features: features.subarray(0, length) };
}

/** The inverted index over key features, as flat arrays (no array per feature: there are many). */
interface Postings {
  /** Feature f's articles are entries[offsets[f]] to entries[offsets[f + 1] - 1], ordered by time. */
  offsets: Int32Array;
  entries: Int32Array;
  /** Aligned with the key features: that article's place within that feature's list. */
  positions: Int32Array;
}

function buildPostings(keys: KeyFeatures, featureCount: number, times: Float64Array): Postings {
  const offsets = new Int32Array(featureCount + 1);
  for (const f of keys.features) offsets[f + 1] += 1;
  for (let f = 0; f < featureCount; f++) offsets[f + 1] += offsets[f];
  const fill = offsets.slice(0, featureCount);
  const entries = new Int32Array(keys.features.length);
  const positions = new Int32Array(keys.features.length);
  // Visiting articles in time order fills every list already sorted by time.
  const n = keys.offsets.length - 1;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (!isSorted(times)) order.sort((a, b) => times[a] - times[b] || a - b);
  for (const i of order) {
    for (let k = keys.offsets[i]; k < keys.offsets[i + 1]; k++) {
      const f = keys.features[k];
      positions[k] = fill[f] - offsets[f];
      entries[fill[f]++] = i;
    }
  }
  return { offsets, entries, positions };
}

function isSorted(values: Float64Array): boolean {
  for (let i = 1; i < values.length; i++) if (values[i] < values[i - 1]) return false;
  return true;
}
