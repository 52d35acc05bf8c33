import { describe, expect, it } from "vitest";
import { STORM } from "@/tests/fixtures/analysis-articles";
import { call } from "@/tests/helpers/api";

// No AI provider configured: the local analyzer answers (settings are read at the first import).
Object.assign(process.env, { OPENAI_API_KEY: "", OPENAI_BASE_URL: "", ANALYSIS_FALLBACK_TO_LOCAL: "false" });
const route = await import("@/app/api/v1/analysis/compare-articles/route");
const providerRoute = await import("@/app/api/v1/analysis/provider/route");
const { getPrisma } = await import("@/lib/db");
const { analysisCacheStats, CACHE_VERSION, CACHE_MAX_ENTRIES, CACHE_TTL_MS } =
  await import("@/lib/analysis/cache");
const { LOCAL_PROVIDER_INFO } = await import("@/lib/analysis/provider");
const { cacheCounters, readerToken } = await import("@/tests/helpers/analysis");
const { signAccessToken } = await import("@/lib/auth/tokens");

const PATH = "/api/v1/analysis/compare-articles";
type Envelope = {
  success: boolean;
  data: { comparison: Record<string, unknown> & { generatedAt: string; cached: boolean } };
  error?: string;
  code?: string;
};

async function analyse(body: unknown, token?: string) {
  return call<Envelope>(route.POST, PATH, { body, token: token ?? (await readerToken()) });
}

/** A distinct request each time (the cache key covers the titles). */
let n = 0;
const freshCard = () => STORM.map((a) => ({ ...a, title: `${a.title} (${++n})` }));

