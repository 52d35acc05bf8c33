import { describe, expect, it } from "vitest";
import { mapCard, placeholderAnalysis } from "@/lib/client/map-card";
import { backendCard } from "./card-fixture";

describe("mapCard (docs/product.md §3)", () => {
  const card = mapCard(backendCard("c1"));

  it("maps the main headline: id main-{cardId}, summary and content from the description", () => {
    expect(card.articles[0]).toEqual({
      id: "main-c1",
      title: "Title c1-a",
      summary: "Description c1-a",
      content: "Description c1-a",
      source: "BBC News",
      sourceUrl: "https://example.test/c1-a",
      publishedAt: "2025-03-01T10:00:00.000Z",
      reportedAt: "2025-03-01T10:00:00.000Z",
      imageUrl: "https://img.test/a.jpg",
      category: "general",
      likes: 0,
      comments: 0,
      isLiked: false,
      sentiment: "neutral",
      biasScore: 0,
      sourceInfo: {
        id: "bbc news",
        name: "BBC News",
        region: "Europe",
        biasRating: "center",
        biasRatingSource: "Editorial",
        color: "#000",
        icon: "📰",
        paywall: "none",
      },
    });
  });

  it("maps related articles: related-{cardId}-{index}, fallbacks, the card's date, no image, neutral, 0", () => {
    expect(card.articles[1]).toMatchObject({
      id: "related-c1-0",
      summary: "Description c1-b",
      content: "Content not available",
      publishedAt: "2025-03-01T12:00:00.000Z",
      imageUrl: null,
      sentiment: "neutral",
      biasScore: 0,
    });
    expect(card.articles[2]).toMatchObject({
      id: "related-c1-1",
      summary: "Related article",
      content: "Content not available",
    });
  });

  it("maps the comparison: topic, placeholder analysis (85), date, category default general, counters, bias", () => {
    expect(card).toMatchObject({
      id: "c1",
      topic: "Topic c1",
      publishedAt: "2025-03-01T10:00:00.000Z",
      category: "general",
      likes: 0,
      comments: 0,
      isLiked: false,
      isDemo: false,
      bias: { blindspot: "right" },
    });
    expect(card.aiAnalysis).toEqual(placeholderAnalysis());
    expect(card.aiAnalysis.factualAccuracy).toBe(85);
    expect(card.aiAnalysis.summary).toContain("'Start AI Analysis'");
    expect(mapCard(backendCard("c2", { category: "" })).category).toBe("general");
    expect(card.realLikes).toBeUndefined();
  });
});
