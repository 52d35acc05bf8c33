/** The topic search's messages and card (lib/client/search.ts). */
import { describe, expect, it } from "vitest";
import { canAnalyse } from "@/lib/client/analysis";
import { searchCard, searchMessages } from "@/lib/client/search";
import type { SearchResult } from "@/lib/schemas/search";

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
  it("says 'in selected countries' when countries were selected", () => {
    expect(searchMessages.none("volcano", ["us", "gb"])).toBe(
      'No articles found for "volcano" in selected countries',
    );
  });

  it("says 'in any country' when none was selected: every country was searched", () => {
    expect(searchMessages.none("volcano", [])).toBe('No articles found for "volcano" in any country');
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
