import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/v1/comparison-cards/route";
import { GET as cardRoute } from "@/app/api/v1/comparison-cards/[id]/route";
import { invalidateReadCache } from "@/lib/read-cache";
import { call } from "@/tests/helpers/api";
import { insertStory } from "@/tests/helpers/cards";

type List = {
  success: boolean;
  data: { comparisonCards: Array<Record<string, unknown>>; metadata: Record<string, unknown> };
};

beforeAll(async () => {
  await insertStory({
    cardId: "c_bridge",
    topic: "City council approves new river bridge",
    countries: ["us"],
    articles: [
      {
        sourceId: "cnn",
        title: "City council approves new river bridge",
        summary: "The council voted 7-2 for the $40 million bridge.",
        imageUrl: "https://img.test/b.jpg",
        hoursAgo: 2,
      },
      { sourceId: "fox-news", title: "Council backs $40M bridge despite objections", hoursAgo: 3 },
      { sourceId: "associated-press", title: "River bridge plan passes 7-2", hoursAgo: 4 },
    ],
  });
  await insertStory({
    cardId: "c_eu_vote",
    countries: ["gb", "de"],
    articles: [
      { sourceId: "bbc-news", title: "Parliament vote on energy bill", hoursAgo: 1 },
      { sourceId: "deutsche-welle", title: "Energy bill vote in parliament", hoursAgo: 5 },
    ],
  });
  await insertStory({
    cardId: "c_chip",
    category: "technology",
    countries: ["us"],
    articles: [
      { sourceId: "cnn", title: "Chipmaker unveils faster processor", hoursAgo: 6 },
      { sourceId: "the-guardian", title: "New processor promises speed gains", hoursAgo: 7 },
    ],
  });
  await insertStory({
    cardId: "c_old",
    countries: ["us"],
    articles: [
      { sourceId: "npr", title: "A story from four days ago", hoursAgo: 96 },
      { sourceId: "cnn", title: "The same old story", hoursAgo: 97 },
    ],
  });
  await insertStory({
    cardId: "c_retired",
    retiredAt: new Date(),
    successorId: "c_bridge",
    articles: [{ sourceId: "npr", title: "Retired" }],
  });
  invalidateReadCache();
});

describe("GET /api/v1/comparison-cards", () => {
  it("answers the landing selection (six countries, general) when neither country nor category is given", async () => {
    const res = await call<List>(listRoute, "/api/v1/comparison-cards", { query: { limit: "100" } });
    expect(res.status).toBe(200);
    expect(res.json.data.comparisonCards.map((c) => c.cardId)).toEqual(["c_eu_vote", "c_bridge"]);
    expect(res.json.data.metadata).toEqual({
      selection: "landing",
      countries: ["us", "gb", "ca", "au", "de", "fr"],
      category: "general",
      limit: 100,
      count: 2,
      isDemo: false,
      lastUpdated: null,
      // The window's live stories outside the landing selection, and the pair that shows them
      // (the four-day-old and the retired cards are not counted).
      otherSelections: { stories: 1, selections: [{ country: "us", category: "technology", stories: 1 }] },
    });
  });

  it("gives each related article its own publication time, not the card's", async () => {
    const res = await call<List>(listRoute, "/api/v1/comparison-cards", { query: { country: "us" } });
    const card = res.json.data.comparisonCards[0] as {
      createdAt: string;
      mainHeadline: { publishedAt: string };
      relatedArticles: { source: { id: string }; publishedAt: string }[];
    };
    const hour = 3_600_000;
    const main = Date.parse(card.mainHeadline.publishedAt);
    expect(card.relatedArticles.map((a) => [a.source.id, main - Date.parse(a.publishedAt)])).toEqual([
      ["fox-news", hour],
      ["associated-press", 2 * hour],
    ]);
    for (const a of card.relatedArticles) expect(a.publishedAt).not.toBe(card.createdAt);
  });

  it("says nothing of other selections for a pair", async () => {
    const res = await call<List>(listRoute, "/api/v1/comparison-cards", { query: { country: "gb" } });
    expect(res.json.data.metadata.otherSelections).toBeUndefined();
  });

  it("maps a card to the docs/product.md §3 shape with the bias bar and blindspot", async () => {
    const res = await call<List>(listRoute, "/api/v1/comparison-cards", { query: { country: "us" } });
    const [card] = res.json.data.comparisonCards;
    expect(card).toMatchObject({
      cardId: "c_bridge",
      topic: "City council approves new river bridge",
      category: "general",
      country: "us",
      countries: ["us"],
      totalArticles: 3,
      sourceCount: 3,
      confidence: 0.8,
      isDemo: false,
      bias: {
        left: 1,
        center: 1,
        right: 1,
        blindspot: null,
        ratingSource: expect.stringContaining("Editorial rating"),
      },
      mainHeadline: {
        title: "City council approves new river bridge",
        description: "The council voted 7-2 for the $40 million bridge.",
        url: "https://example.test/c_bridge/0",
        urlToImage: "https://img.test/b.jpg",
        source: { id: "cnn", name: "CNN", region: "North America", biasRating: "center-left" },
      },
    });
    expect((card.relatedArticles as Array<{ source: { name: string } }>).map((a) => a.source.name)).toEqual([
      "Fox News",
      "Associated Press",
    ]);
    expect(Date.parse(card.createdAt as string)).not.toBeNaN();
  });

  it("filters by category and marks a one-sided card's blindspot", async () => {
    const res = await call<List>(listRoute, "/api/v1/comparison-cards", {
      query: { country: "us", category: "technology" },
    });
    expect(
      res.json.data.comparisonCards.map((c) => [c.cardId, (c.bias as { blindspot: string }).blindspot]),
    ).toEqual([["c_chip", "right"]]);
  });

  it("suggests on-demand generation for a valid pair with no cards", async () => {
    const res = await call<List>(listRoute, "/api/v1/comparison-cards", {
      query: { country: "jp", category: "sports", limit: "50" },
    });
    expect(res.json.data).toEqual({
      comparisonCards: [],
      metadata: {
        selection: "pair",
        countries: ["jp"],
        category: "sports",
        limit: 50,
        count: 0,
        suggestion: "on_demand_generation",
        isDemo: false,
        lastUpdated: null,
      },
    });
  });

  it.each([
    [{ limit: "0" }, "query.limit"],
    [{ limit: "101" }, "query.limit"],
    [{ limit: "ten" }, "query.limit"],
    [{ country: "xx" }, "query.country"],
    [{ category: "weather" }, "query.category"],
  ])("refuses %o with a 400 naming %s", async (query, path) => {
    const res = await call(listRoute, "/api/v1/comparison-cards", { query });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      code: "validation_error",
      error: expect.stringContaining(path),
    });
  });
});

