import { describe, expect, it } from "vitest";
import { POST as onDemandRoute } from "@/app/api/v1/comparison-cards/generate/on-demand/route";
import { signAccessToken } from "@/lib/auth/tokens";
import { getDatabase, getPrisma } from "@/lib/db";
import { newsWindowStart } from "@/lib/news-window";
import { cachedRead } from "@/lib/read-cache";
import { rebuildCards } from "@/lib/services/rebuild-cards";
import { windowFingerprint } from "@/lib/storage/articles";
import { call } from "@/tests/helpers/api";
import { insertArticles } from "@/tests/helpers/cards";

/**
 * Issue 23, finding 1: concurrent rebuilds share one run instead of queueing one each, a window
 * unchanged since the last rebuild is not clustered again (nor the read cache emptied), and so
 * on-demand generation for empty pairs whose feeds are fresh costs no rebuild at all.
 */

const story = (key: string, hoursAgo: number) => [
  { sourceId: "cnn", title: `Bridge ${key} collapses in Pittsburgh, 4 hurt`, hoursAgo },
  { sourceId: "fox-news", title: `Pittsburgh bridge ${key} collapse injures 4`, hoursAgo },
  { sourceId: "npr", title: `Four hurt as Pittsburgh bridge ${key} collapses`, hoursAgo },
];

/** A marker in the read cache: true while the entry cached before is still served. */
async function cacheKept(key: string): Promise<boolean> {
  return cachedRead(key, async () => "recomputed").then((v) => v === "cached");
}

describe("rebuildCards shares runs and skips an unchanged window", () => {
  it("ten concurrent callers share at most two runs: the one in progress and one after it", async () => {
    await insertArticles("alpha", story("alpha", 2));
    const results = await Promise.all(Array.from({ length: 10 }, () => rebuildCards()));
    expect(new Set(results).size).toBe(2);
    expect(results[0]).toMatchObject({ skipped: false, created: 1 });
    // The run queued behind the first found the window as the first built it.
    expect(results.slice(1).every((r) => r === results[1])).toBe(true);
    expect(results[1]).toMatchObject({ skipped: true, cards: 1, created: 0 });
  });

  it("an unchanged window is not rebuilt and the read cache is kept; a new article rebuilds and empties it", async () => {
    await cachedRead("marker", async () => "cached");
    const unchanged = await rebuildCards();
    expect(unchanged).toMatchObject({ skipped: true, created: 0, updated: 0, retired: 0 });
    expect(await cacheKept("marker")).toBe(true);

    await insertArticles("beta", [
      { sourceId: "bbc-news", title: "Heatwave closes schools across Madrid region", hoursAgo: 30 },
      { sourceId: "the-guardian", title: "Madrid region shuts schools as heatwave hits", hoursAgo: 31 },
    ]);
    const changed = await rebuildCards();
    expect(changed).toMatchObject({ skipped: false, created: 1 });
    expect(await cacheKept("marker")).toBe(false);
  });

  it("on-demand generation for nine empty pairs with fresh feeds answers no_new_articles without a rebuild", async () => {
    await getPrisma().feed.updateMany({ data: { lastFetchedAt: new Date() } });
    await cachedRead("marker-2", async () => "cached");
    const reader = (await signAccessToken({ username: "reader", role: "reader" })).token;
    const pairs = ["jp", "de", "fr", "in", "br", "au", "ca", "gb", "za"].map((country) => ({
      country,
      category: "sports",
    }));
    const answers = await Promise.all(
      pairs.map((body) =>
        call<{ data: { action: string } }>(onDemandRoute, "/api/v1/comparison-cards/generate/on-demand", {
          body,
          token: reader,
        }),
      ),
    );
    for (const a of answers) expect([a.status, a.json.data?.action]).toEqual([200, "no_new_articles"]);
    expect(await cacheKept("marker-2")).toBe(true);
  });

  it("on a sliding window, an on-demand call that adds no article never re-clusters (issue 34)", async () => {
    const prisma = getPrisma();
    const builtFrom = async () =>
      (await prisma.counter.findUnique({ where: { name: "cards.built-from" } }))?.value ?? null;
    const onDemand = async (body: { country: string; category: string }) => {
      const reader = (await signAccessToken({ username: "reader", role: "reader" })).token;
      const res = await call<{ data: { action: string } }>(
        onDemandRoute,
        "/api/v1/comparison-cards/generate/on-demand",
        { body, token: reader },
      );
      return [res.status, res.json.data?.action];
    };
    // An article ages out of the window: the window is no longer what the cards were built from.
    await insertArticles("gamma", [
      { sourceId: "cnn", title: "Ferry service resumes on the Clyde", hoursAgo: 5 },
    ]);
    await rebuildCards();
    await prisma.article.deleteMany({ where: { title: "Ferry service resumes on the Clyde" } });
    const before = await builtFrom();
    await cachedRead("marker-3", async () => "cached");
    // Fresh feeds: nothing to fetch.
    await prisma.feed.updateMany({ data: { lastFetchedAt: new Date() } });
    expect(await onDemand({ country: "jp", category: "health" })).toEqual([200, "no_new_articles"]);
    // Another ingest holds the lock: its own re-clustering follows; this call answers what is stored.
    await getDatabase().withLock("ingest", async () => {
      await prisma.feed.updateMany({ data: { lastFetchedAt: new Date(Date.now() - 3_600_000) } });
      expect(await onDemand({ country: "jp", category: "health" })).toEqual([200, "no_new_articles"]);
    });
    expect(await builtFrom()).toBe(before);
    expect(await cacheKept("marker-3")).toBe(true);
  });

  it("reads the window's fingerprint in slices, to the same value as one statement over the window (issue 34)", async () => {
    const prisma = getPrisma();
    const now = new Date();
    // An article dated ahead of now, and one at the window's very start, are in the window too.
    await insertArticles("delta", [
      { sourceId: "cnn", title: "Tomorrow's eclipse visible across Chile", hoursAgo: -2 },
      { sourceId: "npr", title: "Harbour reopens after the storm", hoursAgo: 71.9 },
    ]);
    const [whole] = await prisma.$queryRawUnsafe<{ n: number; latest: string | null }[]>(
      `SELECT count(*)::int AS n, max("updatedAt")::text AS latest FROM "Article"
       WHERE "publishedAt" >= ($1::timestamptz AT TIME ZONE 'UTC')`,
      newsWindowStart(now).toISOString(),
    );
    expect(await windowFingerprint(prisma, now)).toEqual({
      articles: whole.n,
      hash: `${whole.n}@${whole.latest ?? ""}`,
    });
  });
});
