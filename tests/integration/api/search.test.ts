import crypto from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";

// This file's own per-client search limit, small enough to reach.
vi.hoisted(() => {
  process.env.RATE_LIMIT_SEARCH_PER_CLIENT_PER_MINUTE = "30";
});

import { GET, POST } from "@/app/api/v1/search/route";
import { getDatabase, getPrisma } from "@/lib/db";
import { SEARCH_SQL } from "@/lib/storage/articles";
import { SEARCH_CARDS_SQL } from "@/lib/storage/cards";
import { call } from "@/tests/helpers/api";
import { insertArticles, insertStory } from "@/tests/helpers/cards";

const HOUR = 3_600_000;
const now = Date.now();
const hash = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

async function article(
  id: string,
  sourceId: string,
  title: string,
  summary: string,
  hoursAgo: number,
  countries: string[],
) {
  await getPrisma().article.create({
    data: {
      id,
      canonicalUrl: `https://example.test/${id}`,
      url: `https://example.test/${id}?utm=x`,
      title,
      summary,
      content: `${summary} More.`,
      publishedAt: new Date(now - hoursAgo * HOUR),
      sourceId,
      category: "general",
      countries,
      contentHash: hash(title + summary),
      titleHash: hash(title),
    },
  });
}

beforeAll(async () => {
  await article(
    "s-new",
    "bbc-news",
    "Harbour Bridge reopens after repairs",
    "Traffic returns to the bridge.",
    1,
    ["gb"],
  );
  await article("s-mid", "cnn", "Mayor praises HARBOUR works", "Officials spoke on Monday.", 5, ["us"]);
  await article("s-sum", "reuters", "City budget approved", "Funding includes the harbour bridge.", 10, [
    "us",
    "gb",
  ]);
  await article("s-old", "npr", "Harbour history", "An old story about the harbour.", 80, ["us"]);
  await article("s-pct", "npr", "Sales up 50% this year", "Retail figures.", 2, ["us"]);
  await getPrisma().comparisonCard.create({
    data: {
      id: "card-harbour",
      topic: "Harbour Bridge reopens",
      category: "general",
      country: "gb",
      countries: ["gb"],
      mainArticleId: "s-new",
      articleCount: 2,
      sourceCount: 2,
      confidence: 0.9,
      latestPublishedAt: new Date(now - HOUR),
      articles: {
        create: [
          { articleId: "s-new", position: 0 },
          { articleId: "s-sum", position: 1 },
        ],
      },
    },
  });
});

const titles = (json: unknown) =>
  (json as { data: { results: { title: string }[] } }).data.results.map((r) => r.title);

