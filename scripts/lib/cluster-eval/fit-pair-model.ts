/**
 * Fits the pair model from labelled days: every candidate pair the clusterer would score becomes
 * one example (its evidence record, and whether both articles report one story), and a logistic
 * regression is fitted by Newton's method for a fixed number of steps from zero weights, with the
 * features standardised and a small ridge penalty: no randomness, the same days give the same
 * weights. Used by `npm run cluster:train` and the leave-one-day-out runs of `cluster:eval --cv`.
 */
import { forEachCandidatePair } from "@/lib/cluster/evidence/candidates";
import { clusterArticles, prepareBatch } from "@/lib/cluster/assembly/cluster-articles";
import {
  EVIDENCE_FEATURES,
  EVIDENCE_SIZE,
  type EvidenceFeature,
} from "@/lib/cluster/evidence/evidence-features";
import { PairEvidence } from "@/lib/cluster/evidence/pair-evidence";
import type { CrossDayMethod, LabelledDay } from "@/scripts/lib/cluster-eval/cross-day";
import type { ClusterOptions, PairModelFile } from "@/lib/cluster/types";

/** The candidate pairs of one day as examples: EVIDENCE_SIZE numbers per pair, row after row. */
export interface PairExamples {
  evidence: Float64Array;
  same: Uint8Array;
  count: number;
}

/** Newton steps: the fit has converged to six digits well before this on the labelled days. */
export const NEWTON_STEPS = 30;
/** Ridge penalty on the standardised weights, per example (keeps rare flags from running off). */
export const RIDGE = 1e-4;

/**
 * Every candidate pair of the day, as the clusterer with `options` proposes them (the vector weights
 * and candidate settings shape both the pairs and their evidence), with its evidence and label.
 */
export function pairExamples(day: LabelledDay, options: Partial<ClusterOptions> = {}): PairExamples {
  const prepared = prepareBatch(day.articles, options);
  const { sorted, batch, times, outlets, opts } = prepared;
  const evidence = new PairEvidence(batch, times, outlets);
  const rows: number[] = [];
  const same: number[] = [];
  const record = new Float64Array(EVIDENCE_SIZE);
  const storyOf = sorted.map((a) => day.truth.get(a.id) ?? `\u0000${a.id}`);
  forEachCandidatePair(batch.vectors, batch.documentFrequency, times, opts, (i, j) => {
    if (!evidence.fill(i, j, record)) return;
    for (let k = 0; k < EVIDENCE_SIZE; k++) rows.push(record[k]);
    same.push(storyOf[i] === storyOf[j] ? 1 : 0);
  });
  return { evidence: Float64Array.from(rows), same: Uint8Array.from(same), count: same.length };
}

