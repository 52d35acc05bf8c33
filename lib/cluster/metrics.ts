/**
 * Clustering quality against a ground truth: B-cubed (per-item, so large stories weigh by their
 * size) and pairwise precision/recall/F1. Both take item → label maps over the same items.
 */

export interface PrecisionRecall {
  precision: number;
  recall: number;
  f1: number;
}

export interface ClusteringScore {
  bcubed: PrecisionRecall;
  pairwise: PrecisionRecall;
  predictedClusters: number;
  trueClusters: number;
}

/** Scores predicted labels against true labels; items missing from `predicted` count as singletons. */
export function scoreClustering(predicted: ReadonlyMap<string, string>, truth: ReadonlyMap<string, string>): ClusteringScore {
  const joint = new Map<string, number>();
  const predictedSizes = new Map<string, number>();
  const trueSizes = new Map<string, number>();
  for (const [item, trueLabel] of truth) {
    // A NUL cannot occur in either label, so the joint key is unambiguous.
    const predictedLabel = predicted.get(item) ?? `\u0000${item}`;
    increment(joint, `${predictedLabel}\u0000${trueLabel}`);
    increment(predictedSizes, predictedLabel);
    increment(trueSizes, trueLabel);
  }
  const n = truth.size;
  let bcubedPrecision = 0;
  let bcubedRecall = 0;
  let truePairs = 0;
  for (const [key, count] of joint) {
    const cut = key.lastIndexOf("\u0000");
    bcubedPrecision += (count * count) / predictedSizes.get(key.slice(0, cut))!;
    bcubedRecall += (count * count) / trueSizes.get(key.slice(cut + 1))!;
    truePairs += pairs(count);
  }
  const predictedPairs = sumPairs(predictedSizes);
  const labelledPairs = sumPairs(trueSizes);
  return {
    bcubed: withF1(n ? bcubedPrecision / n : 1, n ? bcubedRecall / n : 1),
    pairwise: withF1(predictedPairs ? truePairs / predictedPairs : 1, labelledPairs ? truePairs / labelledPairs : 1),
    predictedClusters: predictedSizes.size,
    trueClusters: trueSizes.size,
  };
}

/** Item → label map from a list of clusters (the label is the cluster's position). */
export function labelsFromClusters(clusters: readonly (readonly string[])[]): Map<string, string> {
  const labels = new Map<string, string>();
  clusters.forEach((members, index) => members.forEach((item) => labels.set(item, String(index))));
  return labels;
}

function withF1(precision: number, recall: number): PrecisionRecall {
  return { precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function pairs(count: number): number {
  return (count * (count - 1)) / 2;
}

function sumPairs(sizes: Map<string, number>): number {
  let total = 0;
  for (const size of sizes.values()) total += pairs(size);
  return total;
}
