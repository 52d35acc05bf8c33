import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { getDatabase, getPrisma } from "@/lib/db";
import { NEWS_WINDOW_MS } from "@/lib/news-window";
import { runIngest, type IngestSummary } from "@/lib/services/run-ingest";
import { fixtureFeed, FIXTURE_FEEDS_DIR, FIXTURE_NOW, rawItemDates } from "@/tests/helpers/feed-fixtures";
import {
  allArticleText,
  FAST_FETCH,
  pointFeed,
  resetIngest,
  feedServerForFile,
} from "@/tests/helpers/ingest";
import { rssFeed } from "@/tests/helpers/rss";

const server = feedServerForFile({ slowMs: 10_000 });
beforeEach(async () => {
  await resetIngest(server);
});

const outcomeOf = (summary: IngestSummary, feedId: string) => {
  const o = summary.outcomes.find((x) => x.feedId === feedId);
  if (!o) throw new Error(`no outcome for ${feedId}`);
  return o;
};

/** Item dates of a fixture, read with a plain regex (independent of the parser under test). */
const rawDates = (file: string) => rawItemDates(fixtureFeed(file).toString("utf8"));

// Every saved real feed through the same pipeline: tests/data/ingest-real-feeds.test.ts (npm run test:data).
describe("a run over the feed fixtures (one day, five outlets)", () => {
  const NOW = FIXTURE_NOW;
  const FEEDS: Record<string, string> = {
    "bbc-news:general": "/fixtures/bbc-home-2019-10-12.xml",
    "cnn:general": "/fixtures/cnn-topstories-2019-10-12.xml",
    "fox-news:general": "/fixtures/fox-latest-2019-10-12.xml",
    "wall-street-journal:general": "/fixtures/wsj-world-2019-10-12.xml",
    "al-jazeera:general": "/fixtures/aljazeera-youtube-atom-2019-10-12.xml",
  };
  const sources = Object.keys(FEEDS).map((id) => id.split(":")[0]);

  it("stores every item once, records each outcome on the run and the feed, and a re-run adds nothing", async () => {
    for (const [id, p] of Object.entries(FEEDS)) await pointFeed(server, id, p);
    const first = await runIngest({
      sources,
      categories: ["general"],
      now: NOW,
      trigger: "cli",
      fetch: FAST_FETCH,
    });

    expect(first.status).toBe("succeeded");
    expect(first.outcomes.map((o) => [o.feedId, o.status, o.httpStatus])).toEqual(
      Object.keys(FEEDS)
        .sort()
        .map((id) => [id, "ok", 200]),
    );
    const prisma = getPrisma();
    const stored = await prisma.article.count();
    expect(stored).toBe(first.totals.new);
    for (const o of first.outcomes)
      expect(o.newCount + o.unchanged + o.tooOld + o.rejected, o.key).toBe(o.items);

    // BBC's items older than 72 hours before NOW are not stored (dates read independently).
    const bbc = outcomeOf(first, "bbc-news:general");
    const bbcDates = rawDates("bbc-home-2019-10-12.xml");
    expect(bbc.items).toBe(bbcDates.length);
    expect(bbc.tooOld).toBe(bbcDates.filter((d) => d.getTime() < NOW.getTime() - NEWS_WINDOW_MS).length);
    expect(bbc.tooOld).toBe(2);

    const run = await prisma.ingestRun.findUniqueOrThrow({
      where: { id: first.runId },
      include: { outcomes: true },
    });
    expect(run).toMatchObject({
      trigger: "cli",
      status: "succeeded",
      feedCount: 5,
      newCount: stored,
      failed: 0,
    });
    expect(run.finishedAt).toBeInstanceOf(Date);
    expect(run.outcomes.find((o) => o.feedId === "bbc-news:general")).toMatchObject({
      sourceId: "bbc-news",
      category: "general",
      status: "ok",
      httpStatus: 200,
      bytes: fixtureFeed("bbc-home-2019-10-12.xml").length,
      items: bbc.items,
      newCount: bbc.newCount,
    });
    const feed = await prisma.feed.findUniqueOrThrow({ where: { id: "bbc-news:general" } });
    expect(feed).toMatchObject({
      lastStatus: 200,
      errorCount: 0,
      lastItemCount: bbc.items,
      lastFetchedAt: NOW,
      lastSuccessAt: NOW,
    });
    expect(feed.etag).toMatch(/^"/);
    expect(feed.nextCheckAt.getTime()).toBe(NOW.getTime() + 15 * 60_000);

    // Every stored date is the item's own (UTC), never later than the fetch.
    const bbcArticles = await prisma.article.findMany({ where: { sourceId: "bbc-news" } });
    const allowed = new Set(bbcDates.map((d) => d.getTime()));
    for (const a of bbcArticles) expect(allowed.has(a.publishedAt.getTime()), a.title).toBe(true);

    // Same feeds again: the server answers 304 to the conditional GET, nothing is stored twice.
    const second = await runIngest({ sources, categories: ["general"], now: NOW, fetch: FAST_FETCH });
    expect(second.outcomes.map((o) => o.status)).toEqual(Array(5).fill("not_modified"));
    expect(second.totals).toMatchObject({ new: 0, updated: 0, failed: 0 });

    // Without validators (a server that ignores them) the items are recognised as unchanged.
    await prisma.feed.updateMany({ data: { etag: null, lastModified: null } });
    const third = await runIngest({ sources, categories: ["general"], now: NOW, fetch: FAST_FETCH });
    expect(third.totals).toMatchObject({ new: 0, updated: 0, failed: 0 });
    expect(third.totals.unchanged).toBe(first.totals.new + first.totals.unchanged);
    expect(await prisma.article.count()).toBe(stored);
  });

  it("marks articles with the countries they concern and never stores markup", async () => {
    for (const [id, p] of Object.entries(FEEDS)) await pointFeed(server, id, p);
    await runIngest({ sources, categories: ["general"], now: NOW, fetch: FAST_FETCH });
    const prisma = getPrisma();
    const wsj = await prisma.article.findMany({ where: { sourceId: "wall-street-journal" } });
    expect(wsj.every((a) => a.countries.includes("us"))).toBe(true);
    // Al Jazeera's home (Qatar) is not a supported country; mentions still place its articles.
    const uk = await prisma.article.findFirstOrThrow({
      where: { sourceId: "al-jazeera", title: "UK ministers debate new fishing quotas" },
    });
    expect(uk.countries).toEqual(["gb"]);
    // feedburner links are followed to the article (CNN's origLink); the Atom entry keeps its thumbnail.
    expect(
      await prisma.article.count({
        where: { sourceId: "cnn", canonicalUrl: { startsWith: "https://www.cnn.com/2019/" } },
      }),
    ).toBe(3);
    expect(uk.imageUrl).toBe("https://i4.ytimg.com/vi/Fish0000001/hqdefault.jpg");
    for (const text of await allArticleText())
      expect(text).not.toMatch(/<\s*\/?\s*[a-z][^>]*>|&lt;|&#\d+;|onerror\s*=/i);
  });
});

describe("a run over hostile feeds", () => {
  const NOW = FIXTURE_NOW;
  const FEEDS: Record<string, string> = {
    "bbc-news:general": "/fixtures/bbc-home-2019-10-12.xml",
    "the-guardian:general": "/fixtures/guardian-world-2019-10-12.xml",
    "cnn:general": "/hostile/slow",
    "wall-street-journal:general": "/hostile/500",
    "npr:general": "/hostile/304",
    "abc-news:general": "/hostile/429?after=120",
    "fox-news:general": "/hostile/redirect-loop",
    "times-of-israel:general": "/hostile/redirect-to-file",
    "cbc-news:general": "/hostile/huge",
    "financial-times:general": "/hostile/gzip-bomb",
    "deutsche-welle:general": "/hostile/wrong-charset.xml",
    "al-jazeera:general": "/hostile/gb2312.xml",
    "france-24:general": "/hostile/items.xml",
    "associated-press:general": "/fixtures/malformed-empty-file.xml",
    "south-china-morning-post:general": "/hostile/not-a-feed",
    "abc-australia:general": "/hostile/flaky",
    "the-economist:general": "/hostile/429-once",
  };
  const sources = Object.keys(FEEDS).map((id) => id.split(":")[0]);
  const run = () =>
    runIngest({ sources, categories: ["general"], now: NOW, fetch: { ...FAST_FETCH, timeoutMs: 5_000 } });

  it("records each case for its own source, stores the good ones, and a re-run stores nothing twice", async () => {
    for (const [id, p] of Object.entries(FEEDS)) await pointFeed(server, id, p);
    const summary = await run();
    const expected: Record<string, { status: string; httpStatus?: number | null; error?: RegExp }> = {
      "bbc-news:general": { status: "ok", httpStatus: 200 },
      "the-guardian:general": { status: "ok", httpStatus: 200 },
      "cnn:general": { status: "error", httpStatus: null, error: /^timed out after 5000 ms$/ },
      "wall-street-journal:general": { status: "error", httpStatus: 500, error: /^HTTP 500$/ },
      "npr:general": { status: "not_modified", httpStatus: 304 },
      "abc-news:general": { status: "error", httpStatus: 429, error: /rate limited; retry after 120 s/ },
      "fox-news:general": { status: "error", error: /too many redirects/ },
      "times-of-israel:general": { status: "error", error: /non-http\(s\) URL refused/ },
      "cbc-news:general": { status: "error", httpStatus: 200, error: /response too large/ },
      "financial-times:general": { status: "error", httpStatus: 200, error: /response too large/ },
      "deutsche-welle:general": { status: "ok" },
      "al-jazeera:general": { status: "ok" },
      "france-24:general": { status: "ok" },
      "associated-press:general": { status: "error", httpStatus: 200, error: /empty feed/ },
      "south-china-morning-post:general": {
        status: "error",
        httpStatus: 200,
        error: /not a well-formed RSS or Atom feed/,
      },
      "abc-australia:general": { status: "ok" },
      "the-economist:general": { status: "ok" },
    };
    for (const [feedId, want] of Object.entries(expected)) {
      const o = outcomeOf(summary, feedId);
      expect(o.status, `${feedId}: ${o.error}`).toBe(want.status);
      if (want.httpStatus !== undefined) expect(o.httpStatus, `${feedId}: ${o.error}`).toBe(want.httpStatus);
      if (want.error) expect(o.error, feedId).toMatch(want.error);
    }
    expect(summary.status).toBe("partial");
    expect(summary.totals.failed).toBe(9);

    const prisma = getPrisma();
    // Outcomes are on the run, one per feed, and on each feed's fetch state.
    const rows = await prisma.ingestOutcome.findMany({ where: { runId: summary.runId } });
    expect(rows).toHaveLength(Object.keys(FEEDS).length);
    const wsj = await prisma.feed.findUniqueOrThrow({ where: { id: "wall-street-journal:general" } });
    expect(wsj).toMatchObject({ errorCount: 1, lastError: "HTTP 500", lastStatus: 500, lastErrorAt: NOW });
    expect(wsj.nextCheckAt.getTime() - NOW.getTime()).toBe(30 * 60_000);
    const abc = await prisma.feed.findUniqueOrThrow({ where: { id: "abc-news:general" } });
    expect(abc.nextCheckAt.getTime() - NOW.getTime()).toBe(30 * 60_000); // backoff (30 min) outlasts Retry-After (2 min)
    const ap = await prisma.feed.findUniqueOrThrow({ where: { id: "associated-press:general" } });
    expect(ap).toMatchObject({ errorCount: 1, etag: null, lastStatus: 200 }); // a broken body's validators are not kept

    // Failing sources stored nothing; the others are unaffected.
    for (const sourceId of [
      "cnn",
      "wall-street-journal",
      "abc-news",
      "fox-news",
      "cbc-news",
      "financial-times",
      "associated-press",
    ]) {
      expect(await prisma.article.count({ where: { sourceId } }), sourceId).toBe(0);
    }
    const bbc = outcomeOf(summary, "bbc-news:general");
    expect(bbc.newCount).toBe(7);
    expect(await prisma.article.count({ where: { sourceId: "bbc-news" } })).toBe(bbc.newCount);

    // Hostile items: no markup or script stored, links canonical, dates right.
    for (const text of await allArticleText())
      expect(text).not.toMatch(/<\s*\/?\s*[a-z]|&lt;|onerror\s*=|onclick\s*=|javascript:|alert\(/i);
    const f24 = await prisma.article.findMany({
      where: { sourceId: "france-24" },
      orderBy: { canonicalUrl: "asc" },
    });
    expect(outcomeOf(summary, "france-24:general")).toMatchObject({ items: 8, newCount: 6, rejected: 2 });
    expect(f24.map((a) => [a.canonicalUrl, a.publishedAt.toISOString()])).toEqual([
      ["https://hostile.example/news/bold-title", "2019-10-12T03:30:00.000Z"],
      ["https://hostile.example/news/future", NOW.toISOString()],
      ["https://hostile.example/news/nested", "2019-10-11T22:00:00.000Z"],
      ["https://hostile.example/news/no-date", NOW.toISOString()],
      ["https://hostile.example/news/relative-story", "2019-10-12T05:00:00.000Z"],
      ["https://hostile.example/news/script?id=7", "2019-10-12T04:00:00.000Z"],
    ]);
    expect(f24.find((a) => a.canonicalUrl.endsWith("script?id=7"))).toMatchObject({
      title: "Script in the description",
      summary: "Before after. link text",
      countries: ["fr"],
      category: "general",
    });

    // Charsets: Latin-1 served as "utf-8", gb2312 served as "utf-8".
    expect((await prisma.article.findFirstOrThrow({ where: { sourceId: "deutsche-welle" } })).title).toBe(
      "Zürich café reopens after façade repair",
    );
    const gb2312 = await prisma.article.findFirstOrThrow({ where: { sourceId: "al-jazeera" } });
    expect(gb2312.title).toBe("本地研究团队发布新型电池原型");
    expect(gb2312.summary).toBe("研究人员表示，新电池的充电时间缩短了一半。");
    expect(gb2312.publishedAt.toISOString()).toBe("2019-10-12T06:20:00.000Z"); // +0800

    // Again: nothing stored twice; failing feeds back off further.
    const total = await prisma.article.count();
    const again = await run();
    expect(again.totals.new).toBe(0);
    expect(await prisma.article.count()).toBe(total);
    const wsjAgain = await prisma.feed.findUniqueOrThrow({ where: { id: "wall-street-journal:general" } });
    expect(wsjAgain.errorCount).toBe(2);
    expect(wsjAgain.nextCheckAt.getTime() - NOW.getTime()).toBe(60 * 60_000);
  });
});

describe("a run over feeds hostile to the server itself (issue 14)", () => {
  it("refuses a redirect into the server's network, and reads 1 MB of nested markup in one item quickly", async () => {
    await pointFeed(server, "bbc-news:general", "/hostile/redirect-to-metadata");
    await pointFeed(server, "the-guardian:general", "/hostile/nested-divs.xml");
    const t0 = Date.now();
    const summary = await runIngest({
      sources: ["bbc-news", "the-guardian"],
      categories: ["general"],
      now: new Date("2018-06-23T20:00:00Z"),
      fetch: FAST_FETCH,
    });
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(outcomeOf(summary, "bbc-news:general")).toMatchObject({
      status: "error",
      httpStatus: null,
      error: "address refused: 169.254.169.254 is a private, link-local or reserved address",
    });
    expect(outcomeOf(summary, "the-guardian:general")).toMatchObject({ status: "ok", newCount: 1 });
    const stored = await getPrisma().article.findFirstOrThrow({ where: { sourceId: "the-guardian" } });
    expect(stored.summary).toBe("The harbour bridge reopened after repairs.");
  });
});

describe("store rules", () => {
  const NOW = FIXTURE_NOW;
  const feed = (items: string) =>
    `<?xml version="1.0"?><rss version="2.0"><channel><title>M</title><link>https://m.example/</link>${items}</channel></rss>`;
  const item = (slug: string, title: string, text: string, date = "Sat, 12 Oct 2019 05:00:00 GMT") =>
    `<item><title>${title}</title><link>https://m.example/${slug}</link><description>${text}</description><pubDate>${date}</pubDate></item>`;

  it("updates a changed item in place and collapses a near-duplicate from the same outlet", async () => {
    await pointFeed(server, "bbc-news:general", "/mutable.xml");
    server.serve("/mutable.xml", {
      body: feed(
        item("a", "Storm closes roads across the north", "First text.") +
          item("b", "Council approves new budget plan", "Budget."),
      ),
    });
    const first = await runIngest({
      sources: ["bbc-news"],
      categories: ["general"],
      now: NOW,
      fetch: FAST_FETCH,
    });
    expect(first.totals).toMatchObject({ new: 2, updated: 0, unchanged: 0 });

    server.serve("/mutable.xml", {
      body: feed(
        item("a", "Storm closes roads across the north", "Updated text with more detail.") +
          item("b", "Council approves new budget plan", "Budget.") +
          item(
            "b-live",
            "Council approves new budget plan!",
            "Budget, with a live blog.",
            "Sat, 12 Oct 2019 06:00:00 GMT",
          ) +
          item("c", "Live updates", "One.") +
          item("d", "Live updates", "Two."),
      ),
    });
    const second = await runIngest({
      sources: ["bbc-news"],
      categories: ["general"],
      now: NOW,
      fetch: FAST_FETCH,
    });
    expect(second.totals).toMatchObject({ new: 2, updated: 1, unchanged: 2 });
    const prisma = getPrisma();
    const articles = await prisma.article.findMany({
      where: { sourceId: "bbc-news" },
      orderBy: { canonicalUrl: "asc" },
    });
    expect(articles.map((a) => a.canonicalUrl)).toEqual([
      "https://m.example/a",
      "https://m.example/b",
      "https://m.example/c",
      "https://m.example/d",
    ]);
    expect(articles[0].summary).toBe("Updated text with more detail.");
    expect(articles[0].publishedAt.toISOString()).toBe("2019-10-12T05:00:00.000Z");
  });

  it.runIf(getDatabase().target.engine === "pglite")(
    "stores instants as Prisma does, whatever the session's time zone",
    async () => {
      // PGlite has one session, so a time zone set here applies to the store's own SQL.
      await getDatabase().sql.exec("SET timezone TO 'Asia/Tokyo'");
      try {
        await pointFeed(server, "bbc-news:general", "/mutable-tz.xml");
        server.serve("/mutable-tz.xml", {
          body: feed(item("tz", "Clock check for the store", "Same text.", "Sat, 12 Oct 2019 05:00:00 GMT")),
        });
        await runIngest({ sources: ["bbc-news"], categories: ["general"], now: NOW, fetch: FAST_FETCH });
        const a = await getPrisma().article.findFirstOrThrow({
          where: { canonicalUrl: "https://m.example/tz" },
        });
        expect(a.publishedAt.toISOString()).toBe("2019-10-12T05:00:00.000Z");
        expect(a.fetchedAt).toEqual(NOW);
        expect(a.content).toBe("Same text.");
        expect(a.url).toBe("https://m.example/tz");
        const f = await getPrisma().feed.findUniqueOrThrow({ where: { id: "bbc-news:general" } });
        expect(f.lastFetchedAt).toEqual(NOW);
        expect(Math.abs(a.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
      } finally {
        await getDatabase().sql.exec("SET timezone TO 'UTC'");
      }
    },
  );

  it("stores an item a feed repeats once, and collapses the same headline under another link", async () => {
    await pointFeed(server, "bbc-news:general", "/fixtures/oddcase-duplicates.xml");
    const first = await runIngest({
      sources: ["bbc-news"],
      categories: ["general"],
      now: NOW,
      fetch: FAST_FETCH,
    });
    expect(outcomeOf(first, "bbc-news:general")).toMatchObject({
      status: "ok",
      items: 6,
      newCount: 3,
      unchanged: 3,
      rejected: 0,
    });
    const stored = await getPrisma().article.findMany({
      where: { sourceId: "bbc-news" },
      orderBy: { canonicalUrl: "asc" },
    });
    // The "VIDEO:" twin collapses into the story; two different items titled "Live updates" do not.
    expect(stored.map((a) => a.canonicalUrl)).toEqual([
      "https://dup.example/live/1",
      "https://dup.example/live/2",
      "https://dup.example/news/harbour-reopens",
    ]);
  });

  it("reads a feed with neither an XML declaration nor an HTTP charset as windows-1252 when it is not UTF-8", async () => {
    await pointFeed(server, "bbc-news:general", "/fixtures/oddcase-encoding-undeclared-cp1252.xml");
    await runIngest({ sources: ["bbc-news"], categories: ["general"], now: NOW, fetch: FAST_FETCH });
    expect(await getPrisma().article.findFirstOrThrow({ where: { sourceId: "bbc-news" } })).toMatchObject({
      title: "Köln: Straßenbahn fährt wieder über die Brücke",
      summary: "“Endlich”, sagen die Fahrgäste – nach 14 Monaten.",
    });
  });

  it("keeps only the last 72 hours and purges what falls out of the window", async () => {
    await pointFeed(server, "bbc-news:general", "/fixtures/bbc-home-2019-10-12.xml");
    const first = await runIngest({
      sources: ["bbc-news"],
      categories: ["general"],
      now: NOW,
      fetch: FAST_FETCH,
    });
    const prisma = getPrisma();
    const oldest = await prisma.article.findFirstOrThrow({ orderBy: { publishedAt: "asc" } });
    expect(oldest.publishedAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - NEWS_WINDOW_MS);
    expect(first.purged).toBe(0);

    const later = new Date(NOW.getTime() + 24 * 3_600_000);
    const expectedGone = await prisma.article.count({
      where: { publishedAt: { lt: new Date(later.getTime() - NEWS_WINDOW_MS) } },
    });
    expect(expectedGone).toBeGreaterThan(0);
    const second = await runIngest({
      sources: ["npr"],
      categories: ["general"],
      now: later,
      fetch: FAST_FETCH,
    });
    expect(second.purged).toBe(expectedGone);
    expect(
      await prisma.article.count({
        where: { publishedAt: { lt: new Date(later.getTime() - NEWS_WINDOW_MS) } },
      }),
    ).toBe(0);
  });
});

describe("run options", () => {
  const NOW = FIXTURE_NOW;

  it("fetches only due feeds when asked (the scheduler's selection)", async () => {
    const prisma = getPrisma();
    await pointFeed(server, "bbc-news:general", "/fixtures/bbc-home-2019-10-12.xml");
    await pointFeed(server, "cnn:general", "/fixtures/cnn-topstories-2019-10-12.xml");
    await prisma.feed.updateMany({ data: { nextCheckAt: new Date(NOW.getTime() + 3_600_000) } });
    await prisma.feed.update({
      where: { id: "bbc-news:general" },
      data: { nextCheckAt: new Date(NOW.getTime() - 1) },
    });
    const summary = await runIngest({ dueOnly: true, now: NOW, fetch: FAST_FETCH });
    expect(summary.outcomes.map((o) => o.feedId)).toEqual(["bbc-news:general"]);
  });

  it("skips feeds once the run's time budget is spent, leaving their state alone", async () => {
    // Jobs start in source order with one at a time: the slow one first, the other waits.
    await pointFeed(server, "bbc-news:general", "/hostile/slow");
    await pointFeed(server, "cnn:general", "/fixtures/cnn-topstories-2019-10-12.xml");
    const hitsBefore = server.hits("/fixtures/cnn-topstories-2019-10-12.xml");
    const summary = await runIngest({
      sources: ["cnn", "bbc-news"],
      categories: ["general"],
      now: NOW,
      budgetMs: 300,
      fetch: { ...FAST_FETCH, timeoutMs: 5_000, concurrency: 1 },
    });
    expect(summary.outcomes.map((o) => [o.feedId, o.status])).toEqual([
      ["bbc-news:general", "skipped"],
      ["cnn:general", "skipped"],
    ]);
    expect(summary.outcomes[1].error).toBe("the run's time budget ran out before this feed");
    expect(server.hits("/fixtures/cnn-topstories-2019-10-12.xml")).toBe(hitsBefore);
    for (const id of ["bbc-news:general", "cnn:general"]) {
      expect(await getPrisma().feed.findUniqueOrThrow({ where: { id } })).toMatchObject({
        errorCount: 0,
        lastFetchedAt: null,
      });
    }
  });

  it("starts no feed once the server is shutting down, and the shutdown waits for the run", async () => {
    await pointFeed(server, "bbc-news:general", "/fixtures/bbc-home-2011-03-08.xml");
    const hitsBefore = server.hits("/fixtures/bbc-home-2011-03-08.xml");
    // The lifecycle state lives on globalThis (lib/lifecycle/shutdown.ts); a signal would set this.
    const lifecycle = (
      globalThis as unknown as { __newsLifecycle: { draining: boolean; tasks: Set<Promise<unknown>> } }
    ).__newsLifecycle;
    lifecycle.draining = true;
    try {
      const running = runIngest({
        sources: ["bbc-news"],
        categories: ["general"],
        now: NOW,
        fetch: FAST_FETCH,
      });
      expect(lifecycle.tasks.size).toBe(1);
      const summary = await running;
      expect(summary.outcomes.map((o) => [o.status, o.error])).toEqual([
        ["skipped", "the server is shutting down"],
      ]);
      expect(server.hits("/fixtures/bbc-home-2011-03-08.xml")).toBe(hitsBefore);
    } finally {
      lifecycle.draining = false;
    }
  });

  it("refuses an unknown source and reports outlets without feeds as unavailable", async () => {
    await expect(runIngest({ sources: ["no-such-outlet"] })).rejects.toThrow(
      /Unknown source "no-such-outlet"/,
    );
    const summary = await runIngest({ sources: ["reuters", "euronews"], now: NOW });
    expect(summary.outcomes).toEqual([]);
    expect(summary.unavailable.map((u) => u.sourceId).sort()).toEqual(["euronews", "reuters"]);
    expect(summary.unavailable.find((u) => u.sourceId === "reuters")!.reason).toMatch(/since 2020/);
  });

  it("ingests saved files with --from-dir, mapped to outlets by name, each measured from its newest item", async () => {
    const summary = await runIngest({ fromDir: FIXTURE_FEEDS_DIR, trigger: "cli" });
    const keys = summary.outcomes.map((o) => o.key);
    expect(keys).toEqual([
      "aljazeera-youtube-atom-2019-10-12.xml",
      "bbc-home-2011-03-08.xml",
      "bbc-home-2019-10-12.xml",
      "cnn-topstories-2019-10-12.xml",
      "fox-latest-2019-10-12.xml",
      "guardian-world-2019-10-12.xml",
      "reuters-topnews-2019-10-12.xml",
      "wsj-world-2019-10-12.xml",
    ]);
    expect(summary.skippedFiles.map((f) => f.file)).toEqual(
      fs
        .readdirSync(FIXTURE_FEEDS_DIR)
        .filter((f) => /^(other|oddcase|malformed)-.*\.xml$/.test(f))
        .sort(),
    );
    expect(summary.outcomes.every((o) => o.status === "ok")).toBe(true);
    const prisma = getPrisma();
    const reuters = await prisma.article.findMany({ where: { sourceId: "reuters" } });
    expect(reuters).toHaveLength(3);
    expect(
      reuters.every((a) => a.feedId === null && a.canonicalUrl.startsWith("http://www.reuters.com/article/")),
    ).toBe(true);
    // The window of each file ends at its newest item, so a saved file is ingested as if fresh:
    // even the 2011 one.
    const wsj = summary.outcomes.find((o) => o.key === "wsj-world-2019-10-12.xml")!;
    const newest = Math.max(...rawDates("wsj-world-2019-10-12.xml").map((d) => d.getTime()));
    expect(wsj.windowEnd.getTime()).toBe(newest);
    expect(wsj.newCount).toBe(3);
    expect(summary.outcomes.find((o) => o.key === "bbc-home-2011-03-08.xml")).toMatchObject({
      newCount: 3,
      tooOld: 0,
    });
    // Fetch state is untouched: nothing was fetched.
    expect(await prisma.feed.count({ where: { lastFetchedAt: { not: null } } })).toBe(0);
  });

  it("keeps the newer day's copy of an article that saved files of two days carry, in any order, and a re-run changes nothing", async () => {
    // An outlet republishes an explainer under the same URL with new text (BBC does this).
    const day = (iso: string, text: string) =>
      rssFeed(
        "BBC News",
        [
          {
            title: "What are the rules on weddings now",
            link: "https://www.bbc.co.uk/news/explainers-1",
            description: text,
            hoursAgo: 0,
          },
        ],
        new Date(iso),
      );
    const folder = (files: Record<string, string>) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-from-dir-"));
      for (const [name, xml] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), xml);
      return dir;
    };
    const older = [
      "bbc-home-2020-05-30.xml",
      day("2020-05-30T10:00:00Z", "Thirty guests may attend."),
    ] as const;
    const newer = [
      "bbc-home-2020-05-31.xml",
      day("2020-05-31T10:00:00Z", "Fifty guests may attend."),
    ] as const;
    const both = folder(Object.fromEntries([older, newer]));
    const onlyOlder = folder(Object.fromEntries([older]));
    const stored = async () =>
      (await getPrisma().article.findMany({ select: { summary: true } })).map((a) => a.summary);
    try {
      // The two files are read side by side: whichever comes first is new, and the older day's
      // copy either gives way (updated) or is refused (unchanged); the newer text is kept either way.
      const first = (await runIngest({ fromDir: both, trigger: "cli" })).totals;
      expect(first.new).toBe(1);
      expect(first.updated).toBeLessThanOrEqual(1);
      expect(await stored()).toEqual(["Fifty guests may attend."]);
      expect((await runIngest({ fromDir: both, trigger: "cli" })).totals).toMatchObject({
        new: 0,
        updated: 0,
      });
      expect((await runIngest({ fromDir: onlyOlder, trigger: "cli" })).totals).toMatchObject({
        new: 0,
        updated: 0,
      });
      expect(await stored()).toEqual(["Fifty guests may attend."]);
    } finally {
      for (const dir of [both, onlyOlder]) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
