import { describe, expect, it } from "vitest";
import { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";
import type { BatchVectors } from "@/lib/cluster/evidence/vectors";
import { followUpQuestions, type FollowUpOptions } from "@/lib/cluster/verdicts/follow-up";
import { GreyZoneCollector } from "@/lib/cluster/verdicts/grey-zone";
import { VerdictLookup, type PairVerdict } from "@/lib/cluster/verdicts/pair-verdicts";
import { groupTies } from "@/lib/cluster/assembly/verdict-ties";

// Ten articles. Groups: 0–2 (outlets 0, 1, 0) and 3–4 (outlets 2, 3), one story words left in
// two; 5–6 and 7–8, two cards whose words overlap (features 1 and 2), 9 alone. Each article is a
// unit vector over its features, so the forest can compare centroids.
const N = 10;
const OUTLETS = Int32Array.from([0, 1, 0, 2, 3, 0, 1, 2, 3, 4]);
const FEATURES: number[][] = [[0], [0], [0], [3], [3], [1, 2], [1, 2], [1, 4], [1, 4], [5]];
const GROUPS = [
  [0, 1, 2],
  [3, 4],
  [5, 6],
  [7, 8],
];
const ids = Array.from({ length: N }, (_, i) => `a${i}`);

function forestOf(groups: number[][]): ClusterForest {
  const offsets = new Int32Array(N + 1);
  const features: number[] = [];
  const weights: number[] = [];
  FEATURES.forEach((list, i) => {
    for (const f of list) {
      features.push(f);
      weights.push(1 / Math.sqrt(list.length));
    }
    offsets[i + 1] = features.length;
  });
  const batch = {
    vectors: Array.from({ length: N }, () => ({})),
    flat: { offsets, features: Int32Array.from(features), weights: Float64Array.from(weights) },
    featureGroup: Int32Array.from({ length: 6 }, (_, f) => f),
  } as unknown as BatchVectors;
  const forest = new ClusterForest(batch);
  for (const [first, ...rest] of groups)
    for (const i of rest) forest.union(forest.find(first), forest.find(i));
  return forest;
}

const OPTIONS: FollowUpOptions = {
  low: 0.05,
  high: 0.95,
  limit: 100,
  perArticle: 6,
  duplicateSimilarity: 0.1,
  duplicatesPerCard: 2,
  maxCards: 300,
  reports: 2,
};

/** The pair model's probability of each pair: higher for lower index sums, so "best" is known. */
const score = (i: number, j: number) => 0.5 - (i + j) / 100;

function questions(said: [number, number, PairVerdict["verdict"]][], options: Partial<FollowUpOptions> = {}) {
  const forest = forestOf(GROUPS);
  const verdicts = new VerdictLookup(
    said.map(([i, j, verdict]) => ({ a: ids[i], b: ids[j], verdict })),
    new Map(ids.map((id, i) => [id, i])),
    N,
  );
  const sames = said.filter(([, , v]) => v === "same");
  const links = {
    from: Int32Array.from(sames, (s) => s[0]),
    to: Int32Array.from(sames, (s) => s[1]),
    weight: new Float64Array(sames.length).fill(0.95),
    count: sames.length,
  };
  const ties = groupTies(forest, links, verdicts, { strongPair: 0.95, reports: 2 });
  const grey = new GreyZoneCollector({ ...OPTIONS, ...options }, OUTLETS);
  // The grey zone: a pair inside group 0–2, one between 9 and 0, one with a verdict (not offered).
  grey.offer(0, 1, 0.6);
  grey.offer(9, 0, 0.3);
  const keptApart = verdicts.keptApart((i) => forest.find(i));
  const context = { forest, outlets: OUTLETS, score, verdicts, keptApart, ties, grey, ids };
  return followUpQuestions(context, { ...OPTIONS, ...options }).map((p) => `${p.a}-${p.b}`);
}

describe("a later round's questions", () => {
  it("corroborates a lone 'same' first, with reports it does not name, then asks about look-alike cards, then the grey zone left", () => {
    const asked = questions([[0, 3, "same"]]);
    // Group 0–2 against 3–4 without 0 and 3: (1, 4) is the only cross-outlet pair left.
    expect(asked[0]).toBe("a1-a4");
    // Cards 5–6 and 7–8 share feature 1: two pairs of distinct reports, best first.
    expect(asked.slice(1, 3)).toEqual(["a5-a7", "a6-a8"]);
    // The grey zone's pair inside group 0–2 is left out; the pair naming the lone report is asked.
    expect(asked.slice(3)).toEqual(["a0-a9"]);
  });

  it("asks nothing between two groups a 'different' keeps apart, and no pair twice", () => {
    const asked = questions([
      [0, 3, "same"],
      [2, 4, "different"],
      [5, 7, "different"],
    ]);
    expect(asked.some((p) => ["a1-a4", "a2-a4"].includes(p))).toBe(false);
    expect(asked.some((p) => p === "a6-a8" || p === "a5-a7")).toBe(false);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it("asks for no corroboration once two reports of each are tied", () => {
    const asked = questions([
      [0, 3, "same"],
      [1, 4, "same"],
    ]);
    expect(asked.some((p) => /^a[0-2]-a[34]$/.test(p))).toBe(false);
  });

  it("stays within the round's limit, best use first", () => {
    expect(questions([[0, 3, "same"]], { limit: 2 })).toEqual(["a1-a4", "a5-a7"]);
  });

  it("compares only cards whose centroids share enough", () => {
    const asked = questions([], { duplicateSimilarity: 0.9 });
    expect(asked).toEqual(["a0-a9"]);
  });
});
