/**
 * Turns a story cluster into the draft of a comparison card: the most representative headline first,
 * then one article per other outlet, then the rest; majority category; countries by frequency.
 */
import type { CategoryId } from "@/lib/catalog";
import {
  clusterWithEvidence,
  compareIds,
  type ClusterEvidence,
} from "@/lib/cluster/assembly/cluster-articles";
import type { GreyPair } from "@/lib/cluster/verdicts/grey-zone";
import { vectorizeArticles } from "@/lib/cluster/evidence/features";
import { CARD_HEADLINE_WEIGHTS, CARD_TUNING } from "@/lib/cluster/tuning";
import type { ClusterArticle, StoryCluster } from "@/lib/cluster/types";

export interface CardDraft {
  /** Main first, then related: one per outlet first, then the rest. */
  articleIds: string[];
  mainArticleId: string;
  /** The main article's title, trimmed; no invented text. */
  topic: string;
  category: CategoryId;
  /** Supported country ids of the articles, most frequent first. */
  countries: string[];
  /** The most frequent country ("" when no article names one). */
  country: string;
  sourceCount: number;
  confidence: number;
  latestPublishedAt: Date;
}

const DEFAULT_CATEGORY: CategoryId = "general";

/** Builds the card draft of a cluster; throws when an id is missing from the map (a caller bug). */
export function buildCardDraft(cluster: StoryCluster, articlesById: Map<string, ClusterArticle>): CardDraft {
  const members = cluster.articleIds.map((id) => {
    const article = articlesById.get(id);
    if (!article) throw new Error(`Article ${id} of the cluster is not in the map.`);
    return article;
  });
  if (members.length === 0) throw new Error("An empty cluster has no card.");
  const ranked = rankByRepresentativeness(members);
  const main = ranked[0];
  const ordered = [main, ...relatedOrder(ranked.slice(1), main.sourceId)];
  const countries = countriesByFrequency(ordered);
  return {
    articleIds: ordered.map((a) => a.id),
    mainArticleId: main.id,
    topic: main.title.trim(),
    category: majorityCategory(ordered),
    countries,
    country: countries[0] ?? "",
    sourceCount: new Set(members.map((a) => a.sourceId)).size,
    confidence: cluster.confidence,
    latestPublishedAt: new Date(
      members.reduce((latest, a) => Math.max(latest, a.publishedAt.getTime()), -Infinity),
    ),
  };
}

/** A cluster deserves a card when at least two distinct outlets report it. */
export function isCardWorthy(cluster: StoryCluster, articlesById: Map<string, ClusterArticle>): boolean {
  const outlets = new Set<string>();
  for (const id of cluster.articleIds) {
    const article = articlesById.get(id);
    if (article) outlets.add(article.sourceId);
    if (outlets.size >= 2) return true;
  }
  return false;
}

// Most representative first: the highest mean similarity to the other members (IDF from the cluster
// itself), then one with a summary, then with an image, then the earliest, then the smallest id.
function rankByRepresentativeness(members: ClusterArticle[]): ClusterArticle[] {
  const { vectors } = vectorizeArticles(members, CARD_HEADLINE_WEIGHTS);
  const sum = new Map<number, number>();
  for (const v of vectors) v.features.forEach((f, k) => sum.set(f, (sum.get(f) ?? 0) + v.weights[k]));
  const others = Math.max(1, members.length - 1);
  const score = new Map<ClusterArticle, number>();
  members.forEach((article, i) => {
    const v = vectors[i];
    let dot = 0;
    let self = 0;
    v.features.forEach((f, k) => {
      dot += v.weights[k] * sum.get(f)!;
      self += v.weights[k] * v.weights[k];
    });
    score.set(article, Math.round((dot - self) / others / CARD_TUNING.scoreStep));
  });
  return [...members].sort(
    (a, b) =>
      score.get(b)! - score.get(a)! ||
      Number(Boolean(b.summary.trim())) - Number(Boolean(a.summary.trim())) ||
      Number(Boolean(b.imageUrl)) - Number(Boolean(a.imageUrl)) ||
      a.publishedAt.getTime() - b.publishedAt.getTime() ||
      compareIds(a.id, b.id),
  );
}

// The best article of each other outlet first (so the first related articles compare outlets), then the rest.
function relatedOrder(ranked: ClusterArticle[], mainSource: string): ClusterArticle[] {
  const shown = new Set([mainSource]);
  const firsts: ClusterArticle[] = [];
  const rest: ClusterArticle[] = [];
  for (const article of ranked) {
    if (shown.has(article.sourceId)) rest.push(article);
    else {
      shown.add(article.sourceId);
      firsts.push(article);
    }
  }
  return [...firsts, ...rest];
}

// Majority category; a tie goes to the main article's category, else to the earliest in card order.
function majorityCategory(ordered: ClusterArticle[]): CategoryId {
  const counts = countInOrder(ordered.map((a) => (a.category ? [a.category] : [])));
  const top = Math.max(0, ...counts.values());
  if (top === 0) return DEFAULT_CATEGORY;
  const mainCategory = ordered[0].category;
  if (mainCategory && counts.get(mainCategory) === top) return mainCategory;
  return [...counts].find(([, count]) => count === top)![0];
}

// Each article counts a country once; ties go to the country met first in card order (main first).
function countriesByFrequency(ordered: ClusterArticle[]): string[] {
  const counts = countInOrder(ordered.map((a) => [...new Set(a.countries ?? [])]));
  return [...counts].sort((a, b) => b[1] - a[1]).map(([country]) => country);
}

/** Counts values in a Map whose iteration order is first appearance (Array.sort is stable). */
function countInOrder<T extends string>(lists: T[][]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const list of lists) for (const value of list) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** The card drafts of a batch: its clusters covered widely enough to make a card. */
export function draftCards(articles: ClusterArticle[]): CardDraft[] {
  return draftCardsWithEvidence({ articles }).drafts;
}

/**
 * The card drafts of a batch clustered with verdicts on some pairs, and the grey-zone pairs
 * still without one (when asked for): what a rebuild runs in the worker pool.
 */
export function draftCardsWithEvidence(input: { articles: ClusterArticle[] } & ClusterEvidence): {
  drafts: CardDraft[];
  greyZone: GreyPair[];
  wider: GreyPair[];
} {
  const { articles, ...evidence } = input;
  const byId = new Map(articles.map((a) => [a.id, a]));
  const { clusters, greyZone, wider } = clusterWithEvidence(articles, {}, evidence);
  const drafts = clusters.filter((c) => isCardWorthy(c, byId)).map((c) => buildCardDraft(c, byId));
  return { drafts, greyZone, wider };
}