/** Fits a logistic pair model on the examples, over the named features only. */
export function fitPairModel(
  examples: readonly PairExamples[],
  features: readonly EvidenceFeature[] = EVIDENCE_FEATURES,
  days: string[] = [],
): PairModelFile {
  const columns = features.map((name) => EVIDENCE_FEATURES.indexOf(name));
  const d = columns.length + 1;
  const total = examples.reduce((sum, e) => sum + e.count, 0);
  // Standardisation: mean and spread of each feature over all examples.
  const mean = new Float64Array(columns.length);
  const scale = new Float64Array(columns.length);
  for (const e of examples)
    for (let r = 0; r < e.count; r++)
      columns.forEach((c, k) => (mean[k] += e.evidence[r * EVIDENCE_SIZE + c]));
  for (let k = 0; k < columns.length; k++) mean[k] /= total;
  for (const e of examples)
    for (let r = 0; r < e.count; r++)
      columns.forEach((c, k) => (scale[k] += (e.evidence[r * EVIDENCE_SIZE + c] - mean[k]) ** 2));
  for (let k = 0; k < columns.length; k++) scale[k] = Math.sqrt(scale[k] / total) || 1;
  const w = new Float64Array(d); // w[0] is the bias
  const x = new Float64Array(d);
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const gradient = new Float64Array(d);
    const hessian = new Float64Array(d * d);
    for (const e of examples) {
      for (let r = 0; r < e.count; r++) {
        x[0] = 1;
        for (let k = 0; k < columns.length; k++)
          x[k + 1] = (e.evidence[r * EVIDENCE_SIZE + columns[k]] - mean[k]) / scale[k];
        let z = 0;
        for (let k = 0; k < d; k++) z += w[k] * x[k];
        const p = 1 / (1 + Math.exp(-z));
        const g = p - e.same[r];
        const h = Math.max(p * (1 - p), 1e-12);
        for (let a = 0; a < d; a++) {
          gradient[a] += g * x[a];
          const hx = h * x[a];
          for (let b = a; b < d; b++) hessian[a * d + b] += hx * x[b];
        }
      }
    }
    for (let a = 1; a < d; a++) {
      gradient[a] += RIDGE * total * w[a];
      hessian[a * d + a] += RIDGE * total;
    }
    for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) hessian[a * d + b] = hessian[b * d + a];
    const delta = solve(hessian, gradient, d);
    for (let k = 0; k < d; k++) w[k] -= delta[k];
  }
  const round = (v: number) => Number(v.toPrecision(6));
  return {
    method: `Logistic regression (Newton's method, ${NEWTON_STEPS} steps from zero, ridge ${RIDGE} per example on standardised features) over every candidate pair of the labelled days: does the pair report one story?`,
    link: "logistic",
    bias: round(w[0]),
    features: Object.fromEntries(
      features.map((name, k) => [
        name,
        { weight: round(w[k + 1]), mean: round(mean[k]), scale: round(scale[k]) },
      ]),
    ),
    days,
  };
}

/** Solves the symmetric positive definite system A·x = b by Gaussian elimination with partial pivoting. */
function solve(matrix: Float64Array, vector: Float64Array, n: number): Float64Array {
  const a = Float64Array.from(matrix);
  const b = Float64Array.from(vector);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r * n + col]) > Math.abs(a[pivot * n + col])) pivot = r;
    if (pivot !== col) {
      for (let c = 0; c < n; c++) [a[col * n + c], a[pivot * n + c]] = [a[pivot * n + c], a[col * n + c]];
      [b[col], b[pivot]] = [b[pivot], b[col]];
    }
    const diag = a[col * n + col] || 1e-12;
    for (let r = col + 1; r < n; r++) {
      const factor = a[r * n + col] / diag;
      if (factor === 0) continue;
      for (let c = col; c < n; c++) a[r * n + c] -= factor * a[col * n + c];
      b[r] -= factor * b[col];
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let sum = b[r];
    for (let c = r + 1; c < n; c++) sum -= a[r * n + c] * x[c];
    x[r] = sum / (a[r * n + r] || 1e-12);
  }
  return x;
}

/**
 * The fitted clusterer as a cross-day method: each fold fits the pair model on the other days'
 * candidate pairs (over `features`, all by default) and clusters the held-out day with it and
 * `options`. Each day's examples are computed once and shared by every fold.
 */
export function learnedMethod(
  features: readonly EvidenceFeature[] = EVIDENCE_FEATURES,
  options: Partial<ClusterOptions> = {},
  examples: Map<string, PairExamples> = new Map(),
): CrossDayMethod<PairModelFile> {
  const examplesOf = (day: LabelledDay) => {
    let found = examples.get(day.name);
    if (!found) examples.set(day.name, (found = pairExamples(day, options)));
    return found;
  };
  return {
    fit: (days) =>
      fitPairModel(
        days.map(examplesOf),
        features,
        days.map((d) => d.name),
      ),
    cluster: (day, model) =>
      clusterArticles(day.articles, { ...options, pairModel: model }).map((c) => c.articleIds),
  };
}
