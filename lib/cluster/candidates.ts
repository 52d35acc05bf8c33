/**
 * Candidate generation through an inverted index, so the clusterer never compares all pairs.
 * Short postings are paired exhaustively; a long posting (a word many articles share) pairs each
 * article only with its nearest neighbours in time, which keeps the work linear in the batch size.
 */
import type { ArticleVector } from "@/lib/cluster/features";

export interface CandidateOptions {
  maxExhaustivePosting: number;
  postingWindow: number;
  maxDocumentFrequencyRatio: number;
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
  const postings = buildPostings(vectors, documentFrequency, times, maxFrequency);
  const seen = new Int32Array(n).fill(-1);
  const window = options.postingWindow;
  let visited = 0;
  for (let i = 0; i < n; i++) {
    const vector = vectors[i];
    for (let k = 0; k < vector.features.length; k++) {
      const posting = postings.lists[vector.features[k]];
      if (!posting) continue;
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

interface Postings {
  /** Per feature id, the articles carrying it ordered by time, or undefined when it proposes no pairs. */
  lists: (Int32Array | undefined)[];
  /** Per article, aligned with its features, its place in that feature's list. */
  positions: Int32Array[];
}

function buildPostings(vectors: ArticleVector[], documentFrequency: Int32Array, times: Float64Array, maxFrequency: number): Postings {
  const lists: (Int32Array | undefined)[] = new Array(documentFrequency.length);
  const fill = new Int32Array(documentFrequency.length);
  documentFrequency.forEach((df, id) => {
    if (df >= 2 && df <= maxFrequency) lists[id] = new Int32Array(df);
  });
  // Visiting articles in time order fills every list already sorted by time (ties by index).
  const order = Array.from(vectors.keys()).sort((a, b) => times[a] - times[b] || a - b);
  const positions = vectors.map((v) => new Int32Array(v.features.length));
  for (const i of order) {
    const { features } = vectors[i];
    for (let k = 0; k < features.length; k++) {
      const list = lists[features[k]];
      if (!list) continue;
      positions[i][k] = fill[features[k]];
      list[fill[features[k]]++] = i;
    }
  }
  return { lists, positions };
}
