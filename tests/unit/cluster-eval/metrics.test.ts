import { describe, expect, it } from "vitest";
import { labelsFromClusters, scoreCards, scoreClustering } from "@/scripts/lib/cluster-eval/metrics";

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
    const score = scoreClustering(
      labelsFromClusters([
        ["a", "b"],
        ["c", "d", "e"],
      ]),
      truth,
    );
    expect(score.bcubed.precision).toBeCloseTo(11 / 15, 12);
    expect(score.bcubed.recall).toBeCloseTo(11 / 15, 12);
    expect(score.bcubed.f1).toBeCloseTo(11 / 15, 12);
    expect(score.pairwise).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(score.predictedClusters).toBe(2);
    expect(score.trueClusters).toBe(2);
  });

  it("scores a perfect clustering 1 everywhere", () => {
    const score = scoreClustering(
      labelsFromClusters([
        ["a", "b", "c"],
        ["d", "e"],
      ]),
      truth,
    );
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

describe("scoreCards", () => {
  // Truth: X is told by outlets p and q (a, b, c); Y by p and r (d, e); Z by q alone (f); W by r alone (g).
  const truth = new Map([
    ["a", "X"],
    ["b", "X"],
    ["c", "X"],
    ["d", "Y"],
    ["e", "Y"],
    ["f", "Z"],
    ["g", "W"],
  ]);
  const outlet = new Map([
    ["a", "p"],
    ["b", "q"],
    ["c", "p"],
    ["d", "p"],
    ["e", "r"],
    ["f", "q"],
    ["g", "r"],
  ]);

  it("counts cards, pure cards, misplaced articles and carded stories as a reader sees them", () => {
    // {a,b,f}: a card (p, q) of X with f misplaced. {c}: no card. {d,g}: a card (p, r), a tie of
    // one Y and one W, so one article is misplaced. {e}: no card.
    const score = scoreCards([["a", "b", "f"], ["c"], ["d", "g"], ["e"]], truth, outlet);
    expect(score.cards).toBe(2);
    expect(score.pureCards).toBe(0);
    expect(score.impureCardIndices).toEqual([0, 2]);
    expect(score.cardedArticles).toBe(5);
    expect(score.misplacedArticles).toBe(2);
    // X (p, q) and Y (p, r) have two outlets; X has a card holding p and q, Y has none holding two of its outlets.
    expect(score.multiOutletStories).toBe(2);
    expect(score.cardedStories).toBe(1);
    expect(score.missedStories).toEqual(["Y"]);
  });

  it("scores the true clustering as all pure, nothing misplaced, every story carded", () => {
    const score = scoreCards([["a", "b", "c"], ["d", "e"], ["f"], ["g"]], truth, outlet);
    expect(score).toMatchObject({
      cards: 2,
      pureCards: 2,
      misplacedArticles: 0,
      multiOutletStories: 2,
      cardedStories: 2,
      duplicateCards: 0,
      missedStories: [],
    });
  });

  it("counts a story shown as two cards once as a duplicate", () => {
    // {a,b} and {c,f} (f misplaced, main story X) are both X's cards; {d,e} is Y's only card.
    const score = scoreCards([["a", "b"], ["c", "f"], ["d", "e"], ["g"]], truth, outlet);
    expect(score.cards).toBe(3);
    expect(score.duplicateCards).toBe(1);
  });

  it("does not count a one-outlet cluster as a card, however large", () => {
    const score = scoreCards([["a", "c", "d"], ["b"], ["e"], ["f"], ["g"]], truth, outlet);
    expect(score.cards).toBe(0);
    expect(score.cardedStories).toBe(0);
  });
});