describe("POST /api/v1/analysis/compare-articles: access and validation", () => {
  it("needs a token", async () => {
    const res = await call(route.POST, PATH, { body: { articles: STORM } });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({
      success: false,
      code: "unauthorized",
      error: "Log in first: this request needs a bearer token.",
    });
  });

  it("answers the reader and the operator", async () => {
    const operator = (await signAccessToken({ username: "operator", role: "operator" })).token;
    for (const token of [await readerToken(), operator]) {
      const res = await analyse({ articles: freshCard() }, token);
      expect(res.status).toBe(200);
    }
  });

  it.each([
    ["one article", { articles: STORM.slice(0, 1) }, "body.articles"],
    [
      "21 articles",
      { articles: Array.from({ length: 21 }, (_, i) => ({ ...STORM[i % 3], title: `t${i}` })) },
      "body.articles",
    ],
    [
      "content over 20,000 characters",
      { articles: [{ ...STORM[0], content: "x".repeat(20_001) }, STORM[1]] },
      "body.articles.0.content",
    ],
    [
      "a title over 500 characters",
      { articles: [{ ...STORM[0], title: "x".repeat(501) }, STORM[1]] },
      "body.articles.0.title",
    ],
    [
      "an article without a source",
      { articles: [{ title: "Storm", content: "Rain" }, STORM[1]] },
      "body.articles.0.source",
    ],
    ["an unknown analysis type", { articles: STORM, analysisType: "vibes" }, "body.analysisType"],
    [
      "a NUL in a title",
      { articles: [{ ...STORM[0], title: "Storm\u0000Elena" }, STORM[1]] },
      "body.articles.0.title",
    ],
    [
      "an unpaired surrogate in content",
      { articles: [STORM[0], { ...STORM[1], content: "Rain \ud83d" }] },
      "body.articles.1.content",
    ],
    ["a NUL in the card id", { articles: STORM, comparisonCardId: "card\u0000" }, "body.comparisonCardId"],
  ])("refuses %s with 400 in the envelope", async (_, body, path) => {
    const res = await analyse(body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      code: "validation_error",
      error: expect.stringContaining(path),
    });
  });

  it("answers 405 for GET", async () => {
    const res = await call(route.GET, PATH);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("POST /api/v1/analysis/compare-articles: the local analyzer and the cache", () => {
  it("answers data.comparison in the contract's shape, naming the local analyzer", async () => {
    const before = Date.now();
    const res = await analyse({ articles: STORM, comparisonCardId: "no-such-card" });
    expect(res.status).toBe(200);
    const c = res.json.data.comparison;
    expect(Object.keys(c).sort()).toEqual([
      "angles",
      "articles",
      "biasAnalysis",
      "cached",
      "commonPoints",
      "corroboration",
      "differences",
      "emotionalTone",
      "factualAccuracy",
      "factualAccuracyMethod",
      "figures",
      "frontendSummary",
      "generatedAt",
      "provider",
      "summary",
    ]);
    expect(c).toMatchObject({
      provider: LOCAL_PROVIDER_INFO,
      cached: false,
      factualAccuracyMethod: expect.stringMatching(/^Corroboration: \d+ of \d+ compared details/),
      corroboration: { corroborated: expect.any(Number), total: expect.any(Number) },
      articles: [
        { index: 0, source: "BBC News", biasScore: 0 },
        { index: 1, source: "Fox News", biasScore: 0.3 },
        { index: 2, source: "CNN", biasScore: -0.3 },
      ],
    });
    expect(Date.parse(c.generatedAt)).toBeGreaterThanOrEqual(before - 1);
    expect((c.commonPoints as unknown[]).length).toBeGreaterThan(0);
  });

  it("answers a second request for the same card from the cache, and says so", async () => {
    const articles = freshCard();
    const before = await cacheCounters();
    const first = await analyse({ articles });
    const second = await analyse({ articles });
    expect(first.json.data.comparison.cached).toBe(false);
    expect(second.json.data.comparison).toEqual({ ...first.json.data.comparison, cached: true });
    expect(await cacheCounters()).toEqual({
      hits: before.hits + 1,
      misses: before.misses + 1,
      errors: before.errors,
    });
    const row = await getPrisma().analysis.findFirst({ orderBy: { createdAt: "desc" } });
    expect(row).toMatchObject({
      provider: "local",
      model: "local-analyzer-v1",
      version: CACHE_VERSION,
      hits: 1,
      lastHitAt: expect.any(Date),
    });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(CACHE_TTL_MS);
  });

  it("keeps one entry per analysis type", async () => {
    const articles = freshCard();
    await analyse({ articles });
    const other = await analyse({ articles, analysisType: "bias" });
    expect(other.json.data.comparison.cached).toBe(false);
    expect((await analyse({ articles, analysisType: "bias" })).json.data.comparison.cached).toBe(true);
  });

  it("stores the card id when the card exists", async () => {
    const card = await getPrisma().comparisonCard.create({
      data: {
        id: "card-storm",
        topic: "Storm Elena",
        category: "general",
        country: "us",
        countries: ["us"],
        articleCount: 3,
        sourceCount: 3,
        confidence: 0.9,
        latestPublishedAt: new Date(),
      },
    });
    const articles = freshCard();
    await analyse({ articles, comparisonCardId: card.id });
    expect(await getPrisma().analysis.count({ where: { cardId: card.id } })).toBe(1);
  });

  it.each([
    ["an expired entry", { expiresAt: new Date(Date.now() - 1_000) }],
    ["an entry of another cache version", { version: "0.9.0" }],
    ["an unreadable entry", { result: { not: "a comparison" } }],
  ])("treats %s as a miss and replaces it", async (_, change) => {
    const articles = freshCard();
    const first = await analyse({ articles });
    const row = await getPrisma().analysis.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    await getPrisma().analysis.update({ where: { id: row.id }, data: change });
    const before = await cacheCounters();
    const second = await analyse({ articles });
    expect(second.json.data.comparison.cached).toBe(false);
    expect(second.json.data.comparison.generatedAt).not.toBe(first.json.data.comparison.generatedAt);
    expect(await cacheCounters()).toMatchObject({ hits: before.hits, misses: before.misses + 1 });
    const replaced = await getPrisma().analysis.findUniqueOrThrow({ where: { cacheKey: row.cacheKey } });
    expect(replaced).toMatchObject({ version: CACHE_VERSION, hits: 0 });
    expect(replaced.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect((await analyse({ articles })).json.data.comparison.cached).toBe(true);
  });

  it("keeps at most 1,000 entries, evicting the oldest", async () => {
    const db = getPrisma();
    await db.analysis.deleteMany();
    const start = Date.now() - 3_600_000;
    await db.analysis.createMany({
      data: Array.from({ length: CACHE_MAX_ENTRIES }, (_, i) => ({
        cacheKey: `test-entry-${i}`,
        provider: "local",
        model: "local-analyzer-v1",
        result: {},
        version: CACHE_VERSION,
        createdAt: new Date(start + i * 1_000),
        expiresAt: new Date(start + CACHE_TTL_MS),
      })),
    });
    expect(await db.analysis.count()).toBe(1_000);
    const res = await analyse({ articles: freshCard() }); // the 1,001st entry
    expect(res.json.data.comparison.cached).toBe(false);
    expect((await analysisCacheStats()).size).toBe(1_000);
    expect(await db.analysis.findUnique({ where: { cacheKey: "test-entry-0" } })).toBeNull();
    expect(await db.analysis.findUnique({ where: { cacheKey: "test-entry-1" } })).not.toBeNull();
    expect(await db.analysis.count({ where: { createdAt: { gt: new Date(Date.now() - 60_000) } } })).toBe(1);
  });
});

describe("POST /api/v1/analysis/compare-articles: no answer for other texts (issue 14)", () => {
  /** The card's articles with 500 characters of shared text, then an ending of their own. */
  const withEnding = (articles: typeof STORM, ending: string) =>
    articles.map((a, i) => ({
      ...a,
      content: `${a.content.padEnd(500, " The water kept rising.")}${i < 2 ? ending : ""}`,
    }));

  it("keys on the whole texts: another ending after the first 500 characters is another request", async () => {
    const card = freshCard();
    const first = await analyse({
      articles: withEnding(card, " Inspector Vane Okafor said “the pumps failed twice tonight”."),
    });
    // The analyzer read the ending: two outlets name Okafor, one more corroborated detail (the
    // texts quote the articles' leads, which the ending is not part of).
    const second = await analyse({ articles: withEnding(card, " The water receded by the evening.") });
    expect(second.status).toBe(200);
    expect(second.json.data.comparison.cached).toBe(false);
    const corroborated = (r: typeof first) =>
      (r.json.data.comparison.corroboration as { corroborated: number }).corroborated;
    expect(corroborated(first)).toBe(corroborated(second) + 1);
    expect(JSON.stringify(second.json.data.comparison)).not.toContain("Okafor");
    expect(JSON.stringify(second.json.data.comparison)).not.toContain("pumps failed");
  });

  it("never serves a row written before the current check (another cache version), whatever it says", async () => {
    const articles = freshCard();
    const first = await analyse({ articles });
    // A row that says more than the articles do, as an answer checked by an earlier, laxer version might.
    const row = await getPrisma().analysis.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    const stored = row.result as { commonPoints: { text: string; citations: number[] }[]; summary: string };
    await getPrisma().analysis.update({
      where: { id: row.id },
      data: {
        result: {
          ...stored,
          commonPoints: [
            ...stored.commonPoints,
            {
              text: "Both cited reports mention Governor Hal Brisket and “the dam will hold”.",
              citations: [0, 1],
            },
          ],
          summary: `${stored.summary} Governor Hal Brisket resigned over the floods.`,
        },
        version: "1.1.0",
      },
    });
    const second = await analyse({ articles });
    expect(second.status).toBe(200);
    expect(second.json.data.comparison.cached).toBe(false);
    expect(JSON.stringify(second.json.data.comparison)).not.toContain("Brisket");
    expect({ ...second.json.data.comparison, generatedAt: "" }).toEqual({
      ...first.json.data.comparison,
      generatedAt: "",
    });
  });

  it("serves a hit as stored, and a hot one from memory without reading its row again (issue 25)", async () => {
    const articles = freshCard();
    const first = await analyse({ articles });
    expect((await analyse({ articles })).json.data.comparison).toEqual({
      ...first.json.data.comparison,
      cached: true,
    });
    const before = await cacheCounters();
    const { getDatabase } = await import("@/lib/db");
    // The table out of reach: only the answer held in memory can be served, and no read fails.
    await getDatabase().sql.exec(`ALTER TABLE "Analysis" RENAME TO "AnalysisOffline"`);
    let third;
    try {
      third = await analyse({ articles });
    } finally {
      await getDatabase().sql.exec(`ALTER TABLE "AnalysisOffline" RENAME TO "Analysis"`);
    }
    expect(third.status).toBe(200);
    expect(third.json.data.comparison).toEqual({ ...first.json.data.comparison, cached: true });
    expect(await cacheCounters()).toEqual({ ...before, hits: before.hits + 1 });
  });
});

describe("POST /api/v1/analysis/compare-articles when the cache fails", () => {
  it("counts the errors and still answers, from the analyzer", async () => {
    const { getDatabase } = await import("@/lib/db");
    const before = await cacheCounters();
    // A real failure: the cache table is out of reach for this one request.
    await getDatabase().sql.exec(`ALTER TABLE "Analysis" RENAME TO "AnalysisOffline"`);
    try {
      const res = await analyse({ articles: freshCard() });
      expect(res.status).toBe(200);
      expect(res.json.data.comparison).toMatchObject({ cached: false, provider: LOCAL_PROVIDER_INFO });
    } finally {
      await getDatabase().sql.exec(`ALTER TABLE "AnalysisOffline" RENAME TO "Analysis"`);
    }
    expect(await cacheCounters()).toEqual({ ...before, errors: before.errors + 2 }); // the read and the write
  });
});

describe("GET /api/v1/analysis/provider", () => {
  it("names the local analyzer, publicly", async () => {
    const res = await call(providerRoute.GET, "/api/v1/analysis/provider");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, data: LOCAL_PROVIDER_INFO });
  });
});
