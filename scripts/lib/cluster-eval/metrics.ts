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
export function scoreClustering(
  predicted: ReadonlyMap<string, string>,
  truth: ReadonlyMap<string, string>,
): ClusteringScore {
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
    pairwise: withF1(
      predictedPairs ? truePairs / predictedPairs : 1,
      labelledPairs ? truePairs / labelledPairs : 1,
    ),
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
  return {
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
  };
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

/** How the cards a reader would see fare against the truth (a card: a cluster of two outlets or more). */
export interface CardScore {
  cards: number;
  /** Cards whose articles all report one true story. */
  pureCards: number;
  /** Articles shown in cards. */
  cardedArticles: number;
  /** Carded articles that do not belong to their card's majority story. */
  misplacedArticles: number;
  /** True stories reported by two outlets or more. */
  multiOutletStories: number;
  /** Of those, the stories with a card that holds two or more of their outlets. */
  cardedStories: number;
  /** Cards whose main story already has another card (the reader sees that story twice): all but one card per story. */
  duplicateCards: number;
  /** Indices (into the clusters given) of the cards that mix stories. */
  impureCardIndices: number[];
  /** The multi-outlet stories without a card, by label. */
  missedStories: string[];
}

/** Scores the clusters as cards: purity, misplaced articles and coverage of multi-outlet stories. */
export function scoreCards(
  clusters: readonly (readonly string[])[],
  truth: ReadonlyMap<string, string>,
  outletOf: ReadonlyMap<string, string>,
): CardScore {
  const score: CardScore = {
    cards: 0,
    pureCards: 0,
    cardedArticles: 0,
    misplacedArticles: 0,
    multiOutletStories: 0,
    cardedStories: 0,
    duplicateCards: 0,
    impureCardIndices: [],
    missedStories: [],
  };
  const carded = new Set<string>();
  const mainStories = new Set<string>();
  clusters.forEach((members, index) => {
    if (new Set(members.map((id) => outletOf.get(id))).size < 2) return;
    score.cards += 1;
    score.cardedArticles += members.length;
    const perStory = new Map<string, Set<string>>();
    for (const id of members) {
      const story = truth.get(id) ?? `\u0000${id}`;
      const outlets = perStory.get(story) ?? new Set<string>();
      outlets.add(outletOf.get(id) ?? "");
      perStory.set(story, outlets);
    }
    const counts = new Map<string, number>();
    for (const id of members) increment(counts, truth.get(id) ?? `\u0000${id}`);
    score.misplacedArticles += members.length - Math.max(...counts.values());
    // The main story: the most articles, ties to the smaller label, so the count is order-free.
    let main = "";
    let most = 0;
    for (const [story, count] of counts)
      if (count > most || (count === most && story < main)) [main, most] = [story, count];
    if (mainStories.has(main)) score.duplicateCards += 1;
    else mainStories.add(main);
    if (counts.size === 1) score.pureCards += 1;
    else score.impureCardIndices.push(index);
    for (const [story, outlets] of perStory) if (outlets.size >= 2) carded.add(story);
  });
  const outletsOfStory = new Map<string, Set<string>>();
  for (const [id, story] of truth) {
    const outlets = outletsOfStory.get(story) ?? new Set<string>();
    outlets.add(outletOf.get(id) ?? "");
    outletsOfStory.set(story, outlets);
  }
  for (const [story, outlets] of outletsOfStory) {
    if (outlets.size < 2) continue;
    score.multiOutletStories += 1;
    if (carded.has(story)) score.cardedStories += 1;
    else score.missedStories.push(story);
  }
  return score;
}
