/**
 * Test data for card tests: articles and comparison cards written straight to the test's
 * database.
 */

import crypto from "node:crypto";
import type { CategoryId } from "@/lib/catalog";
import { getPrisma } from "@/lib/db";

export interface StoryArticle {
  sourceId: string;
  title: string;
  summary?: string;
  content?: string;
  imageUrl?: string | null;
  hoursAgo?: number;
  /** The link as the feed gave it; by default one of example.test's. */
  url?: string;
}

export interface Story {
  cardId: string;
  topic?: string;
  category?: CategoryId;
  countries?: string[];
  confidence?: number;
  isDemo?: boolean;
  articles: StoryArticle[];
  retiredAt?: Date;
  successorId?: string;
}

const hash = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

/** Inserts articles only (no card), as ingest stores them; returns their ids in order. */
export async function insertArticles(
  key: string,
  articles: StoryArticle[],
  extra: { category?: CategoryId; countries?: string[]; now?: Date } = {},
) {
  const now = extra.now ?? new Date();
  const ids: string[] = [];
  for (const [i, a] of articles.entries()) {
    const url = a.url ?? `https://example.test/${key}/${i}`;
    const row = await getPrisma().article.create({
      data: {
        canonicalUrl: url,
        url,
        title: a.title,
        summary: a.summary ?? "",
        content: a.content ?? a.summary ?? "",
        imageUrl: a.imageUrl ?? null,
        publishedAt: new Date(now.getTime() - (a.hoursAgo ?? 1) * 3_600_000),
        sourceId: a.sourceId,
        category: extra.category ?? "general",
        countries: extra.countries ?? ["us"],
        contentHash: hash(url + a.title),
        titleHash: hash(a.title.toLowerCase()),
      },
    });
    ids.push(row.id);
  }
  return ids;
}

/** Inserts articles and a comparison card for them directly (the clustering is tested elsewhere). */
export async function insertStory(story: Story, now = new Date()) {
  const prisma = getPrisma();
  const category = story.category ?? "general";
  const countries = story.countries ?? ["us"];
  const ids: string[] = [];
  for (const [i, a] of story.articles.entries()) {
    const url = `https://example.test/${story.cardId}/${i}`;
    const row = await prisma.article.create({
      data: {
        canonicalUrl: url,
        url,
        title: a.title,
        summary: a.summary ?? `${a.title} (summary)`,
        content: a.content ?? a.summary ?? a.title,
        imageUrl: a.imageUrl ?? null,
        publishedAt: new Date(now.getTime() - (a.hoursAgo ?? i + 1) * 3_600_000),
        sourceId: a.sourceId,
        category,
        countries,
        contentHash: hash(url + a.title),
        titleHash: hash(a.title.toLowerCase()),
        isDemo: story.isDemo ?? false,
      },
    });
    ids.push(row.id);
  }
  const newest = Math.min(...story.articles.map((a, i) => a.hoursAgo ?? i + 1));
  await prisma.comparisonCard.create({
    data: {
      id: story.cardId,
      topic: story.topic ?? story.articles[0].title,
      category,
      country: countries[0],
      countries,
      mainArticleId: ids[0],
      articleCount: ids.length,
      sourceCount: new Set(story.articles.map((a) => a.sourceId)).size,
      confidence: story.confidence ?? 0.8,
      isDemo: story.isDemo ?? false,
      latestPublishedAt: new Date(now.getTime() - newest * 3_600_000),
      retiredAt: story.retiredAt ?? null,
      successorId: story.successorId ?? null,
      articles: story.retiredAt
        ? undefined
        : { create: ids.map((articleId, position) => ({ articleId, position })) },
    },
  });
  return ids;
}
