/**
 * The pair model: one linear score over a pair's evidence (lib/cluster/evidence/pair-evidence.ts), read
 * from a committed weights file. A "logistic" model (fitted by `npm run cluster:train`) gives the
 * probability that the two report one story; an "exp" model is the older product of a cosine and
 * hand-set factors written as log weights (exp(ln cosine + Σ ln factor · flag)). Nothing is fitted
 * at run time: the weights are data, the scoring is a dot product.
 */
import { COSTLY_FEATURES, EVIDENCE_FEATURES, EVIDENCE_SIZE } from "@/lib/cluster/evidence/evidence-features";
import type { PairModelFile } from "@/lib/cluster/types";

/**
 * How far below a floor's linear score a pair must stay to be surely below the floor: far above
 * the rounding of a sum of a few terms, far below any difference a score threshold draws.
 */
const SURELY_BELOW = 1e-9;

/** A model ready to score: weights with the standardisation folded in. */
export class PairModel {
  private readonly weights = new Float64Array(EVIDENCE_SIZE);
  private readonly bias: number;
  private readonly logistic: boolean;
  /** Whether the COSTLY_FEATURES can only lower a score (none weighs positively). */
  private readonly costlyOnlyLower: boolean;

  constructor(file: PairModelFile) {
    let bias = file.bias;
    EVIDENCE_FEATURES.forEach((name, k) => {
      const entry = file.features[name];
      if (!entry) return;
      const scale = entry.scale ?? 1;
      this.weights[k] = entry.weight / scale;
      bias -= (entry.weight * (entry.mean ?? 0)) / scale;
    });
    this.bias = bias;
    this.logistic = file.link === "logistic";
    this.costlyOnlyLower = COSTLY_FEATURES.every(
      (name) => this.weights[EVIDENCE_FEATURES.indexOf(name)] <= 0,
    );
  }

  /** The score of one evidence record: a probability (logistic) or a damped cosine (exp). */
  score(evidence: Float64Array): number {
    const z = this.linear(evidence);
    return this.logistic ? 1 / (1 + Math.exp(-z)) : Math.exp(z);
  }

  /**
   * A linear score below which a record whose COSTLY_FEATURES are still 0 surely scores below
   * `floor` once they are filled: they can only lower it, a sum rounds monotonically, and the
   * margin covers the link's rounding. -Infinity when nothing can be told early (no floor, or a
   * costly feature that weighs positively).
   */
  earlyFloor(floor: number): number {
    const bounded = floor > 0 && (!this.logistic || floor < 1) && this.costlyOnlyLower;
    if (!bounded) return -Infinity;
    return (this.logistic ? Math.log(floor / (1 - floor)) : Math.log(floor)) - SURELY_BELOW;
  }

  /** The linear score of one evidence record: the bias plus the weighted features, in record order. */
  linear(evidence: Float64Array): number {
    let z = this.bias;
    for (let k = 0; k < EVIDENCE_SIZE; k++) z += this.weights[k] * evidence[k];
    return z;
  }
}
