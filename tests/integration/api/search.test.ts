import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/v1/search/route";
import { getPrisma } from "@/lib/db";
import { call } from "@/tests/helpers/api";

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
  it("matches title or summary case-insensitively in the 72-hour window, newest first, with source and card", async () => {
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
    ["a percent sign taken literally", { q: "r%s" }, []],
    ["a literal percent sign", { q: "50%" }, ["Sales up 50% this year"]],
    ["a backslash taken literally", { q: "r\\s" }, []],
    ["an underscore taken literally", { q: "a_b" }, []],
    ["no match", { q: "volcano" }, []],
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

  it("answers 400 for a missing q and 405 for POST", async () => {
    expect((await call(GET, "/api/v1/search")).status).toBe(400);
    const res = await call(POST, "/api/v1/search", { method: "POST", body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});
