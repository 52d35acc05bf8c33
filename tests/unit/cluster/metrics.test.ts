import { describe, expect, it } from "vitest";
import { labelsFromClusters, scoreClustering } from "@/lib/cluster/metrics";

// Truth: a, b, c report story X; d, e report story Y.
const truth = new Map([
  ["a", "X"],
  ["b", "X"],
  ["c", "X"],
  ["d", "Y"],
  ["e", "Y"],
]);

describe("scoreClustering", () => {
  it("matches a hand computation on a mixed clustering", () => {
    // Predicted {a,b} {c,d,e}. B-cubed precision: (1 + 1 + 1/3 + 2/3 + 2/3) / 5 = 11/15;
    // recall: (2/3 + 2/3 + 1/3 + 1 + 1) / 5 = 11/15. Pairwise: 4 predicted pairs, 4 true, 2 shared.
    const score = scoreClustering(labelsFromClusters([["a", "b"], ["c", "d", "e"]]), truth);
    expect(score.bcubed.precision).toBeCloseTo(11 / 15, 12);
    expect(score.bcubed.recall).toBeCloseTo(11 / 15, 12);
    expect(score.bcubed.f1).toBeCloseTo(11 / 15, 12);
    expect(score.pairwise).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(score.predictedClusters).toBe(2);
    expect(score.trueClusters).toBe(2);
  });

  it("scores a perfect clustering 1 everywhere", () => {
    const score = scoreClustering(labelsFromClusters([["a", "b", "c"], ["d", "e"]]), truth);
    expect(score.bcubed).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(score.pairwise).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it("treats missing items as singletons: all precision, little recall", () => {
    // Recall (1/3 · 3 + 1/2 · 2) / 5 = 0.4; no predicted pair, so pairwise precision is 1 by convention.
    const score = scoreClustering(new Map(), truth);
    expect(score.bcubed.precision).toBe(1);
    expect(score.bcubed.recall).toBeCloseTo(0.4, 12);
    expect(score.pairwise.precision).toBe(1);
    expect(score.pairwise.recall).toBe(0);
    expect(score.predictedClusters).toBe(5);
  });

  it("penalises one big cluster on precision only", () => {
    // Precision (3 · 3/5 + 2 · 2/5) / 5 = 13/25; pairwise 4 true pairs of 10 predicted.
    const score = scoreClustering(labelsFromClusters([["a", "b", "c", "d", "e"]]), truth);
    expect(score.bcubed.precision).toBeCloseTo(13 / 25, 12);
    expect(score.bcubed.recall).toBe(1);
    expect(score.pairwise.precision).toBeCloseTo(0.4, 12);
  });
});