describe("GET /api/v1/search", () => {
  it("matches words of title or summary case-insensitively in the 72-hour window, newest first, with source and card", async () => {
    const res = await call(GET, "/api/v1/search", { query: { q: "harbour" } });
    expect(res.status).toBe(200);
    expect(titles(res.json)).toEqual([
      "Harbour Bridge reopens after repairs",
      "Mayor praises HARBOUR works",
      "City budget approved",
    ]);
    const data = (
      res.json as { data: { query: string; results: Record<string, unknown>[]; metadata: unknown } }
    ).data;
    expect(data.query).toBe("harbour");
    expect(data.metadata).toEqual({ count: 3, limit: 20, countries: [], windowHours: 72 });
    expect(data.results[0]).toEqual({
      id: "s-new",
      title: "Harbour Bridge reopens after repairs",
      summary: "Traffic returns to the bridge.",
      url: "https://example.test/s-new?utm=x",
      publishedAt: new Date(now - HOUR).toISOString(),
      imageUrl: null,
      category: "general",
      countries: ["gb"],
      source: {
        id: "bbc-news",
        name: "BBC News",
        region: "Europe",
        country: "gb",
        biasRating: "center",
        biasRatingSource: "Editorial rating (project's known-sources list, 3-point scale)",
        color: "#BB1919",
        icon: "🇬🇧",
        paywall: "none",
      },
      cardId: "card-harbour",
    });
    expect(data.results[1].cardId).toBeNull();
  });

  it.each([
    ["limit", { q: "harbour", limit: "1" }, ["Harbour Bridge reopens after repairs"]],
    ["one country", { q: "harbour", country: "us" }, ["Mayor praises HARBOUR works", "City budget approved"]],
    [
      "the query trimmed",
      { q: "  bridge  " },
      ["Harbour Bridge reopens after repairs", "City budget approved"],
    ],
    ["a percent sign, no wildcard", { q: "r%s" }, []],
    ["a figure with a percent sign", { q: "50%" }, ["Sales up 50% this year"]],
    ["a backslash, no escape", { q: "r\\s" }, []],
    ["an underscore, no wildcard", { q: "a_b" }, []],
    ["no match", { q: "volcano" }, []],
    // Issue 23: words in any form (English stemming), every word of the query.
    [
      "another form of a word",
      { q: "bridges" },
      ["Harbour Bridge reopens after repairs", "City budget approved"],
    ],
    [
      "every word, anywhere in title and summary",
      { q: "harbour repairs" },
      ["Harbour Bridge reopens after repairs"],
    ],
    ["words only English leaves out", { q: "the of" }, []],
  ])("filters by %s", async (_name, query, expected) => {
    const res = await call(GET, "/api/v1/search", { query });
    expect(res.status).toBe(200);
    expect(titles(res.json)).toEqual(expected);
  });

  it("takes several countries", async () => {
    const url = "/api/v1/search?q=harbour&country=gb&country=ca";
    const res = await call(GET, url);
    expect(titles(res.json)).toEqual(["Harbour Bridge reopens after repairs", "City budget approved"]);
  });

  it.each([
    [{ q: "a" }, "Invalid query: query.q must be at least 2 characters"],
    [{ q: "x".repeat(101) }, "Invalid query: query.q Too big: expected string to have <=100 characters"],
    [{ q: "harbour", limit: "51" }, "Invalid query: query.limit Too big: expected number to be <=50"],
    [{ q: "harbour", country: "xx" }, "Invalid query: query.country Invalid input"],
    // Issue 14: NUL reached PostgreSQL and answered 500.
    [{ q: "a\u0000b" }, "Invalid query: query.q must not contain NUL characters or unpaired surrogates"],
  ])("answers 400 for %j", async (query, error) => {
    const res = await call(GET, "/api/v1/search", { query });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: "validation_error", error });
  });

  it("is served from the full-text index the database keeps (issue 23: every search scanned the window)", async () => {
    const plan = await getDatabase().sql.transaction(async (tx) => {
      // The fixture table is small enough that a scan is cheaper; forbid it to see the index is usable.
      await tx.exec("SET LOCAL enable_seqscan = off");
      const rows = await tx.query<{ "QUERY PLAN": string }>(`EXPLAIN ${SEARCH_SQL}`, [
        "harbour",
        new Date(now - 72 * HOUR).toISOString(),
        [],
        20,
      ]);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("Article_search_idx");
  });

  it("is limited per client (RATE_LIMIT_SEARCH_PER_CLIENT_PER_MINUTE), refused searches counted too", async () => {
    const search = (q: string) =>
      call(GET, "/api/v1/search", { query: { q }, headers: { "x-forwarded-for": "192.0.2.50" } });
    for (let i = 0; i < 15; i++) expect((await search("harbour")).status).toBe(200);
    for (let i = 0; i < 15; i++) expect((await search("x")).status).toBe(400);
    const over = await search("harbour");
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ code: "rate_limited", details: { limit: "search-client" } });
    expect((await call(GET, "/api/v1/search", { query: { q: "harbour" } })).status).toBe(200);
  });

  it("answers the story cards holding matches, more outlets first, in every country and category (issue 33)", async () => {
    // A newer two-outlet story, an older three-outlet one in another country and category, a
    // one-outlet fragment newer than both, and a retired card: the three-outlet story comes first.
    await insertStory({
      cardId: "quay-two",
      countries: ["gb"],
      articles: [
        { sourceId: "bbc-news", title: "Quay reopens to ferries", hoursAgo: 2 },
        { sourceId: "the-guardian", title: "Ferries return to the quay", hoursAgo: 3 },
      ],
    });
    await insertStory({
      cardId: "quay-three",
      category: "business",
      countries: ["de"],
      articles: [
        { sourceId: "deutsche-welle", title: "Port operator buys the old quay", hoursAgo: 8 },
        { sourceId: "cnn", title: "Old quay sold to port operator", hoursAgo: 9 },
        { sourceId: "npr", title: "Quay sale approved", hoursAgo: 10 },
      ],
    });
    await insertStory({
      cardId: "quay-retired",
      retiredAt: new Date(),
      successorId: "quay-two",
      articles: [{ sourceId: "cnn", title: "Quay story merged away", hoursAgo: 4 }],
    });
    await insertArticles("quay-loose", [{ sourceId: "fox-news", title: "Quay tours sell out", hoursAgo: 1 }]);
    const res = await call(GET, "/api/v1/search", { query: { q: "quay" } });
    const data = (
      res.json as {
        data: { cards: { cardId: string; sourceCount: number }[]; results: { cardId: string | null }[] };
      }
    ).data;
    expect(data.cards.map((c) => [c.cardId, c.sourceCount])).toEqual([
      ["quay-three", 3],
      ["quay-two", 2],
    ]);
    expect(data.results[0]).toMatchObject({ title: "Quay tours sell out", cardId: null });
    // The cards as the card list answers them.
    expect(data.cards[0]).toMatchObject({
      category: "business",
      mainHeadline: { title: expect.any(String) },
    });
    const limited = await call(GET, "/api/v1/search", { query: { q: "quay", limit: "1" } });
    expect(
      (limited.json as { data: { cards: { cardId: string }[] } }).data.cards.map((c) => c.cardId),
    ).toEqual(["quay-three"]);
  });

  it("finds the cards from the full-text index too", async () => {
    const plan = await getDatabase().sql.transaction(async (tx) => {
      await tx.exec("SET LOCAL enable_seqscan = off");
      const rows = await tx.query<{ "QUERY PLAN": string }>(`EXPLAIN ${SEARCH_CARDS_SQL}`, [
        "harbour",
        new Date(now - 72 * HOUR).toISOString(),
        [],
        20,
      ]);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("Article_search_idx");
  });

  it("answers 400 for a missing q and 405 for POST", async () => {
    expect((await call(GET, "/api/v1/search")).status).toBe(400);
    const res = await call(POST, "/api/v1/search", { method: "POST", body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});