describe("GET /api/v1/comparison-cards/{id}", () => {
  it("answers one card with all its articles and their sources' region and bias rating", async () => {
    const res = await call<{ data: Record<string, unknown> & { articles: Array<Record<string, unknown>> } }>(
      cardRoute,
      "/api/v1/comparison-cards/c_bridge",
      { params: { id: "c_bridge" } },
    );
    expect(res.status).toBe(200);
    expect(res.json.data.cardId).toBe("c_bridge");
    expect(
      res.json.data.articles.map((a) => [
        a.position,
        (a.source as { name: string; region: string; biasRating: string }).name,
      ]),
    ).toEqual([
      [0, "CNN"],
      [1, "Fox News"],
      [2, "Associated Press"],
    ]);
    expect(res.json.data.articles[1]).toMatchObject({
      summary: "Council backs $40M bridge despite objections (summary)",
      content: "Council backs $40M bridge despite objections",
      source: { region: "North America", biasRating: "center-right" },
    });
  });

  it("says how coverage grew: the first report, the last, and every report oldest first", async () => {
    const res = await call<{
      data: { articles: Array<{ id: string; publishedAt: string }>; coverage: Record<string, unknown> };
    }>(cardRoute, "/api/v1/comparison-cards/c_bridge", { params: { id: "c_bridge" } });
    // CNN leads the card, but the Associated Press (four hours ago) reported it first.
    const [cnn, fox, ap] = res.json.data.articles;
    expect(res.json.data.coverage).toEqual({
      firstPublishedAt: ap.publishedAt,
      firstSourceId: "associated-press",
      lastPublishedAt: cnn.publishedAt,
      timeline: [
        { sourceId: "associated-press", articleId: ap.id, publishedAt: ap.publishedAt },
        { sourceId: "fox-news", articleId: fox.id, publishedAt: fox.publishedAt },
        { sourceId: "cnn", articleId: cnn.id, publishedAt: cnn.publishedAt },
      ],
    });
    expect(Date.parse(cnn.publishedAt) - Date.parse(ap.publishedAt)).toBe(2 * 3_600_000);
  });

  it("answers a retired id with its successor, naming the old id", async () => {
    const res = await call<{ data: { cardId: string; supersedes: string } }>(
      cardRoute,
      "/api/v1/comparison-cards/c_retired",
      { params: { id: "c_retired" } },
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ cardId: "c_bridge", supersedes: "c_retired" });
  });

  it("answers 404 in the envelope for an unknown id and 400 for a malformed one", async () => {
    const missing = await call(cardRoute, "/api/v1/comparison-cards/nope", { params: { id: "nope" } });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({
      success: false,
      code: "not_found",
      error: "Comparison card nope not found.",
    });
    const bad = await call(cardRoute, "/api/v1/comparison-cards/x", { params: { id: "<script>" } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "validation_error" });
  });
});

describe("GET /api/v1/comparison-cards caching", () => {
  it("answers an unchanged list with 304 to If-None-Match", async () => {
    const first = await call(listRoute, "/api/v1/comparison-cards", { query: { country: "us" } });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await call(listRoute, "/api/v1/comparison-cards", {
      query: { country: "us" },
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
  });
});
