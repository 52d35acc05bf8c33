import { describe, expect, it } from "vitest";
import { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";
import type { BatchVectors } from "@/lib/cluster/evidence/vectors";
import { joinCards } from "@/lib/cluster/assembly/join-cards";

// A forest over n articles without features: only links and scores matter to the card join.
function forestOf(groups: number[][], n: number): ClusterForest {
  const none = new Int32Array(0);
  const batch = {
    vectors: Array.from({ length: n }, () => ({})),
    flat: { offsets: new Int32Array(n + 1), features: none, weights: new Float64Array(0) },
    featureGroup: none,
  } as unknown as BatchVectors;
  const forest = new ClusterForest(batch);
  for (const [first, ...rest] of groups)
    for (const i of rest) forest.union(forest.find(first), forest.find(i));
  return forest;
}

type Pair = [number, number, number];

/** Links from pairs (the candidates' scores), and a scorer that knows every pair (0 when unknown). */
function evidence(pairs: Pair[]) {
  const weights = new Map(pairs.map(([i, j, w]) => [`${Math.min(i, j)},${Math.max(i, j)}`, w]));
  const links = {
    from: Int32Array.from(pairs, (p) => p[0]),
    to: Int32Array.from(pairs, (p) => p[1]),
    weight: Float64Array.from(pairs, (p) => p[2]),
    count: pairs.length,
  };
  const score = (i: number, j: number) => weights.get(`${Math.min(i, j)},${Math.max(i, j)}`) ?? 0;
  return { links, score };
}

const together = (forest: ClusterForest, ...ids: number[]) =>
  new Set(ids.map((i) => forest.find(i))).size === 1;

// Articles 0–2 are one card (outlets 0, 1, 0), 3–4 another (outlets 2, 3); 5–6 one outlet's pair.
const OUTLETS = Int32Array.from([0, 1, 0, 2, 3, 4, 4]);
const GROUPS = [
  [0, 1, 2],
  [3, 4],
  [5, 6],
];

describe("joinCards", () => {
  it("joins two cards when every report of each has a likely partner in the other, scored or candidate", () => {
    const forest = forestOf(GROUPS, 7);
    // Only one cross pair was a candidate; the others are scored when the join is weighed.
    const { links, score } = evidence([
      [0, 3, 0.9],
      [1, 4, 0.6],
      [2, 3, 0.55],
    ]);
    joinCards(forest, { ...links, count: 1 }, OUTLETS, score, { cardSupport: 0.5 });
    expect(together(forest, 0, 1, 2, 3, 4)).toBe(true);
  });

  it("keeps two cards apart when one report of either has no likely partner in the other", () => {
    const forest = forestOf(GROUPS, 7);
    const { links, score } = evidence([
      [0, 3, 0.9],
      [1, 4, 0.6],
      [2, 3, 0.45],
    ]);
    joinCards(forest, links, OUTLETS, score, { cardSupport: 0.5 });
    expect(together(forest, 0, 3)).toBe(false);
  });

  it("leaves a group of one outlet alone, however tied", () => {
    const forest = forestOf(GROUPS, 7);
    const { links, score } = evidence([
      [3, 5, 0.9],
      [3, 6, 0.9],
      [4, 5, 0.9],
      [4, 6, 0.9],
    ]);
    joinCards(forest, links, OUTLETS, score, { cardSupport: 0.5 });
    expect(together(forest, 3, 5)).toBe(false);
  });

  it("keeps apart two cards a reader judged different, however tied", () => {
    const forest = forestOf(GROUPS, 7);
    const { links, score } = evidence([
      [0, 3, 0.9],
      [1, 4, 0.9],
      [2, 3, 0.9],
    ]);
    const apart = new Set([`${forest.find(0)},${forest.find(3)}`]);
    joinCards(
      forest,
      links,
      OUTLETS,
      score,
      { cardSupport: 0.5 },
      (a, b) => apart.has(`${a},${b}`) || apart.has(`${b},${a}`),
    );
    expect(together(forest, 0, 3)).toBe(false);
  });
});
