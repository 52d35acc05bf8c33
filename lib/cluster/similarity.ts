/**
 * How similar two articles are as the clusterer sees it: the cosine of their feature vectors,
 * damped when the headlines state different numbers and when they were published far apart.
 */
import { cosine, hasConflictingNumbers, type ArticleVector, type BatchVectors } from "@/lib/cluster/features";
import type { ClusterOptions } from "@/lib/cluster/types";

type DampingOptions = Pick<ClusterOptions, "numberConflictFactor" | "timeGraceHours" | "timeHalfLifeHours">;

const HOUR_MS = 3_600_000;

/** Similarity of two articles: cosine, damped by conflicting numbers and by time apart. */
export function pairSimilarity(a: ArticleVector, b: ArticleVector, hoursApart: number, opts: DampingOptions): number {
  return damp(cosine(a, b), hasConflictingNumbers(a, b), hoursApart, opts);
}

/**
 * The same similarity, fast for many pairs sharing a first article: that article's vector is spread
 * into a dense array once, so each partner costs one pass over its own features.
 */
export class PairScorer {
  private readonly dense: Float64Array;
  private readonly numberMark: Uint8Array;
  private current = -1;

  constructor(
    private readonly batch: BatchVectors,
    private readonly times: Float64Array,
    private readonly opts: DampingOptions,
  ) {
    this.dense = new Float64Array(batch.documentFrequency.length);
    this.numberMark = new Uint8Array(batch.documentFrequency.length);
  }

  /** pairSimilarity(vectors[i], vectors[j], …); cheapest when consecutive calls share i. */
  score(i: number, j: number): number {
    if (i !== this.current) this.spread(i);
    // The flat arrays, not the per-article views: one less pointer to chase per partner.
    const { offsets, features, weights, numberOffsets, numbers } = this.batch.flat;
    const shared = this.batch.sharedFeatureCount;
    let dot = 0;
    // Features are ascending and the unshared ones come last: they cannot meet i's, so stop there.
    for (let k = offsets[j], end = offsets[j + 1]; k < end && features[k] < shared; k++) dot += this.dense[features[k]] * weights[k];
    if (dot === 0) return 0;
    let conflict = numberOffsets[i + 1] > numberOffsets[i] && numberOffsets[j + 1] > numberOffsets[j];
    for (let k = numberOffsets[j]; conflict && k < numberOffsets[j + 1]; k++) if (this.numberMark[numbers[k]]) conflict = false;
    return damp(dot, conflict, Math.abs(this.times[i] - this.times[j]) / HOUR_MS, this.opts);
  }

  private spread(i: number): void {
    const { vectors } = this.batch;
    if (this.current >= 0) {
      const old = vectors[this.current];
      for (const f of old.features) this.dense[f] = 0;
      for (const f of old.numbers) this.numberMark[f] = 0;
    }
    const v = vectors[i];
    for (let k = 0; k < v.features.length; k++) this.dense[v.features[k]] = v.weights[k];
    for (const f of v.numbers) this.numberMark[f] = 1;
    this.current = i;
  }
}

function damp(similarity: number, conflictingNumbers: boolean, hoursApart: number, opts: DampingOptions): number {
  if (similarity === 0) return 0;
  let damped = similarity;
  if (conflictingNumbers) damped *= opts.numberConflictFactor;
  const lateness = hoursApart - opts.timeGraceHours;
  if (lateness > 0) damped *= Math.pow(0.5, lateness / opts.timeHalfLifeHours);
  return damped;
}
