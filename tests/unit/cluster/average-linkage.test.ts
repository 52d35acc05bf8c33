import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeByAverageLinkage } from "@/lib/cluster/assembly/average-linkage";
import { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";
import type { BatchVectors } from "@/lib/cluster/evidence/vectors";

// A forest over n articles without features: only the links matter to average linkage.
function emptyForest(n: number): ClusterForest {
  const none = new Int32Array(0);
  const batch = {
    vectors: Array.from({ length: n }, () => ({})),
    flat: { offsets: new Int32Array(n + 1), features: none, weights: new Float64Array(0) },
    featureGroup: none,
  } as unknown as BatchVectors;
  return new ClusterForest(batch);
}

type Edge = [number, number, number];

// The plain rule: join the two groups of highest mean link (missing links count 0) while it
// reaches the threshold; ties to the smaller pair of roots, and the larger group's root stays
// (the first's when equal), as the forest does.
function reference(n: number, edges: Edge[], threshold: number): number[][] {
  const weight = new Map<string, number>();
  for (const [a, b, w] of edges) weight.set(`${Math.min(a, b)},${Math.max(a, b)}`, w);
  let groups = Array.from({ length: n }, (_, i) => ({ root: i, members: [i] }));
  for (;;) {
    let best: { x: number; y: number; average: number; low: number; high: number } | undefined;
    for (let x = 0; x < groups.length; x++)
      for (let y = x + 1; y < groups.length; y++) {
        let sum = 0;
        for (const i of groups[x].members)
          for (const j of groups[y].members) sum += weight.get(`${Math.min(i, j)},${Math.max(i, j)}`) ?? 0;
        const average = sum / (groups[x].members.length * groups[y].members.length);
        const low = Math.min(groups[x].root, groups[y].root);
        const high = Math.max(groups[x].root, groups[y].root);
        if (
          !best ||
          average > best.average ||
          (average === best.average && (low < best.low || (low === best.low && high < best.high)))
        )
          best = { x, y, average, low, high };
      }
    if (!best || best.average < threshold) break;
    // The heap offers (low, high) and the forest keeps the first root when sizes are equal.
    const [a, b] = [groups[best.x], groups[best.y]].sort((p, q) => p.root - q.root);
    const root = a.members.length >= b.members.length ? a.root : b.root;
    const joined = { root, members: [...a.members, ...b.members] };
    groups = groups.filter((_, k) => k !== best.x && k !== best.y).concat(joined);
  }
  return groups.map((g) => g.members.sort((p, q) => p - q)).sort((p, q) => p[0] - q[0]);
}

function partition(forest: ClusterForest, n: number): number[][] {
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const root = forest.find(i);
    byRoot.set(root, [...(byRoot.get(root) ?? []), i]);
  }
  return [...byRoot.values()].sort((p, q) => p[0] - q[0]);
}

const graph = fc.integer({ min: 2, max: 12 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.uniqueArray(
      fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.integer({ min: 1, max: 16 })).filter(([a, b]) => a !== b),
      { selector: ([a, b]) => `${Math.min(a, b)},${Math.max(a, b)}`, maxLength: 30 },
    ),
    threshold: fc.constantFrom(0.3, 0.5, 0.75),
  }),
);

describe("mergeByAverageLinkage", () => {
  it("joins exactly the groups the plain rule joins, on random link graphs", () => {
    fc.assert(
      fc.property(graph, ({ n, edges, threshold }) => {
        // Weights in sixteenths: ties are common, and the order must still be the same. Sums of
        // sixteenths are exact in floating point whatever their order (twentieths are not: 0.95 +
        // 0.15 falls below 1.1, and the reference summing in another order saw a tie the forest
        // did not).
        const weighted: Edge[] = edges.map(([a, b, w]) => [a, b, w / 16]);
        const forest = emptyForest(n);
        mergeByAverageLinkage(
          forest,
          {
            from: Int32Array.from(weighted, (e) => e[0]),
            to: Int32Array.from(weighted, (e) => e[1]),
            weight: Float64Array.from(weighted, (e) => e[2]),
            count: weighted.length,
          },
          threshold,
        );
        expect(partition(forest, n)).toEqual(reference(n, weighted, threshold));
      }),
      { numRuns: 300 },
    );
  });
});
