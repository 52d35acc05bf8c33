/**
 * How far pair similarity alone can take a labelled day: for each story that two or more outlets
 * cover, its best pair across outlets as the clusterer scores pairs, and how many pairs of
 * different stories (across outlets) score at least as high. A story whose best pair is outranked
 * by many pairs of different stories cannot get a card from any threshold without cards that mix
 * stories: the gap is in what the similarity sees, not in how groups form.
 */
import { compareIds, pairScorer, prepareBatch } from "@/lib/cluster/assembly/cluster-articles";
import type { ClusterArticle, ClusterOptions } from "@/lib/cluster/types";

export interface StoryCeiling {
  story: string;
  /** The best similarity between two of its articles from different outlets (0 when none share a word). */
  best: number;
  /** The ids of that pair, in id order. */
  pair: [string, string];
  /** Pairs of articles from different outlets and different stories that score at least `best`. */
  otherPairsAbove: number;
}

/** Every pair is scored, so the work grows with the square of the batch. */
export const MAX_CEILING_ARTICLES = 5_000;

/** Per multi-outlet story of `truth`, its best cross-outlet pair and the cross-story pairs above it. */
export function pairCeiling(
  articles: readonly ClusterArticle[],
  truth: ReadonlyMap<string, string>,
  options: Partial<ClusterOptions> = {},
): StoryCeiling[] {
  if (articles.length > MAX_CEILING_ARTICLES)
    throw new Error(`The pair ceiling scores every pair; at most ${MAX_CEILING_ARTICLES} articles.`);
  const prepared = prepareBatch(articles, options);
  const { sorted } = prepared;
  const score = pairScorer(prepared);
  const storyOf = sorted.map((a) => truth.get(a.id) ?? `\u0000${a.id}`);
  const best = new Map<string, { best: number; i: number; j: number }>();
  const otherScores: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      if (sorted[i].sourceId === sorted[j].sourceId) continue;
      const similarity = score(i, j);
      if (storyOf[i] !== storyOf[j]) {
        if (similarity > 0) otherScores.push(similarity);
        continue;
      }
      const current = best.get(storyOf[i]);
      if (!current || similarity > current.best) best.set(storyOf[i], { best: similarity, i, j });
    }
  }
  otherScores.sort((a, b) => b - a);
  const above = (value: number) => {
    // Scores are descending: the first index below `value` is the count at or above it.
    let low = 0;
    let high = otherScores.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (otherScores[middle] >= value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return [...best]
    .map(([story, { best: value, i, j }]) => ({
      story,
      best: value,
      pair: [sorted[i].id, sorted[j].id] as [string, string],
      otherPairsAbove: value > 0 ? above(value) : otherScores.length,
    }))
    .sort((a, b) => b.otherPairsAbove - a.otherPairsAbove || compareIds(a.story, b.story));
}
