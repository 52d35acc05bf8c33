/**
 * How similar two articles are as the clusterer sees it: the cosine of their feature vectors,
 * damped when the headlines state different numbers and when they were published far apart.
 */
import { cosine, hasConflictingNumbers, type ArticleVector } from "@/lib/cluster/features";
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
    private readonly vectors: ArticleVector[],
    featureCount: number,
    private readonly times: Float64Array,
    private readonly opts: DampingOptions,
  ) {
    this.dense = new Float64Array(featureCount);
    this.numberMark = new Uint8Array(featureCount);
  }

  /** pairSimilarity(vectors[i], vectors[j], …); cheapest when consecutive calls share i. */
  score(i: number, j: number): number {
    if (i !== this.current) this.spread(i);
    const a = this.vectors[i];
    const b = this.vectors[j];
    let dot = 0;
    for (let k = 0; k < b.features.length; k++) dot += this.dense[b.features[k]] * b.weights[k];
    if (dot === 0) return 0;
    let conflict = a.numbers.length > 0 && b.numbers.length > 0;
    for (let k = 0; conflict && k < b.numbers.length; k++) if (this.numberMark[b.numbers[k]]) conflict = false;
    return damp(dot, conflict, Math.abs(this.times[i] - this.times[j]) / HOUR_MS, this.opts);
  }

  private spread(i: number): void {
    if (this.current >= 0) {
      const old = this.vectors[this.current];
      for (const f of old.features) this.dense[f] = 0;
      for (const f of old.numbers) this.numberMark[f] = 0;
    }
    const v = this.vectors[i];
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
