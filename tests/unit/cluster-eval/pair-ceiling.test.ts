import { describe, expect, it } from "vitest";
import { pairScorer, prepareBatch } from "@/lib/cluster/assembly/cluster-articles";
import { MAX_CEILING_ARTICLES, pairCeiling } from "@/scripts/lib/cluster-eval/pair-ceiling";
import type { ClusterArticle } from "@/lib/cluster/types";

const HOUR = 3_600_000;

// [id, story, outlet, title, summary]: a volcano told twice in the same words, a budget told
// once in the words of a rival budget story and once in others, and a story whose two reports
// share no word.
const ROWS: [string, string, string, string, string][] = [
  ["v1", "volcano", "a", "Volcano erupts on remote island", "Lava reached the coast as villagers fled."],
  ["v2", "volcano", "b", "Remote island volcano erupts", "Villagers fled as lava reached the coast."],
  ["b1", "budget", "a", "Council approves budget for new schools", "The council voted to fund them."],
  ["b2", "budget", "c", "Money agreed for schools", "Classrooms will be built across the district."],
  ["r1", "rival", "b", "Council approves budget for new roads", "The council voted to fund them."],
  ["q1", "quiet", "a", "Orchestra tours abroad", "Musicians depart next week."],
  ["q2", "quiet", "c", "Symphony players travel overseas", "Concerts planned in several cities."],
  ["s1", "single", "b", "Museum opens a new wing", "Paintings return after restoration."],
];

const articles: ClusterArticle[] = ROWS.map(([id, , outlet, title, summary], i) => ({
  id,
  title,
  summary,
  sourceId: outlet,
  publishedAt: new Date(i * HOUR),
}));
const truth = new Map(ROWS.map(([id, story]) => [id, story]));

// The same figures by brute force, every pair scored as the clusterer scores it.
function reference() {
  const prepared = prepareBatch(articles);
  const { sorted } = prepared;
  const score = pairScorer(prepared);
  const pairs: { same: boolean; story: string; similarity: number }[] = [];
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++)
      if (sorted[i].sourceId !== sorted[j].sourceId)
        pairs.push({
          same: truth.get(sorted[i].id) === truth.get(sorted[j].id),
          story: truth.get(sorted[i].id)!,
          similarity: score(i, j),
        });
  return pairs;
}

describe("pairCeiling", () => {
  const ceilings = new Map(pairCeiling(articles, truth).map((c) => [c.story, c]));
  const pairs = reference();

  it("lists each story covered by two or more outlets, with its best pair across outlets", () => {
    expect([...ceilings.keys()].sort()).toEqual(["budget", "quiet", "volcano"]);
    for (const [story, ceiling] of ceilings) {
      const best = Math.max(...pairs.filter((p) => p.same && p.story === story).map((p) => p.similarity));
      expect(ceiling.best).toBeCloseTo(best, 12);
    }
    expect(ceilings.get("volcano")!.pair).toEqual(["v1", "v2"]);
  });

  it("counts the pairs of different stories that score at least as high", () => {
    for (const ceiling of ceilings.values()) {
      const above = pairs.filter((p) => !p.same && p.similarity > 0 && p.similarity >= ceiling.best).length;
      expect(ceiling.otherPairsAbove).toBe(above);
    }
    // The budget reports word their story as the rival story does: it is outscored.
    const budget = ceilings.get("budget")!;
    expect(budget.otherPairsAbove).toBeGreaterThan(0);
    // Two reports that share no word are outscored by every pair of other stories with a word in common.
    const quiet = ceilings.get("quiet")!;
    expect(quiet.best).toBe(0);
    expect(quiet.otherPairsAbove).toBe(pairs.filter((p) => !p.same && p.similarity > 0).length);
    expect(ceilings.get("volcano")!.otherPairsAbove).toBe(0);
  });

  it("lists the most outscored stories first", () => {
    const order = pairCeiling(articles, truth).map((c) => c.otherPairsAbove);
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });

  it("refuses batches too large to score every pair", () => {
    const many = Array.from({ length: MAX_CEILING_ARTICLES + 1 }, (_, i) => ({
      ...articles[0],
      id: `x${i}`,
    }));
    expect(() => pairCeiling(many, truth)).toThrow(/at most/);
  });
});
