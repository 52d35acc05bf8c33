import { describe, expect, it } from "vitest";
import { DEFAULT_CLUSTER_OPTIONS } from "@/lib/cluster/cluster-articles";
import { vectorizeArticles } from "@/lib/cluster/features";
import { pairSimilarity, PairScorer } from "@/lib/cluster/similarity";
import { generateSyntheticNews } from "@/scripts/bench/synthetic-news";

describe("PairScorer", () => {
  it("gives exactly the reference pairSimilarity, in any call order", () => {
    const { articles } = generateSyntheticNews(200, 4);
    const batch = vectorizeArticles(articles);
    const times = Float64Array.from(articles, (a) => a.publishedAt.getTime());
    const scorer = new PairScorer(batch, times, DEFAULT_CLUSTER_OPTIONS);
    for (const [i, j] of [[0, 1], [0, 7], [5, 3], [5, 199], [120, 4], [0, 2]]) {
      const hours = Math.abs(times[i] - times[j]) / 3_600_000;
      expect(scorer.score(i, j)).toBeCloseTo(pairSimilarity(batch.vectors[i], batch.vectors[j], hours, DEFAULT_CLUSTER_OPTIONS), 12);
    }
  });
});

describe("pairSimilarity", () => {
  const opts = DEFAULT_CLUSTER_OPTIONS;
  const at = new Date(0);
  const { vectors } = vectorizeArticles(
    ["Magnitude 6.1 quake hits Japan", "Magnitude 6.1 quake hits Japan", "Magnitude 7.3 quake hits Japan"].map((title, i) => ({ id: String(i), title, summary: "", sourceId: "s", publishedAt: at })),
  );

  it("is 1 for the same headline at the same time and halves per half-life beyond the grace period", () => {
    expect(pairSimilarity(vectors[0], vectors[1], 0, opts)).toBeCloseTo(1, 12);
    expect(pairSimilarity(vectors[0], vectors[1], opts.timeGraceHours, opts)).toBeCloseTo(1, 12);
    expect(pairSimilarity(vectors[0], vectors[1], opts.timeGraceHours + opts.timeHalfLifeHours, opts)).toBeCloseTo(0.5, 12);
  });

  it("damps headlines that state different numbers", () => {
    const undamped = pairSimilarity(vectors[0], vectors[2], 0, { ...opts, numberConflictFactor: 1 });
    expect(undamped).toBeGreaterThan(0.3);
    expect(pairSimilarity(vectors[0], vectors[2], 0, opts)).toBeCloseTo(undamped * opts.numberConflictFactor, 12);
  });
});
