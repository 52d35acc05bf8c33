/**
 * Candidate generation through an inverted index, so the clusterer never compares all pairs.
 * Each article is indexed and queried under its few heaviest features only (its "key" features:
 * names, numbers, rare words), and two articles become candidates when they share one. Short
 * postings are paired exhaustively; a long one (a word many articles share) pairs each article only
 * with its nearest neighbours in time. The work per article is bounded, so the total is linear.
 */
import type { ArticleVector } from "@/lib/cluster/features";

export interface CandidateOptions {
  maxExhaustivePosting: number;
  postingWindow: number;
  maxDocumentFrequencyRatio: number;
  maxKeyFeatures: number;
}

/** Calls visit(i, j) once for every candidate pair i < j; returns how many pairs were visited. */
export function forEachCandidatePair(
  vectors: ArticleVector[],
  documentFrequency: Int32Array,
  times: Float64Array,
  options: CandidateOptions,
  visit: (i: number, j: number) => void,
): number {
  const n = vectors.length;
  // A feature in most articles proposes noise; small batches keep every feature (a pair is a pair).
  const maxFrequency = Math.max(options.maxExhaustivePosting, Math.floor(options.maxDocumentFrequencyRatio * n));
  const keys = vectors.map((v) => keyFeatures(v, documentFrequency, maxFrequency, options.maxKeyFeatures));
  const postings = buildPostings(keys, documentFrequency.length, times);
  const seen = new Int32Array(n).fill(-1);
  const window = options.postingWindow;
  let visited = 0;
  for (let i = 0; i < n; i++) {
    const features = keys[i];
    for (let k = 0; k < features.length; k++) {
      const posting = postings.lists[features[k]];
      let from = 0;
      let to = posting.length;
      if (posting.length > options.maxExhaustivePosting) {
        const at = postings.positions[i][k];
        from = Math.max(0, at - window);
        to = Math.min(posting.length, at + window + 1);
      }
      for (let p = from; p < to; p++) {
        const j = posting[p];
        if (j <= i || seen[j] === i) continue;
        seen[j] = i;
        visited += 1;
        visit(i, j);
      }
    }
  }
  return visited;
}

// The heaviest features that can propose a pair (shared by someone, not too common), ties by id.
function keyFeatures(vector: ArticleVector, documentFrequency: Int32Array, maxFrequency: number, limit: number): Int32Array {
  const usable: number[] = [];
  for (let k = 0; k < vector.features.length; k++) {
    const df = documentFrequency[vector.features[k]];
    if (df >= 2 && df <= maxFrequency) usable.push(k);
  }
  if (usable.length > limit) {
    usable.sort((a, b) => vector.weights[b] - vector.weights[a] || a - b);
    usable.length = limit;
  }
  return Int32Array.from(usable, (k) => vector.features[k]);
}

interface Postings {
  /** Per feature id, the articles keyed by it, ordered by time (ties by index). */
  lists: Int32Array[];
  /** Per article, aligned with its key features, its place in that feature's list. */
  positions: Int32Array[];
}

function buildPostings(keys: Int32Array[], featureCount: number, times: Float64Array): Postings {
  const sizes = new Int32Array(featureCount);
  for (const features of keys) for (const f of features) sizes[f] += 1;
  const lists = Array.from(sizes, (size) => new Int32Array(size));
  const fill = new Int32Array(featureCount);
  // Visiting articles in time order fills every list already sorted by time.
  const order = Array.from(keys.keys()).sort((a, b) => times[a] - times[b] || a - b);
  const positions = keys.map((features) => new Int32Array(features.length));
  for (const i of order) {
    const features = keys[i];
    for (let k = 0; k < features.length; k++) {
      positions[i][k] = fill[features[k]];
      lists[features[k]][fill[features[k]]++] = i;
    }
  }
  return { lists, positions };
}
