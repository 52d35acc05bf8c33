import { describe, expect, it } from "vitest";
import { forEachCandidatePair } from "@/lib/cluster/evidence/candidates";
import { CARD_HEADLINE_WEIGHTS, DEFAULT_CLUSTER_OPTIONS } from "@/lib/cluster/tuning";
import { vectorizeArticles } from "@/lib/cluster/evidence/features";
import type { ClusterArticle } from "@/lib/cluster/types";
import { generateSyntheticNews } from "@/scripts/bench/synthetic-news";

function countPairs(articles: ClusterArticle[]): { pairs: number; unique: boolean } {
  const { vectors, documentFrequency } = vectorizeArticles(articles, CARD_HEADLINE_WEIGHTS);
  const times = Float64Array.from(articles, (a) => a.publishedAt.getTime());
  const seen = new Set<number>();
  let unique = true;
  const pairs = forEachCandidatePair(vectors, documentFrequency, times, DEFAULT_CLUSTER_OPTIONS, (i, j) => {
    const key = Math.min(i, j) * articles.length + Math.max(i, j);
    if (i === j || seen.has(key)) unique = false;
    seen.add(key);
  });
  return { pairs, unique };
}

describe("forEachCandidatePair", () => {
  it("proposes far fewer pairs than all of them, and about as many per article at any size", () => {
    const small = countPairs(generateSyntheticNews(2_500).articles);
    const large = countPairs(generateSyntheticNews(5_000).articles);
    const allPairs = (5_000 * 4_999) / 2;
    expect(large.unique).toBe(true);
    expect(large.pairs).toBeLessThan(allPairs / 20);
    // Near-linear: doubling the batch at most a little more than doubles the pairs.
    expect(large.pairs / 5_000).toBeLessThan((small.pairs / 2_500) * 1.3);
  });

  it("pairs articles that share a rare word, even in a tiny batch", () => {
    const at = new Date(0);
    const articles = [
      "Volcano erupts in Iceland",
      "Iceland volcano erupts again",
      "Parliament passes budget",
    ].map((title, i) => ({
      id: String(i),
      title,
      summary: "",
      sourceId: "s",
      publishedAt: at,
    }));
    const pairs: [number, number][] = [];
    const { vectors, documentFrequency } = vectorizeArticles(articles, CARD_HEADLINE_WEIGHTS);
    forEachCandidatePair(vectors, documentFrequency, new Float64Array(3), DEFAULT_CLUSTER_OPTIONS, (i, j) =>
      pairs.push([Math.min(i, j), Math.max(i, j)]),
    );
    expect(pairs).toEqual([[0, 1]]);
  });
});
