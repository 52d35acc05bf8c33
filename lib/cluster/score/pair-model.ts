/**
 * The pair model: one linear score over a pair's evidence (lib/cluster/evidence/pair-evidence.ts), read
 * from a committed weights file. A "logistic" model (fitted by `npm run cluster:train`) gives the
 * probability that the two report one story; an "exp" model is the older product of a cosine and
 * hand-set factors written as log weights (exp(ln cosine + Σ ln factor · flag)). Nothing is fitted
 * at run time: the weights are data, the scoring is a dot product.
 */
import { EVIDENCE_FEATURES, EVIDENCE_SIZE } from "@/lib/cluster/evidence/evidence-features";
import type { PairModelFile } from "@/lib/cluster/types";

/** A model ready to score: weights with the standardisation folded in. */
export class PairModel {
  private readonly weights = new Float64Array(EVIDENCE_SIZE);
  private readonly bias: number;
  private readonly logistic: boolean;

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
  }

  /** The score of one evidence record: a probability (logistic) or a damped cosine (exp). */
  score(evidence: Float64Array): number {
    let z = this.bias;
    for (let k = 0; k < EVIDENCE_SIZE; k++) z += this.weights[k] * evidence[k];
    return this.logistic ? 1 / (1 + Math.exp(-z)) : Math.exp(z);
  }
}
