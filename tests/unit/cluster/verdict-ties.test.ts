import { describe, expect, it } from "vitest";
import { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";
import type { BatchVectors } from "@/lib/cluster/evidence/vectors";
import { VerdictLookup, type PairVerdict } from "@/lib/cluster/verdicts/pair-verdicts";
import { groupTies, joinTiedGroups, tiesMissing } from "@/lib/cluster/assembly/verdict-ties";

// A forest over n articles without features: only links and verdicts matter to joins on verdicts.
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

const N = 8;
const ids = Array.from({ length: N }, (_, i) => `a${i}`);
const indexOf = new Map(ids.map((id, i) => [id, i]));

/** The verdicts, and the links the clusterer would hold for them ("same" at 0.95) and for words. */
function evidence(said: [number, number, PairVerdict["verdict"]][], words: [number, number, number][] = []) {
  const verdicts = new VerdictLookup(
    said.map(([i, j, verdict]) => ({ a: ids[i], b: ids[j], verdict })),
    indexOf,
    N,
  );
  const pairs = [...said.map(([i, j, v]) => [i, j, v === "same" ? 0.95 : 0] as const), ...words].filter(
    ([, , w]) => w >= 0.3,
  );
  const links = {
    from: Int32Array.from(pairs, (p) => p[0]),
    to: Int32Array.from(pairs, (p) => p[1]),
    weight: Float64Array.from(pairs, (p) => p[2]),
    count: pairs.length,
  };
  return { verdicts, links };
}

const together = (forest: ClusterForest, ...members: number[]) =>
  new Set(members.map((i) => forest.find(i))).size === 1;

// 0–2 one group, 3–4 another, 5 alone, 6–7 a third group.
const GROUPS = [
  [0, 1, 2],
  [3, 4],
  [6, 7],
];
const OPTIONS = { strongPair: 0.95, reports: 2 };

function join(
  said: [number, number, PairVerdict["verdict"]][],
  words: [number, number, number][] = [],
  loneReports = false,
) {
  const forest = forestOf(GROUPS, N);
  const { verdicts, links } = evidence(said, words);
  joinTiedGroups(
    forest,
    links,
    verdicts,
    OPTIONS,
    verdicts.keptApart((i) => forest.find(i)),
    loneReports,
  );
  return forest;
}

describe("joins on verdicts", () => {
  it("does not join two groups on one 'same' alone, however sure", () => {
    const forest = join([[0, 3, "same"]]);
    expect(together(forest, 0, 3)).toBe(false);
  });

  it("does not join them on several 'same' that all name one report of a group", () => {
    const forest = join([
      [0, 3, "same"],
      [1, 3, "same"],
      [2, 3, "same"],
    ]);
    expect(together(forest, 0, 3)).toBe(false);
  });

  it("joins two groups when two reports of each are tied across", () => {
    const forest = join([
      [0, 3, "same"],
      [1, 4, "same"],
    ]);
    expect(together(forest, 0, 1, 2, 3, 4)).toBe(true);
  });

  it("counts the words' near-certain pairs beside a 'same', but not without one", () => {
    expect(together(join([[0, 3, "same"]], [[1, 4, 0.97]]), 0, 3)).toBe(true);
    expect(
      together(
        join(
          [],
          [
            [0, 3, 0.97],
            [1, 4, 0.97],
          ],
        ),
        0,
        3,
      ),
    ).toBe(false);
  });

  // Decision 162: every answer naming a lone report is a reading of that one report.
  it("joins no lone report to a group on verdicts, however many of the group's reports it is tied to", () => {
    const said: [number, number, PairVerdict["verdict"]][] = [
      [5, 0, "same"],
      [5, 1, "same"],
      [5, 2, "same"],
    ];
    expect(together(join(said), 5, 0)).toBe(false);
    expect(together(join([...said, [5, 6, "same"]], [[1, 6, 0.97]]), 5, 0)).toBe(false);
  });

  it("proposes a lone report for a group when it is tied to two of the group's reports", () => {
    expect(together(join([[5, 3, "same"]], [], true), 5, 3)).toBe(false);
    expect(
      together(
        join(
          [
            [5, 3, "same"],
            [5, 4, "same"],
          ],
          [],
          true,
        ),
        3,
        4,
        5,
      ),
    ).toBe(true);
  });

  it("keeps two groups apart when a pair between them was judged different", () => {
    const forest = join([
      [0, 3, "same"],
      [1, 4, "same"],
      [2, 4, "different"],
    ]);
    expect(together(forest, 0, 3)).toBe(false);
  });

  it("joins again as groups grow: what a join brings counts towards the next", () => {
    // 6–7 is tied to 0 and to 3 once each: only together (after 0–2 and 3–4 join) do they count twice.
    const forest = join([
      [0, 3, "same"],
      [1, 4, "same"],
      [6, 0, "same"],
      [7, 3, "same"],
    ]);
    expect(together(forest, 0, 1, 2, 3, 4, 6, 7)).toBe(true);
  });

  it("says how many more reports of each group a tie needs", () => {
    const forest = forestOf(GROUPS, N);
    const { verdicts, links } = evidence([
      [0, 3, "same"],
      [5, 1, "same"],
    ]);
    const ties = groupTies(forest, links, verdicts, OPTIONS);
    const byGroups = new Map(ties.map((t) => [`${t.low} ${t.high}`, tiesMissing(forest, t, 2)]));
    const key = (a: number, b: number) =>
      `${Math.min(forest.find(a), forest.find(b))} ${Math.max(forest.find(a), forest.find(b))}`;
    expect(byGroups.get(key(0, 3))).toEqual([1, 1]);
    // The lone report 5 is all of its group: only the other side needs a second report.
    const lone = byGroups.get(key(1, 5))!;
    expect([...lone].sort()).toEqual([0, 1]);
  });
});
