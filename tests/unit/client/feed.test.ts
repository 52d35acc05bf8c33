import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  countArticles,
  feedCalls,
  filterByRegions,
  hasMorePages,
  loadCardSet,
  loadFirstPage,
  loadMoreCards,
  MESSAGES,
  type FeedDeps,
} from "@/lib/client/feed";
import { mapCard } from "@/lib/client/map-card";
import type { CardListResponse, ComparisonCard } from "@/lib/schemas/cards";
import { backendCard } from "./card-fixture";

const list = (cards: ComparisonCard[], suggestion?: "on_demand_generation"): CardListResponse => ({
  comparisonCards: cards,
  metadata: {
    selection: "pair",
    countries: [],
    category: "general",
    limit: 50,
    count: cards.length,
    suggestion,
    isDemo: false,
    lastUpdated: null,
  },
});

function deps(
  answers: Record<string, CardListResponse | Error | (() => CardListResponse)>,
  over: Partial<FeedDeps> = {},
) {
  const get = vi.fn(async (path: string) => {
    const a = answers[path];
    if (a === undefined) throw new Error(`unexpected ${path}`);
    if (a instanceof Error) throw a;
    return typeof a === "function" ? a() : a;
  });
  return {
    get,
    onDemand: vi.fn(async (body: { country: string; category: string }) => ({
      action: "generated" as const,
      ...body,
      cards: 1,
      fetchedFeeds: 1,
      message: "",
    })),
    isAuthenticated: vi.fn(async () => true),
    sleep: vi.fn(async () => undefined),
    ...over,
  };
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("feedCalls (docs/product.md §7)", () => {
  it("makes one landing call with limit 100 for exactly us + general", () => {
    expect(feedCalls({ countries: ["us"], categories: ["general"] })).toEqual([
      { path: "/comparison-cards?limit=100" },
    ]);
  });

  it("makes no call without a country or without a category", () => {
    expect(feedCalls({ countries: [], categories: ["general"] })).toEqual([]);
    expect(feedCalls({ countries: ["us"], categories: [] })).toEqual([]);
  });

  it("makes one call per pair of the first 3 countries and first 2 categories, general sent as none, limit 50", () => {
    const calls = feedCalls({
      countries: ["gb", "us", "fr", "de"],
      categories: ["general", "business", "sports"],
    });
    expect(calls.map((c) => c.path)).toEqual([
      "/comparison-cards?country=gb&limit=50",
      "/comparison-cards?country=gb&category=business&limit=50",
      "/comparison-cards?country=us&limit=50",
      "/comparison-cards?country=us&category=business&limit=50",
      "/comparison-cards?country=fr&limit=50",
      "/comparison-cards?country=fr&category=business&limit=50",
    ]);
    expect(calls[1].pair).toEqual({ country: "gb", category: "business" });
  });

  it("treats us + general with more selected as pairs", () => {
    expect(feedCalls({ countries: ["us", "gb"], categories: ["general"] })).toHaveLength(2);
  });
});

describe("loadCardSet", () => {
  const sel = { countries: ["gb", "fr"], categories: ["business"] };
  const gb = "/comparison-cards?country=gb&category=business&limit=50";
  const fr = "/comparison-cards?country=fr&category=business&limit=50";

  it("fetches pairs independently: a failing pair counts as empty; duplicates appear once; newest first", async () => {
    const older = backendCard("a", {
      mainHeadline: { ...backendCard("a").mainHeadline, publishedAt: "2025-03-01T08:00:00Z" },
    });
    const newer = backendCard("b", {
      mainHeadline: { ...backendCard("b").mainHeadline, publishedAt: "2025-03-01T09:00:00Z" },
    });
    const d = deps({ [gb]: list([older, newer]), [fr]: new Error("boom") });
    const set = await loadCardSet(sel, d);
    expect(set.cards.map((c) => c.cardId)).toEqual(["b", "a"]);
    expect(set.failedPairs).toBe(1);
    const d2 = deps({ [gb]: list([older]), [fr]: list([older, newer]) });
    expect((await loadCardSet(sel, d2)).cards.map((c) => c.cardId)).toEqual(["b", "a"]);
  });

  it("asks for on-demand generation for an empty suggested pair when authenticated, waits 2 s and refetches", async () => {
    let calls = 0;
    const d = deps({
      [gb]: () => (calls++ === 0 ? list([], "on_demand_generation") : list([backendCard("new")])),
      [fr]: list([]),
    });
    const set = await loadCardSet(sel, d);
    expect(d.onDemand).toHaveBeenCalledTimes(1);
    expect(d.onDemand).toHaveBeenCalledWith({ country: "gb", category: "business" });
    expect(d.sleep).toHaveBeenCalledWith(2000);
    expect(vi.mocked(d.get).mock.calls.map((c) => c[0])).toEqual([gb, fr, gb]);
    expect(set.cards.map((c) => c.cardId)).toEqual(["new"]);
  });

  it.each([
    ["not authenticated", { isAuthenticated: async () => false }],
    [
      "generation did not generate",
      {
        onDemand: async () => ({
          action: "no_feeds" as const,
          country: "gb",
          category: "business",
          cards: 0,
          fetchedFeeds: 0,
          message: "",
        }),
      },
    ],
    [
      "generation failed",
      {
        onDemand: async () => {
          throw new Error("429");
        },
      },
    ],
  ])("does not refetch when %s", async (_n, over) => {
    const d = deps({ [gb]: list([], "on_demand_generation"), [fr]: list([]) }, over);
    expect((await loadCardSet(sel, d)).cards).toEqual([]);
    expect(d.get).toHaveBeenCalledTimes(2);
    expect(d.sleep).not.toHaveBeenCalled();
  });

  it("asks for no generation without the suggestion", async () => {
    const d = deps({ [gb]: list([]), [fr]: list([]) });
    await loadCardSet(sel, d);
    expect(d.onDemand).not.toHaveBeenCalled();
  });

  it("counts no failure when only the on-demand follow-up fails", async () => {
    const d = deps(
      { [gb]: list([], "on_demand_generation"), [fr]: list([]) },
      {
        onDemand: async () => {
          throw new Error("429");
        },
      },
    );
    expect((await loadCardSet(sel, d)).failedPairs).toBe(0);
  });

  it("Load More fails when any pair fails, and answers every card when none does", async () => {
    await expect(
      loadMoreCards(sel, deps({ [gb]: list([backendCard("a")]), [fr]: new Error("boom") })),
    ).rejects.toThrow("1 of the selection's card calls failed");
    await expect(
      loadMoreCards(sel, deps({ [gb]: new Error("down"), [fr]: new Error("down") })),
    ).rejects.toThrow("2 of");
    const cards = await loadMoreCards(
      sel,
      deps({ [gb]: list([backendCard("a")]), [fr]: list([backendCard("b")]) }),
    );
    expect(cards.map((c) => c.cardId).sort()).toEqual(["a", "b"]);
  });

  it("throws the landing call's failure", async () => {
    await expect(
      loadCardSet(
        { countries: ["us"], categories: ["general"] },
        deps({ "/comparison-cards?limit=100": new Error("down") }),
      ),
    ).rejects.toThrow("down");
  });
});

describe("loadFirstPage (docs/product.md §4, §8)", () => {
  const landing = { countries: ["us"], categories: ["general"] };
  const demo = async () => [{ id: "demo" }] as never;
  const extra = (failedStartup = false) => ({
    demo,
    startupFailed: async () => failedStartup,
    now: () => 42,
  });

  it("maps the cards", async () => {
    const page = await loadFirstPage(landing, {
      ...deps({ "/comparison-cards?limit=100": list([backendCard("x")]) }),
      ...extra(),
    });
    expect(page).toMatchObject({ notice: null, fallback: false, fetchedAt: 42 });
    expect(page.cards.map((c) => c.id)).toEqual(["x"]);
  });

  it.each([
    [
      "a backend error",
      new Error("Database unavailable"),
      false,
      "Backend error: Database unavailable - using demo data",
    ],
    ["an error without message", new Error(""), false, "Backend error: Unknown error - using demo data"],
    ["a failed start-up", new Error("x"), true, "Failed to connect to backend. Using demo data."],
  ])("falls back to demo data on %s", async (_n, error, failedStartup, notice) => {
    const page = await loadFirstPage(landing, {
      ...deps({ "/comparison-cards?limit=100": error }),
      ...extra(failedStartup),
    });
    expect(page).toEqual({
      cards: [{ id: "demo" }],
      notice,
      fallback: true,
      serverDemo: false,
      otherSelections: null,
      fetchedAt: 42,
    });
  });

  it("falls back to demo data when nothing comes back, still saying where other stories wait", async () => {
    const res = list([]);
    const others = { stories: 2, selections: [{ country: "in", category: "sports", stories: 2 }] };
    res.metadata.otherSelections = others;
    const page = await loadFirstPage(landing, {
      ...deps({ "/comparison-cards?limit=100": res }),
      ...extra(),
    });
    expect(page.notice).toBe("No content available for selected filters - using demo data");
    expect(page.otherSelections).toEqual(others);
  });

  it("carries the landing call's other selections, and none for pairs", async () => {
    const res = list([backendCard("x")]);
    const others = { stories: 1, selections: [{ country: "de", category: "science", stories: 1 }] };
    res.metadata.otherSelections = others;
    const page = await loadFirstPage(landing, {
      ...deps({ "/comparison-cards?limit=100": res }),
      ...extra(),
    });
    expect(page.otherSelections).toEqual(others);
    const pair = await loadFirstPage(
      { countries: ["gb"], categories: ["general"] },
      { ...deps({ "/comparison-cards?country=gb&limit=50": list([backendCard("y")]) }), ...extra() },
    );
    expect(pair.otherSelections).toBeNull();
  });

  it("falls back with the outer message when mapping fails", async () => {
    const broken = { cardId: "b" } as ComparisonCard;
    const page = await loadFirstPage(landing, {
      ...deps({ "/comparison-cards?limit=100": list([broken]) }),
      ...extra(),
    });
    expect(page.notice).toBe(MESSAGES.outer);
    expect(MESSAGES.outer).toBe("Failed to load news. Please try again later.");
    expect(MESSAGES.loadMore).toBe("Failed to load more news. Please try again.");
  });

  it("tries the demo data once more, then rejects, when it cannot be loaded", async () => {
    const demoFails = vi.fn(async () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const load = loadFirstPage(landing, {
      ...deps({ "/comparison-cards?limit=100": new Error("down") }),
      ...extra(),
      demo: demoFails,
    });
    await expect(load).rejects.toThrow("dynamically imported module");
    expect(demoFails).toHaveBeenCalledTimes(2);
  });

  it("marks the server's demo snapshot", async () => {
    const res = list([backendCard("x", { isDemo: true })]);
    res.metadata.isDemo = true;
    const page = await loadFirstPage(landing, {
      ...deps({ "/comparison-cards?limit=100": res }),
      ...extra(),
    });
    expect(page.serverDemo).toBe(true);
  });
});

it("has more pages while cards remain beyond page × 12", () => {
  expect(hasMorePages(12, 1)).toBe(false);
  expect(hasMorePages(13, 1)).toBe(true);
  expect(hasMorePages(24, 2)).toBe(false);
});

it("filters by region (docs/product.md §4, not exposed): a card stays when one of its outlets is in a selected region", () => {
  const europe = mapCard(backendCard("eu"));
  const elsewhere = mapCard(backendCard("na"));
  for (const a of elsewhere.articles) a.sourceInfo = { ...a.sourceInfo!, region: "North America" };
  expect(filterByRegions([europe, elsewhere], ["Europe"]).map((c) => c.id)).toEqual(["eu"]);
  expect(filterByRegions([europe, elsewhere], ["Asia"])).toEqual([]);
  expect(filterByRegions([europe, elsewhere], [])).toHaveLength(2);
});

it("counts the distinct articles of all the cards given ('Articles: {total}')", () => {
  const a = mapCard(backendCard("a"));
  const b = mapCard(backendCard("b"));
  expect(countArticles([a, b])).toBe(a.articles.length + b.articles.length);
  expect(countArticles([a, a])).toBe(a.articles.length);
  expect(countArticles([])).toBe(0);
});
