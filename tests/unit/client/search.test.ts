/** The topic search's messages and card (lib/client/search.ts). */
import { describe, expect, it } from "vitest";
import { canAnalyse } from "@/lib/client/analysis";
import { searchCard, searchCards, searchMessages, searchPath } from "@/lib/client/search";
import type { SearchResult } from "@/lib/schemas/search";
import { backendCard } from "./card-fixture";

const result = (id: string): SearchResult => ({
  id,
  title: `Title ${id}`,
  summary: `Summary ${id}`,
  url: `https://example.com/${id}`,
  publishedAt: "2025-03-01T09:00:00Z",
  imageUrl: null,
  category: "general",
  countries: ["gb"],
  cardId: null,
  source: {
    id: "bbc-news",
    name: "BBC News",
    region: "Europe",
    country: "gb",
    biasRating: "center",
    biasRatingSource: "Editorial rating",
    color: "#BB1919",
    icon: "🇬🇧",
    paywall: "none",
  },
});

describe("searchMessages (docs/product.md §8)", () => {
  it("says 'in any country': every country is searched", () => {
    expect(searchMessages.none("volcano")).toBe('No articles found for "volcano" in any country');
  });

  it("keeps the failure message", () => {
    expect(searchMessages.failed("volcano")).toBe('Failed to search for "volcano". Please try again.');
  });
});

describe("the 'Global Perspectives' card", () => {
  it("can be analysed from two results on, not with one", () => {
    expect(canAnalyse(searchCard("bridge", [result("a")]))).toBe(false);
    expect(canAnalyse(searchCard("bridge", [result("a"), result("b")]))).toBe(true);
  });
});

describe("what a search shows (decision 145)", () => {
  it("asks for the topic in every country and category", () => {
    expect(searchPath("storm odile")).toBe("/search?q=storm+odile&limit=10");
  });

  it("shows the story cards in the server's order, then one card of the articles no card holds", () => {
    const big = backendCard("big");
    const small = backendCard("small");
    const loose = { ...result("loose"), cardId: null };
    const inBig = { ...result("in-big"), cardId: "big" };
    const elsewhere = { ...result("other"), cardId: "not-returned" };
    const shown = searchCards("storm", { cards: [big, small], results: [loose, inBig, elsewhere] });
    expect(shown.map((c) => c.id)).toEqual(["big", "small", "search-storm"]);
    expect(shown[2].topic).toBe("Global Perspectives: storm");
    expect(shown[2].articles.map((a) => a.id)).toEqual(["search-loose", "search-other"]);
  });

  it("shows no 'Global Perspectives' card when the story cards hold every match", () => {
    const shown = searchCards("storm", {
      cards: [backendCard("big")],
      results: [{ ...result("a"), cardId: "big" }],
    });
    expect(shown.map((c) => c.id)).toEqual(["big"]);
    expect(searchCards("storm", { cards: [], results: [] })).toEqual([]);
  });
});
