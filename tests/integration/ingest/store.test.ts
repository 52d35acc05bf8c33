import { beforeEach, describe, expect, it } from "vitest";
import { getDatabase, getPrisma } from "@/lib/db";
import { normalizeItem, type NormalizedArticle } from "@/lib/ingest/normalize";
import { storeFeedResult } from "@/lib/ingest/store";
import { resetIngest } from "@/tests/helpers/ingest";

const NOW = new Date("2020-05-31T07:00:00Z");

function articles(count: number): NormalizedArticle[] {
  return Array.from({ length: count }, (_, i) => {
    const article = normalizeItem(
      {
        title: `Story number ${i} of the atomic feed`,
        link: `https://atomic.example/${i}`,
        description: `Text ${i}.`,
        dates: ["Sun, 31 May 2020 06:00:00 GMT"],
        categories: [],
        images: [],
      },
      {
        sourceId: "cnn",
        homeCountry: "us",
        category: "general",
        feedUrl: "https://atomic.example/feed",
        fetchedAt: NOW,
      },
    );
    if (!article) throw new Error("The item was rejected.");
    return article;
  });
}

beforeEach(async () => {
  await resetIngest(null);
});

it("commits a feed's articles, fetch state and outcome together, or none of them", async () => {
  const prisma = getPrisma();
  const { sql } = getDatabase();
  const run = await prisma.ingestRun.create({ data: { trigger: "cli", status: "running" } });
  const input = {
    sourceId: "cnn",
    feedId: "cnn:general",
    category: "general" as const,
    articles: articles(40),
    windowEnd: NOW,
    startedAt: performance.now(),
    feedState: {
      errorCount: 0,
      lastError: null,
      lastStatus: 200,
      lastFetchedAt: NOW,
      lastSuccessAt: NOW,
      nextCheckAt: NOW,
      etag: '"v1"',
      lastItemCount: 40,
    },
    outcome: { status: "ok" as const, httpStatus: 200, bytes: 1234, items: 40, error: null },
  };

  // The outcome row comes last; a run that does not exist makes it fail after the articles
  // and the feed state were written. Nothing of the feed may remain.
  await expect(storeFeedResult(sql, { ...input, runId: "no-such-run" })).rejects.toThrow(/foreign key/i);
  expect(await prisma.article.count()).toBe(0);
  expect(await prisma.feed.findUniqueOrThrow({ where: { id: "cnn:general" } })).toMatchObject({
    etag: null,
    lastFetchedAt: null,
  });
  expect(await prisma.ingestOutcome.count()).toBe(0);

  const counts = await storeFeedResult(sql, { ...input, runId: run.id });
  expect(counts).toMatchObject({ newCount: 40, updated: 0, unchanged: 0, tooOld: 0 });
  expect(await prisma.article.count()).toBe(40);
  expect(await prisma.feed.findUniqueOrThrow({ where: { id: "cnn:general" } })).toMatchObject({
    etag: '"v1"',
    lastFetchedAt: NOW,
    lastItemCount: 40,
  });
  expect(await prisma.ingestOutcome.findFirstOrThrow({ where: { runId: run.id } })).toMatchObject({
    status: "ok",
    newCount: 40,
    bytes: 1234,
    items: 40,
  });
});

it("leaves another outlet's article at the same URL untouched", async () => {
  const prisma = getPrisma();
  const { sql } = getDatabase();
  const run = await prisma.ingestRun.create({ data: { trigger: "cli", status: "running" } });
  const [a] = articles(1);
  const base = {
    runId: run.id,
    feedId: null,
    category: "general" as const,
    windowEnd: NOW,
    startedAt: performance.now(),
    outcome: { status: "ok" as const, httpStatus: null, bytes: 0, items: 1, error: null },
  };
  await storeFeedResult(sql, { ...base, sourceId: "cnn", articles: [a] });
  const other = await storeFeedResult(sql, {
    ...base,
    sourceId: "fox-news",
    articles: [{ ...a, summary: "Rewritten.", contentHash: "different" }],
  });
  expect(other).toMatchObject({ newCount: 0, updated: 0, unchanged: 1 });
  expect(await prisma.article.findUniqueOrThrow({ where: { canonicalUrl: a.canonicalUrl } })).toMatchObject({
    sourceId: "cnn",
    summary: "Text 0.",
  });
});

describe("a copy from an earlier fetch", () => {
  const LATER = new Date(NOW.getTime() + 24 * 3_600_000);
  const store = async (articles: NormalizedArticle[], windowEnd: Date) => {
    const run = await getPrisma().ingestRun.create({ data: { trigger: "cli", status: "running" } });
    return storeFeedResult(getDatabase().sql, {
      runId: run.id,
      sourceId: "cnn",
      feedId: null,
      category: "general",
      articles,
      windowEnd,
      startedAt: performance.now(),
      outcome: { status: "ok", httpStatus: null, bytes: 0, items: articles.length, error: null },
    });
  };
  const rewritten = (a: NormalizedArticle, summary: string): NormalizedArticle => ({
    ...a,
    summary,
    content: summary,
    contentHash: `hash of ${summary}`,
  });

  it("never overwrites the copy a later fetch stored at the same URL, and a later one still does", async () => {
    const [a] = articles(1);
    await store([rewritten(a, "Newer text.")], LATER);
    expect(await store([rewritten(a, "Older text.")], NOW)).toMatchObject({
      newCount: 0,
      updated: 0,
      unchanged: 1,
    });
    const stored = () => getPrisma().article.findUniqueOrThrow({ where: { canonicalUrl: a.canonicalUrl } });
    expect(await stored()).toMatchObject({ summary: "Newer text.", fetchedAt: LATER });

    const latest = new Date(LATER.getTime() + 3_600_000);
    expect(await store([rewritten(a, "Latest text.")], latest)).toMatchObject({ updated: 1 });
    expect(await stored()).toMatchObject({ summary: "Latest text.", fetchedAt: latest });
  });

  it("never overwrites the near-duplicate a later fetch stored under another URL", async () => {
    const [a] = articles(1);
    await store([rewritten(a, "Newer text.")], LATER);
    const moved = {
      ...rewritten(a, "Older text."),
      canonicalUrl: "https://atomic.example/moved",
      url: "https://atomic.example/moved",
    };
    expect(await store([moved], NOW)).toMatchObject({ newCount: 0, updated: 0, unchanged: 1 });
    expect(await getPrisma().article.findMany({ select: { canonicalUrl: true, summary: true } })).toEqual([
      { canonicalUrl: a.canonicalUrl, summary: "Newer text." },
    ]);
  });
});
